import { Loader, Text } from '@mantine/core';
import { useLayoutEffect } from 'react';
import classes from './Shell.module.css';

/** Spec §2 Shell: the full-screen overlay while the settings load. */
export function LoadingScreen() {
  return (
    <>
      {/* In-flow spacer: gives an embedding iframe a sensible height while the overlay (fixed) shows. */}
      <div className={classes.loadingSpacer} />
      <div className={classes.loadingOverlay} role="status" aria-live="polite">
        <Loader size="lg" />
        <Text fw={500} c="gray.7">
          Please wait while loading content
        </Text>
      </div>
    </>
  );
}

/** Shown while a lazy route's code loads; `onPending` hears true while it shows (before paint) and false after. */
export function RouteFallback({ onPending }: { onPending?: (pending: boolean) => void }) {
  useLayoutEffect(() => {
    onPending?.(true);
    return () => onPending?.(false);
  }, [onPending]);
  return (
    <div className={classes.routeFallback} aria-busy="true" data-route-loading>
      <Loader size="md" />
    </div>
  );
}
