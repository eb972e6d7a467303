/**
 * The dispatcher's map without a street map (neither a Google key nor a style URL set): an honest schematic, not a
 * street map, drawn as the passenger's live schematic (projection.ts: north up, equirectangular), framed around every
 * marker (at least a few kilometres across, the site's base when there is nothing to show).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { frameAround, toSvg } from '../../../components/maps/projection.ts';
import { markerColour, type MapMarker } from './mapMarkers.ts';
import classes from './MapPage.module.css';

/** The drawing's size before the box is measured; then the box's own, so markers keep their size on a phone. */
const START = { width: 800, height: 500 };
/** At least about 2 km either side of the centre. */
const MIN_HALF_HEIGHT = 0.02;

export interface MapCanvasProps {
  markers: MapMarker[];
  base: { lat: number; lng: number } | null;
  label: string;
  onSelect: (marker: MapMarker) => void;
}

function useBoxSize() {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState(START);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      if (width > 0 && height > 0) setSize({ width: Math.round(width), height: Math.round(height) });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { box, ...size };
}

export function MapSchematic({ markers, base, label, onSelect }: MapCanvasProps) {
  const { box, width: WIDTH, height: HEIGHT } = useBoxSize();
  const frame = useMemo(() => {
    const points = markers.length ? markers.map((marker) => ({ lat: marker.lat, lon: marker.lng })) : base ? [{ lat: base.lat, lon: base.lng }] : [];
    return frameAround(points, WIDTH, HEIGHT, MIN_HALF_HEIGHT);
  }, [markers, base, WIDTH, HEIGHT]);
  // Jobs under drivers; the selected marker on top.
  const ordered = [...markers].sort((a, b) => Number(a.kind === 'driver') - Number(b.kind === 'driver') || Number(a.selected) - Number(b.selected));
  return (
    <div ref={box} className={classes.canvas} data-testid="dispatch-map" data-map="schematic">
      <svg className={classes.schematic} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="xMidYMid meet" role="img" aria-label={label}>
        <rect width={WIDTH} height={HEIGHT} className={classes.ground} />
        {ordered.map((marker) => {
          const at = toSvg(frame, { lat: marker.lat, lon: marker.lng });
          const colour = markerColour(marker);
          return (
            <g key={marker.key} className={classes.marker} data-marker={marker.key} data-selected={marker.selected ? '' : undefined} onClick={() => onSelect(marker)}>
              <title>{marker.title}</title>
              {marker.kind === 'driver' ? (
                <circle cx={at.x} cy={at.y} r={14} fill={colour} stroke="#fff" strokeWidth={2} />
              ) : (
                <rect x={at.x - 20} y={at.y - 11} width={40} height={22} rx={4} fill={colour} stroke="#fff" strokeWidth={2} />
              )}
              <text x={at.x} y={at.y + 4} textAnchor="middle">
                {marker.short}
              </text>
            </g>
          );
        })}
      </svg>
      <span className={classes.caption}>Schematic, not a street map: set a Google key or a street map style in Settings → Maps.</span>
    </div>
  );
}
