import { CALENDAR_CONTENT_TYPE } from '../../../contract/bookingCalendar.ts';
import { settingsFromRows, type SettingRow } from '../../../contract/settings.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import type { MailAttachment } from '../../adapters/mail/index.ts';
import type { Site } from '../sites/index.ts';
import { bookingCalendar } from './calendar.ts';
import { issueManageLink, manageLinkUrl, siteOrigin } from './links.ts';
import { loadManagedBooking } from './record.ts';
import { operatorOf } from './terms.ts';

/** What the confirmation mail carries for managing the booking: its link and its calendar file. */
export interface ConfirmationManage {
  manageUrl: string;
  calendar: MailAttachment;
}

/** In the booking's transaction: a new manage link for the booking and its .ics, for the confirmation mail. */
export async function confirmationManage(tx: Queryable, site: Site, settingRows: readonly SettingRow[], bookingId: number, publicUrl: string, now: Date): Promise<ConfirmationManage> {
  const token = await issueManageLink(tx, site.id, bookingId);
  const booking = await loadManagedBooking(tx, site.id, bookingId);
  if (!booking) throw new Error(`booking ${bookingId} of site ${site.id} not found in its own transaction`);
  const { filename, text } = bookingCalendar(booking, operatorOf(settingsFromRows(settingRows), site.name), now);
  return { manageUrl: manageLinkUrl(siteOrigin(site, publicUrl), token), calendar: { filename, contentType: CALENDAR_CONTENT_TYPE, content: text } };
}
