/**
 * Which of the live feed's events (machines/consoleBoard LiveEvent) mean a booking's page must read its booking again:
 * an event about this booking (someone else dispatched it, the passenger cancelled or changed it), a `resync` (events
 * may have been missed), and the stream back after a drop (what happened meanwhile was not streamed).
 */
import type { LiveEvent } from '../consoleBoard/board.types.ts';

export function createReloadFilter(number: string): (event: LiveEvent) => boolean {
  let dropped = false;
  return (event) => {
    switch (event.type) {
      case 'live.booking':
        return event.message.booking_number === number;
      case 'live.resync':
        return true;
      case 'live.lost':
      case 'live.off':
        dropped = true;
        return false;
      case 'live.open': {
        const reload = dropped;
        dropped = false;
        return reload;
      }
    }
  };
}
