import { useLayoutEffect } from 'react';
import { Loader } from '../components/plain/Loader.tsx';
import { Text } from '../components/plain/Text.tsx';
import shellClasses from './Shell.module.css';
import classes from './LoadingScreen.module.css';

/** Spec §2 Shell: the full-screen overlay while the settings load. */
export function LoadingScreen() {
  return (
    <>
      {/* In-flow spacer: gives an embedding iframe a sensible height while the overlay (fixed) shows. */}
      <div className={shellClasses.loadingSpacer} />
      <div className={shellClasses.loadingOverlay} role="status" aria-live="polite">
        <Loader size="lg" />
        <Text weight={500} className={classes.message}>
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
    <div className={shellClasses.routeFallback} aria-busy="true" data-route-loading>
      <Loader size="md" />
    </div>
  );
}
