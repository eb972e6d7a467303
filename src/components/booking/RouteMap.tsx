/**
 * The route map of the booking summary panel (spec §2): with the operator's Google browser key (setting
 * GOOGLE_API_KEY) a Google map with the markers and the route, drawn by src/maps/drawRouteMap.ts (its own lazy chunk;
 * Google's script loads only then); without a key, or when Google cannot be used, the offline schematic. The map's
 * box has a fixed height from the first render, so nothing moves when the map arrives.
 */
import { useEffect, useRef, useState } from 'react';
import type { LatLon } from '../../../contract/booking.ts';
import { useSetting } from '../../app/useSettings.ts';
import { mapsKeyOf } from '../../maps/mapsKey.ts';
import { RouteSchematic, type RoutePoint } from './RouteSchematic.tsx';
import classes from './RouteMap.module.css';

/** Once Google has failed on this page, later summaries go straight to the schematic. */
let googleUnavailable = false;

export interface RouteMapProps {
  points: RoutePoint[];
  caption: string;
  /** The road path when the quote carries one (a decoded Routes polyline); straight segments otherwise. */
  path?: LatLon[] | null;
}

function GoogleRouteMap({ apiKey, points, path, caption, onFallback }: RouteMapProps & { apiKey: string; onFallback: () => void }) {
  const canvas = useRef<HTMLDivElement>(null);
  const fallback = useRef(onFallback);
  fallback.current = onFallback;
  // Redraw only when what is drawn changes, not on every render of the panel.
  const pointsKey = JSON.stringify(points.map(({ kind, label, text }) => ({ kind, label, text })));
  const pathKey = JSON.stringify(path ?? null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let cleanUp: (() => void) | null = null;
    let cancelled = false;
    import('../../maps/drawRouteMap.ts').then(
      ({ drawRouteMap }) => {
        if (cancelled) return;
        cleanUp = drawRouteMap({
          element,
          apiKey,
          points: JSON.parse(pointsKey) as RoutePoint[],
          path: JSON.parse(pathKey) as LatLon[] | null,
          onFallback: (reason) => {
            if (reason === 'google-failed') googleUnavailable = true;
            fallback.current();
          },
        });
      },
      (error: unknown) => {
        console.error('The route map could not be loaded:', error);
        if (!cancelled) fallback.current();
      },
    );
    return () => {
      cancelled = true;
      cleanUp?.();
    };
  }, [apiKey, pointsKey, pathKey]);

  const hourly = points.length === 1;
  const label = hourly ? `Map of the pick-up point: ${points[0]!.text}` : `Map of the route from ${points[0]!.text} to ${points.at(-1)!.text}`;
  return (
    <figure className={classes.frame} data-testid="route-map" data-map="google">
      <div ref={canvas} className={classes.canvas} role="region" aria-label={label} data-testid="google-map" />
      <figcaption className={classes.caption}>
        {caption}
        {hourly ? '' : ' · A pick-up, B drop-off'}
      </figcaption>
    </figure>
  );
}

export function RouteMap({ points, caption, path }: RouteMapProps) {
  const apiKey = mapsKeyOf(useSetting('GOOGLE_API_KEY'));
  const [schematic, setSchematic] = useState(googleUnavailable);
  if (!apiKey || schematic || points.length === 0) return <RouteSchematic points={points} caption={caption} />;
  return <GoogleRouteMap apiKey={apiKey} points={points} path={path} caption={caption} onFallback={() => setSchematic(true)} />;
}
