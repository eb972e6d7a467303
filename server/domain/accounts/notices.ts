import { formatAddress, renderMail, type MailIdentity, type MailMessage } from '../../adapters/mail/index.ts';
import type { PassengerRecord } from './repository.ts';
import { RESET_CODE_TTL_MINUTES } from './secrets.ts';

const recipient = (passenger: PassengerRecord, email = passenger.email) => formatAddress(passenger.name, email);

/** The reset code mail. The code is in the bodies only (never the subject, which is logged); the row is marked sensitive. */
export function resetCodeMail(identity: MailIdentity, passenger: PassengerRecord, code: string): MailMessage {
  return {
    kind: 'password_reset_code',
    to: recipient(passenger),
    from: identity.from,
    subject: `Your ${identity.companyName} password reset code`,
    sensitive: true,
    ...renderMail({
      companyName: identity.companyName,
      heading: 'Your password reset code',
      intro: [`Hello ${passenger.name || 'there'},`, 'Enter this code on the Forgot Password page to choose a new password:'],
      highlight: code,
      outro: [
        `The code works once and expires in ${RESET_CODE_TTL_MINUTES} minutes.`,
        'If you did not ask to reset your password, ignore this e-mail: your password has not changed.',
      ],
    }),
  };
}

/** Sent after a reset, so a reset the owner did not make does not go unnoticed. */
export function passwordChangedMail(identity: MailIdentity, passenger: PassengerRecord): MailMessage {
  return {
    kind: 'password_changed',
    to: recipient(passenger),
    from: identity.from,
    subject: `Your ${identity.companyName} password has been changed`,
    ...renderMail({
      companyName: identity.companyName,
      heading: 'Your password has been changed',
      intro: [`Hello ${passenger.name || 'there'},`, 'The password of your account was reset with a code sent to this address, and every signed-in session was signed out.'],
      outro: [`If this was not you, reset your password again at once and contact ${identity.companyName}.`],
    }),
  };
}

/** Sent to the old address when a profile's e-mail changes (with the one to the new address). */
export function emailChangedMail(identity: MailIdentity, before: PassengerRecord, after: PassengerRecord): MailMessage {
  return {
    kind: 'email_changed',
    to: recipient(before),
    from: identity.from,
    subject: `Your ${identity.companyName} account e-mail has been changed`,
    ...renderMail({
      companyName: identity.companyName,
      heading: 'Your account e-mail has been changed',
      intro: [`Hello ${before.name || 'there'},`, `The e-mail address of your account was changed to ${after.email}, and every other signed-in session was signed out.`],
      outro: [`If this was not you, contact ${identity.companyName} at once.`],
    }),
  };
}

/** Sent to the new address when a profile's e-mail changes: the address now signs in to the account. */
export function emailChangedNewAddressMail(identity: MailIdentity, before: PassengerRecord, after: PassengerRecord): MailMessage {
  return {
    kind: 'email_changed_new_address',
    to: recipient(after),
    from: identity.from,
    subject: `Your ${identity.companyName} account now uses this e-mail address`,
    ...renderMail({
      companyName: identity.companyName,
      heading: 'Your account e-mail has been changed',
      intro: [`Hello ${after.name || 'there'},`, `${after.email} is now the e-mail address of your ${identity.companyName} account (it was ${before.email}).`],
      outro: [`If you did not ask for this, contact ${identity.companyName} at once.`],
    }),
  };
}
