/**
 * The browser's news of the signal for the driver machine: `offline` → `connection.lost`, `online` →
 * `connection.back` (the machine sends its waiting taps and reads the work again). A phone that starts offline says
 * so at once.
 */
import { useEffect } from 'react';

export function useConnectivity(lost: () => void, back: () => void): void {
  useEffect(() => {
    window.addEventListener('offline', lost);
    window.addEventListener('online', back);
    if (navigator.onLine === false) lost();
    return () => {
      window.removeEventListener('offline', lost);
      window.removeEventListener('online', back);
    };
  }, [lost, back]);
}
