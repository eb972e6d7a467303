/**
 * The booking page's list of offers (issue 32): a read-only view the page shows beside the statechart's booking, read
 * through src/api here in the composition layer (views never call the API themselves).
 */
import { useEffect, useState } from 'react';
import type { ConsoleBookingDetail } from '../../../contract/consoleBookings.ts';
import type { ConsoleOffer } from '../../../contract/driver.ts';
import { loadBookingOffers } from '../../api/consoleBookings.ts';

/**
 * The booking's offers, read again whenever the booking is (the page reads it on the booking's live event: an offer
 * made, declined or accepted) and when the open one lapses.
 */
export function useBookingOffers(booking: ConsoleBookingDetail): { offers: ConsoleOffer[]; now: Date } {
  const [offers, setOffers] = useState<ConsoleOffer[]>([]);
  const [now, setNow] = useState(() => new Date());
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    loadBookingOffers(booking.booking_number, { signal: controller.signal }).then(
      (list) => {
        setOffers(list);
        setNow(new Date());
      },
      () => {},
    );
    return () => controller.abort();
  }, [booking, tick]);
  const open = offers.find((offer) => offer.state === 'open');
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.max(0, new Date(open.expires_at).getTime() - Date.now()) + 500);
    return () => clearTimeout(timer);
  }, [open]);
  return { offers, now };
}
