/**
 * The passenger's live map (issue 33): the pick-up and the car as its positions arrive. The map seam of the booking
 * flow's route map (RouteMap.tsx): with the operator's Google browser key (setting GOOGLE_API_KEY) Google's map in its
 * own lazy chunk (src/maps/GoogleLiveMap.tsx, Google's script loaded only then); without one, or when Google cannot
 * be used on this page load, the offline schematic (LiveSchematic.tsx). The box has a fixed height from the first
 * render, so nothing below it moves when the map arrives.
 */
import { lazy, Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import { useSetting } from '../../app/useSettings.ts';
import type { GoogleLiveMapProps } from '../../maps/GoogleLiveMap.tsx';
import { mapsKeyOf } from '../../maps/mapsKey.ts';
import { LiveSchematic, type LiveMapPoint } from './LiveSchematic.tsx';
import classes from './LiveMap.module.css';

export type { LiveMapPoint };

const GoogleLiveMap = lazy(
  (): Promise<{ default: ComponentType<GoogleLiveMapProps> }> =>
    import('../../maps/GoogleLiveMap.tsx').catch((error: unknown) => {
      console.error('The live map could not be loaded:', error);
      return { default: ChunkFailed };
    }),
);

function ChunkFailed({ onFallback }: Pick<GoogleLiveMapProps, 'onFallback'>) {
  useEffect(() => onFallback(), [onFallback]);
  return null;
}

export interface LiveMapProps {
  /** The pick-up, placed by the server (null when it could not be). */
  pickup: LiveMapPoint | null;
  /** The car's latest position (null until the phone reports one after 'on the way'). */
  car: LiveMapPoint | null;
  /** The map's accessible name: what it shows in words. */
  label: string;
}

export function LiveMap(props: LiveMapProps) {
  const apiKey = mapsKeyOf(useSetting('GOOGLE_API_KEY'));
  const [failed, setFailed] = useState(false);
  const onFallback = useCallback(() => setFailed(true), []);
  const schematic = <LiveSchematic {...props} />;
  if (!apiKey || failed || (!props.pickup && !props.car)) return schematic;
  return (
    <Suspense
      fallback={
        <figure className={classes.frame} data-testid="live-map" data-map="google">
          <div className={classes.canvas} data-state="loading" />
        </figure>
      }
    >
      <GoogleLiveMap apiKey={apiKey} onFallback={onFallback} {...props} />
    </Suspense>
  );
}
