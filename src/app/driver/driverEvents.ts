/**
 * The driver's live feed: one EventSource on GET /api/driver/events while on duty. Each `booking` event (an offer
 * made, withdrawn or taken, a job changed by the office or the passenger) and each `resync` tells the machine to read
 * the offers and jobs again (`work.changed`); the browser reconnects by itself after a drop, and on reopening the
 * work is read again in case something was missed. Every opening also tells the machine the office is in reach
 * (`connection.back`): taps kept while there was no signal go then.
 */
import { useEffect } from 'react';
import { DRIVER_EVENTS_URL } from '../../api/driver.ts';

export function useDriverEvents(active: boolean, changed: () => void, reached: () => void): void {
  useEffect(() => {
    if (!active || typeof EventSource === 'undefined') return;
    const source = new EventSource(DRIVER_EVENTS_URL, { withCredentials: true });
    let opened = false;
    source.addEventListener('booking', changed);
    source.addEventListener('resync', changed);
    source.onopen = () => {
      reached();
      if (opened) changed();
      opened = true;
    };
    return () => source.close();
  }, [active, changed, reached]);
}
