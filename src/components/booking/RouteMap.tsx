/**
 * The route map of the booking summary panel (spec §2): with the operator's Google browser key (setting
 * GOOGLE_API_KEY) a Google map with the markers and the route, loaded lazily (src/maps/GoogleRouteMap.tsx, its own
 * chunk, and Google's script only then); without a key, or when Google cannot be used, the offline schematic.
 */
import { lazy, Suspense, useState } from 'react';
import type { LatLon } from '../../../contract/booking.ts';
import { useSetting } from '../../app/useSettings.ts';
import { mapsKeyOf } from '../../maps/mapsKey.ts';
import { RouteSchematic, type RoutePoint } from './RouteSchematic.tsx';
import classes from './RouteMap.module.css';

const GoogleRouteMap = lazy(() => import('../../maps/GoogleRouteMap.tsx'));

/** Once Google has failed on this page, later summaries go straight to the schematic. */
let googleUnavailable = false;

export interface RouteMapProps {
  points: RoutePoint[];
  caption: string;
  /** The road path when the quote carries one (a decoded Routes polyline); straight segments otherwise. */
  path?: LatLon[] | null;
}

export function RouteMap({ points, caption, path }: RouteMapProps) {
  const apiKey = mapsKeyOf(useSetting('GOOGLE_API_KEY'));
  const [schematic, setSchematic] = useState(googleUnavailable);
  if (!apiKey || schematic) return <RouteSchematic points={points} caption={caption} />;

  const hourly = points.length === 1;
  const label = hourly ? `Map of the pick-up point: ${points[0]!.text}` : `Map of the route from ${points[0]!.text} to ${points.at(-1)!.text}`;
  const placeholder = <div className={classes.canvas} aria-hidden="true" />;
  return (
    <figure className={classes.frame} data-testid="route-map" data-map="google">
      <Suspense fallback={placeholder}>
        <GoogleRouteMap
          apiKey={apiKey}
          points={points}
          path={path}
          label={label}
          className={classes.canvas}
          onFallback={(reason) => {
            if (reason === 'google-failed') googleUnavailable = true;
            setSchematic(true);
          }}
        />
      </Suspense>
      <figcaption className={classes.caption}>
        {caption}
        {hourly ? '' : ' · A pick-up, B drop-off'}
      </figcaption>
    </figure>
  );
}
