/**
 * The dispatcher's map seam (issue 33): with the operator's Google browser key (GOOGLE_API_KEY) Google's map; else,
 * with the owner's street map style (MAP_STYLE_URL), a street map drawn by MapLibre; else, or when either cannot be
 * used on this page load, the schematic. The street maps are lazy chunks of their own: nothing of them loads otherwise.
 */
import { lazy, Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import { styleUrlOrigin } from '../../../../contract/settingsCatalogue.ts';
import { useSetting } from '../../../app/useSettings.ts';
import type { GoogleDispatchMapProps } from '../../../maps/GoogleDispatchMap.tsx';
import { mapsKeyOf } from '../../../maps/mapsKey.ts';
import type { StreetDispatchMapProps } from '../../../maps/StreetDispatchMap.tsx';
import { MapSchematic, type MapCanvasProps } from './MapSchematic.tsx';
import classes from './MapPage.module.css';

function ChunkFailed({ onFallback }: { onFallback: () => void }) {
  useEffect(() => onFallback(), [onFallback]);
  return null;
}

const orFallback =
  <P,>(load: () => Promise<{ default: ComponentType<P> }>) =>
  (): Promise<{ default: ComponentType<P> }> =>
    load().catch((error: unknown) => {
      console.error('The map could not be loaded:', error);
      return { default: ChunkFailed as unknown as ComponentType<P> };
    });

const GoogleDispatchMap = lazy(orFallback<GoogleDispatchMapProps>(() => import('../../../maps/GoogleDispatchMap.tsx')));
const StreetDispatchMap = lazy(orFallback<StreetDispatchMapProps>(() => import('../../../maps/StreetDispatchMap.tsx')));

export function DispatchMapCanvas(props: MapCanvasProps) {
  const apiKey = mapsKeyOf(useSetting('GOOGLE_API_KEY'));
  const style = useSetting('MAP_STYLE_URL');
  const styleUrl = style && styleUrlOrigin(style) ? style.trim() : null;
  const [failed, setFailed] = useState(false);
  const onFallback = useCallback(() => setFailed(true), []);
  if (failed || (!apiKey && !styleUrl)) return <MapSchematic {...props} />;
  return (
    <Suspense fallback={<div className={classes.canvas} data-testid="dispatch-map" data-map="loading" />}>
      {apiKey ? <GoogleDispatchMap apiKey={apiKey} onFallback={onFallback} {...props} /> : <StreetDispatchMap styleUrl={styleUrl!} onFallback={onFallback} {...props} />}
    </Suspense>
  );
}
