/**
 * The map picker without a Google key (the embedded default): an honest schematic, not a street map — an SVG of the
 * area (north up, equirectangular, projection.ts) with known places as labelled dots and the zone or pin drawn on
 * it. A click adds a corner, sets the centre or moves the pin; a corner can be dragged. Mouse and touch only: the
 * typed fields beside it (and the corner list's Remove buttons) are the keyboard's way, so the drawing is an image.
 */
import { useMemo, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { shapePoints, type MapPickerProps } from './mapShape.ts';
import { frameAround, milesToSvg, toLatLon, toSvg, type LatLonPoint } from './projection.ts';
import classes from './MapPicker.module.css';

const WIDTH = 400;
const HEIGHT = 300;
const LABEL_WIDTH = 110;
const LABEL_HEIGHT = 14;

export function SchematicMapPicker({ label, shape, landmarks = [], onPoint, onMoveCorner, children }: MapPickerProps & { children?: ReactNode }) {
  // The frame stays put while the owner clicks (it is fitted to the places and the shape as first shown), so a
  // click lands where the pointer is; it is refitted when the landmarks arrive.
  const [initialPoints] = useState(() => shapePoints(shape));
  const frame = useMemo(() => frameAround([...initialPoints, ...landmarks], WIDTH, HEIGHT), [initialPoints, landmarks]);
  const svg = useRef<SVGSVGElement>(null);
  // Every place is a dot; a label only where it does not run into one already written.
  const labelled = useMemo(() => {
    const written: { x: number; y: number }[] = [];
    return landmarks.map((place) => {
      const { x, y } = toSvg(frame, place);
      const showLabel = !written.some((other) => Math.abs(other.x - x) < LABEL_WIDTH && Math.abs(other.y - y) < LABEL_HEIGHT);
      if (showLabel) written.push({ x, y });
      return { place, x, y, showLabel };
    });
  }, [frame, landmarks]);
  const [drag, setDrag] = useState<{ index: number; point: LatLonPoint } | null>(null);

  // The pointer's place in the drawing's own units, whatever size the SVG is shown at.
  const pointAt = (event: { clientX: number; clientY: number }): LatLonPoint => {
    const ground = svg.current!.querySelector('rect')!.getBoundingClientRect();
    return toLatLon(frame, { x: ((event.clientX - ground.left) / ground.width) * WIDTH, y: ((event.clientY - ground.top) / ground.height) * HEIGHT });
  };
  const corners = shape.kind === 'polygon' ? shape.corners.map((corner, index) => (drag?.index === index ? drag.point : corner)) : [];
  const projected = corners.map((corner) => toSvg(frame, corner));
  const endDrag = (event: PointerEvent) => {
    if (!drag) return;
    event.stopPropagation();
    onMoveCorner?.(drag.index, pointAt(event));
    setDrag(null);
  };
  const caption =
    shape.kind === 'polygon'
      ? 'Click to add a corner; drag a corner to move it.'
      : shape.kind === 'radius'
        ? 'Click to set the centre.'
        : 'Click to drop the pin; click again to move it.';

  return (
    <figure className={classes.frame} data-map="schematic">
      <svg
        ref={svg}
        className={classes.schematic}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${label} (schematic)`}
        data-testid="map-schematic"
        data-north={frame.north}
        data-south={frame.south}
        data-east={frame.east}
        data-west={frame.west}
        data-landmarks={landmarks.length}
        onClick={(event) => {
          if (!drag) onPoint(pointAt(event));
        }}
        onPointerMove={(event) => {
          if (drag) setDrag({ index: drag.index, point: pointAt(event) });
        }}
        onPointerUp={endDrag}
      >
        <rect width={WIDTH} height={HEIGHT} className={classes.ground} />
        {labelled.map(({ place, x, y, showLabel }) => (
          <g key={`${place.label}-${place.lat}-${place.lon}`} className={classes.landmark}>
            <circle cx={x} cy={y} r={3} />
            {showLabel && (
              <text x={x + 5} y={y + 4}>
                {place.label}
              </text>
            )}
          </g>
        ))}
        {shape.kind === 'radius' && shape.centre && (
          <>
            {shape.miles !== null && shape.miles > 0 && <circle className={classes.area} cx={toSvg(frame, shape.centre).x} cy={toSvg(frame, shape.centre).y} r={milesToSvg(frame, shape.miles)} />}
            <circle className={classes.corner} cx={toSvg(frame, shape.centre).x} cy={toSvg(frame, shape.centre).y} r={5} />
          </>
        )}
        {shape.kind === 'polygon' && projected.length > 1 && <polygon className={classes.area} points={projected.map(({ x, y }) => `${x},${y}`).join(' ')} />}
        {projected.map(({ x, y }, index) => (
          <g
            key={index}
            className={classes.handle}
            data-testid="map-corner"
            onClick={(event) => event.stopPropagation()}
            onPointerDown={(event) => {
              event.stopPropagation();
              (event.target as Element).setPointerCapture?.(event.pointerId);
              setDrag({ index, point: corners[index]! });
            }}
          >
            <circle className={classes.corner} cx={x} cy={y} r={7} />
            <text x={x} y={y + 3.5} textAnchor="middle">
              {index + 1}
            </text>
          </g>
        ))}
        {shape.kind === 'pin' && shape.pin && (
          <g className={classes.pin} data-testid="map-pin">
            <path d={`M ${toSvg(frame, shape.pin).x} ${toSvg(frame, shape.pin).y} l -7 -16 a 8 8 0 1 1 14 0 z`} />
          </g>
        )}
      </svg>
      <figcaption className={classes.caption}>
        Schematic, not a street map: known places as dots, north up. {caption}
      </figcaption>
      {children}
    </figure>
  );
}
