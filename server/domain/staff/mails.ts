import { STAFF_PASSWORD_LINK_HOURS } from '../../../contract/staff.ts';
import { formatAddress, renderMail, type MailIdentity, type MailMessage } from '../../adapters/mail/index.ts';
import type { StaffRecord } from './repository.ts';

/** The set-password link mail (a new member, or a new password an owner sends). The link is in the bodies only. */
export function setPasswordMail(identity: MailIdentity, member: StaffRecord, link: string, first: boolean): MailMessage {
  return {
    kind: 'staff_set_password',
    to: formatAddress(member.name, member.email),
    from: identity.from,
    subject: first ? `Your ${identity.companyName} console account` : `Set a new password for the ${identity.companyName} console`,
    sensitive: true,
    ...renderMail({
      companyName: identity.companyName,
      heading: first ? 'Set your password' : 'Set a new password',
      intro: [
        `Hello ${member.name},`,
        first
          ? `You have been added to the ${identity.companyName} operator console as ${member.role === 'owner' ? 'an owner' : 'a dispatcher'}. Choose your password here:`
          : 'An owner asked for a new password to be set for your console account. Choose it here:',
      ],
      highlight: link,
      outro: [`The link works once, within ${STAFF_PASSWORD_LINK_HOURS} hours. If you did not expect this e-mail, ignore it.`],
    }),
  };
}
