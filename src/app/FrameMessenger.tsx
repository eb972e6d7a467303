import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { runtimeConfig } from '../api/runtimeConfig.ts';
import { isFramed, startFrameMessenger } from './frameMessenger.ts';

/** Posts the page height and URL to the embedding page (nothing happens outside a frame). */
export function FrameMessenger() {
  const [location] = useLocation();
  const messenger = useRef<ReturnType<typeof startFrameMessenger> | null>(null);

  useEffect(() => {
    if (!isFramed()) return;
    messenger.current = startFrameMessenger({ target: window.parent, origins: runtimeConfig().embedOrigins });
    return () => {
      messenger.current?.stop();
      messenger.current = null;
    };
  }, []);

  useEffect(() => {
    messenger.current?.notify();
  }, [location]);

  return null;
}
