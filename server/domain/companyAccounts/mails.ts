import { COMPANY_ROLE_LABELS, type CompanyRole } from '../../../contract/companyAccounts.ts';
import { renderMail, type MailIdentity, type MailMessage } from '../../adapters/mail/index.ts';

/** The invitation to a company account: the link (set a password, or join with the existing account) in the bodies only. */
export function invitationMail(identity: MailIdentity, invitation: { email: string; role: CompanyRole; accountName: string; link: string; days: number }): MailMessage {
  return {
    kind: 'company_account_invitation',
    to: invitation.email,
    from: identity.from,
    subject: `You are invited to the ${invitation.accountName} account with ${identity.companyName}`,
    sensitive: true,
    ...renderMail({
      companyName: identity.companyName,
      heading: 'Join your company account',
      intro: [
        'Hello,',
        `You have been invited to book on the ${invitation.accountName} company account with ${identity.companyName} as ${COMPANY_ROLE_LABELS[invitation.role].toLowerCase()}. Set your password, or sign in with your existing account, here:`,
      ],
      highlight: invitation.link,
      outro: [`The link works once, within ${invitation.days} days. If you did not expect this e-mail, ignore it.`],
    }),
  };
}
