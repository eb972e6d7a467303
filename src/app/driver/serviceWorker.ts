/**
 * Registers the driver app's service worker (served by server/web/driverWorker.ts), for the /driver pages only: it
 * keeps the app shell so /driver opens with no signal. Only the driver app calls this (its own lazy chunk): the
 * website and the console never load or register it (scripts/check-bundle.ts). No worker (an old browser, `npm run
 * dev`, a refused registration): the app works as before, online only.
 */
import { useEffect } from 'react';
import { DRIVER_WORKER } from '../../../contract/driverRules.ts';

export function useDriverWorker(): void {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register(DRIVER_WORKER.url, { scope: DRIVER_WORKER.scope }).catch(() => {
      // Without it the app still works, online.
    });
  }, []);
}
