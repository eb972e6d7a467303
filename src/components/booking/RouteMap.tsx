/**
 * The route map of the booking summary panel (spec §2): with the operator's Google browser key (setting
 * GOOGLE_API_KEY) a Google map with the markers and the route — the road route when the quote carries Google's
 * encoded polyline (`route_polyline`), else straight segments — drawn with @react-google-maps/api in its own lazy
 * chunk (src/maps/GoogleRouteMap.tsx; Google's script loads only then); without a key, or when Google cannot be used,
 * the offline schematic. The map's box has a fixed height from the first render, so nothing moves when it arrives.
 */
import { lazy, Suspense, type ComponentType, useCallback, useEffect, useState } from 'react';
import { useSetting } from '../../app/useSettings.ts';
import type { GoogleRouteMapProps } from '../../maps/GoogleRouteMap.tsx';
import { mapsKeyOf } from '../../maps/mapsKey.ts';
import { RouteSchematic, type RoutePoint } from './RouteSchematic.tsx';
import classes from './RouteMap.module.css';

const GoogleRouteMap = lazy(
  (): Promise<{ default: ComponentType<GoogleRouteMapProps> }> =>
    import('../../maps/GoogleRouteMap.tsx').catch((error: unknown) => {
      console.error('The route map could not be loaded:', error);
      return { default: ChunkFailed };
    }),
);

/** The map's chunk did not load (a deploy replaced it, the network dropped): the schematic. */
function ChunkFailed({ onFallback }: Pick<GoogleRouteMapProps, 'onFallback'>) {
  useEffect(() => onFallback('google-failed'), [onFallback]);
  return null;
}

/** Once Google has failed on this page, later summaries go straight to the schematic. */
let googleUnavailable = false;

export interface RouteMapProps {
  points: RoutePoint[];
  caption: string;
  /** The quote's `route_polyline` (Google's encoded polyline of the outbound leg), absent offline. */
  routePolyline?: string | null;
}

/** The fixed-height box while the map's chunk loads. */
function MapBox({ caption }: { caption: string }) {
  return (
    <figure className={classes.frame} data-testid="route-map" data-map="google">
      <div className={classes.canvas} data-testid="google-map" data-state="loading" />
      <figcaption className={classes.caption}>{caption}</figcaption>
    </figure>
  );
}

export function RouteMap({ points, caption, routePolyline }: RouteMapProps) {
  const apiKey = mapsKeyOf(useSetting('GOOGLE_API_KEY'));
  const [schematic, setSchematic] = useState(googleUnavailable);
  const onFallback = useCallback((reason: 'google-failed' | 'no-positions') => {
    if (reason === 'google-failed') googleUnavailable = true;
    setSchematic(true);
  }, []);
  if (!apiKey || schematic || points.length === 0) return <RouteSchematic points={points} caption={caption} />;
  return (
    <Suspense fallback={<MapBox caption={caption} />}>
      <GoogleRouteMap apiKey={apiKey} points={points} routePolyline={routePolyline} caption={caption} onFallback={onFallback} />
    </Suspense>
  );
}
