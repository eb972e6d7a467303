/**
 * The dispatcher's map on the owner's street map (setting MAP_STYLE_URL, issue 33): MapLibre GL JS drawing any
 * OpenStreetMap-based provider's style, with one DOM marker per driver and job (drawn as the schematic's), moved in
 * place as positions arrive. Fitted around the markers when they first show; the dispatcher's own pans and zooms are
 * kept after that. Its own lazy chunk with a budget (the map page imports it only with a style URL); calls
 * `onFallback` when the style cannot be loaded or WebGL is missing (then the schematic is drawn).
 */
import { Map as MapLibreMap, Marker, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef } from 'react';
import type { MapCanvasProps } from '../views/console/map/MapSchematic.tsx';
import { paintPin } from '../views/console/map/mapPin.ts';
import type { MapMarker } from '../views/console/map/mapMarkers.ts';
import classes from '../views/console/map/MapPage.module.css';

// MapLibre finds its worker next to its own module, which a bundle moves: it is told where the build put it.
setWorkerUrl(workerUrl);

const FIT_PADDING_PX = 64;
const SINGLE_POINT_ZOOM = 13;

export interface StreetDispatchMapProps extends MapCanvasProps {
  styleUrl: string;
  onFallback: () => void;
}

export default function StreetDispatchMap({ styleUrl, markers, base, label, onSelect, onFallback }: StreetDispatchMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const shown = useRef(new Map<string, Marker>());
  const fitted = useRef(false);
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    if (!container.current) return;
    let loaded = false;
    let created: MapLibreMap;
    try {
      created = new MapLibreMap({
        container: container.current,
        style: styleUrl,
        center: base ? [base.lng, base.lat] : [-0.1278, 51.5074],
        zoom: 10,
        attributionControl: { compact: true },
      });
    } catch {
      // No WebGL in this browser.
      onFallback();
      return;
    }
    created.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    created.on('load', () => {
      loaded = true;
    });
    // Before the style loads, an error is the style itself (unreachable, not a style): the schematic instead. Later
    // ones (a tile that failed) leave the map as it is.
    created.on('error', () => {
      if (!loaded) onFallback();
    });
    map.current = created;
    const markersShown = shown.current;
    return () => {
      for (const marker of markersShown.values()) marker.remove();
      markersShown.clear();
      created.remove();
      map.current = null;
      fitted.current = false;
    };
  }, [styleUrl]);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    const keep = new Set(markers.map((marker) => marker.key));
    for (const [key, marker] of shown.current) {
      if (keep.has(key)) continue;
      marker.remove();
      shown.current.delete(key);
    }
    for (const marker of markers) place(current, marker);
    if (!fitted.current && markers.length > 0) {
      fitted.current = true;
      if (markers.length === 1) current.jumpTo({ center: [markers[0].lng, markers[0].lat], zoom: SINGLE_POINT_ZOOM });
      else {
        const lngs = markers.map((marker) => marker.lng);
        const lats = markers.map((marker) => marker.lat);
        current.fitBounds(
          [
            [Math.min(...lngs), Math.min(...lats)],
            [Math.max(...lngs), Math.max(...lats)],
          ],
          { padding: FIT_PADDING_PX, animate: false, maxZoom: 15 },
        );
      }
    }
  }, [markers]);

  function place(current: MapLibreMap, marker: MapMarker) {
    const existing = shown.current.get(marker.key);
    if (existing) {
      existing.setLngLat([marker.lng, marker.lat]);
      paintPin(existing.getElement(), marker);
      return;
    }
    const element = document.createElement('button');
    element.type = 'button';
    element.className = classes.pin;
    paintPin(element, marker);
    element.addEventListener('click', (event) => {
      event.stopPropagation();
      const key = element.dataset.marker;
      const latest = key ? latestMarkers.current.get(key) : undefined;
      if (latest) select.current(latest);
    });
    shown.current.set(marker.key, new Marker({ element }).setLngLat([marker.lng, marker.lat]).addTo(current));
  }

  const latestMarkers = useRef(new Map<string, MapMarker>());
  latestMarkers.current = new Map(markers.map((marker) => [marker.key, marker]));

  // MapLibre makes its container position: relative, so the box that fills the frame is this one's parent.
  return (
    <div className={classes.canvas} data-testid="dispatch-map" data-map="street" role="region" aria-label={label}>
      <div ref={container} className={classes.street} />
    </div>
  );
}
