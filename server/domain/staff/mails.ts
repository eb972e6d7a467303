import { STAFF_PASSWORD_LINK_HOURS, STAFF_SIGN_IN_CODE_MINUTES } from '../../../contract/staff.ts';
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

/**
 * The sign-in code mail (issue 30): the password was right from a new place while many wrong ones had been tried. The
 * code is in the bodies only (never the subject, which is logged); the row is sensitive (blanked after delivery, never
 * shown or resent in the console's mail log).
 */
export function signInCodeMail(identity: MailIdentity, member: StaffRecord, code: string): MailMessage {
  return {
    kind: 'staff_sign_in_code',
    to: formatAddress(member.name, member.email),
    from: identity.from,
    subject: `Your ${identity.companyName} console sign-in code`,
    sensitive: true,
    ...renderMail({
      companyName: identity.companyName,
      heading: 'Your sign-in code',
      intro: [
        `Hello ${member.name},`,
        'Many wrong passwords have been tried for your console account, so signing in from a new place needs this code as well as your password:',
      ],
      highlight: code,
      outro: [
        `The code works once, within ${STAFF_SIGN_IN_CODE_MINUTES} minutes.`,
        'If you did not just sign in, someone else knows your password: ask an owner to send you a set-password link at once.',
      ],
    }),
  };
}
