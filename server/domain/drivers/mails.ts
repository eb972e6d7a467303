import { DRIVER_PASSWORD_LINK_HOURS } from '../../../contract/driver.ts';
import { formatAddress, renderMail, type MailIdentity, type MailMessage } from '../../adapters/mail/index.ts';

/** The driver's invitation to the app (or a new link): set a password. The link is in the bodies only. */
export function driverInvitationMail(identity: MailIdentity, driver: { name: string; email: string }, link: string, first: boolean): MailMessage {
  return {
    kind: 'driver_set_password',
    to: formatAddress(driver.name, driver.email),
    from: identity.from,
    subject: first ? `Your ${identity.companyName} driver app` : `Set a new password for the ${identity.companyName} driver app`,
    sensitive: true,
    ...renderMail({
      companyName: identity.companyName,
      heading: first ? 'Set your password' : 'Set a new password',
      intro: [
        `Hello ${driver.name},`,
        first
          ? `${identity.companyName} invites you to its driver app: job offers, your jobs and their steps on your phone. Choose your password here:`
          : `The office asked for a new password to be set for your ${identity.companyName} driver app. Choose it here:`,
      ],
      highlight: link,
      outro: [`The link works once, within ${DRIVER_PASSWORD_LINK_HOURS} hours. If you did not expect this e-mail, ignore it.`],
    }),
  };
}
