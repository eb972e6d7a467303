import type { MailAttachment } from '../../adapters/mail/index.ts';

/**
 * What the confirmation mail carries for managing the booking: its link and its calendar file (made before the
 * booking's INSERT, from the submission: server/domain/bookings/confirmation.ts).
 */
export interface ConfirmationManage {
  manageUrl: string;
  calendar: MailAttachment;
}
