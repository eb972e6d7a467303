/**
 * The live map without a Google key (issue 33): an honest schematic, not a street map, drawn as the console's map
 * picker draws its schematic (projection.ts: north up, equirectangular), framed around the pick-up and the car so
 * both show, at least a couple of kilometres across. The pick-up is a pin marked A, the car a dot with a line to the
 * pick-up; the frame follows the car as it moves.
 */
import { useMemo } from 'react';
import { LIVE_TEXT } from '../../../contract/manageLive.ts';
import { frameAround, toSvg } from './projection.ts';
import classes from './LiveMap.module.css';

export interface LiveMapPoint {
  lat: number;
  lng: number;
}

const WIDTH = 400;
const HEIGHT = 240;
/** At least about 1.1 km either side of the centre: a car a street away is not drawn on top of the pin. */
const MIN_HALF_HEIGHT = 0.01;

export function LiveSchematic({ pickup, car, label }: { pickup: LiveMapPoint | null; car: LiveMapPoint | null; label: string }) {
  const frame = useMemo(
    () =>
      frameAround(
        [pickup, car].filter((point): point is LiveMapPoint => point !== null).map((point) => ({ lat: point.lat, lon: point.lng })),
        WIDTH,
        HEIGHT,
        MIN_HALF_HEIGHT,
      ),
    [pickup?.lat, pickup?.lng, car?.lat, car?.lng],
  );
  const at = (point: LiveMapPoint) => toSvg(frame, { lat: point.lat, lon: point.lng });
  const pin = pickup ? at(pickup) : null;
  const dot = car ? at(car) : null;
  return (
    <figure className={classes.frame} data-testid="live-map" data-map="schematic">
      <svg
        className={classes.schematic}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="xMidYMid meet"
        role="img"
        aria-label={label}
        data-car={car ? `${car.lat},${car.lng}` : ''}
      >
        <rect width={WIDTH} height={HEIGHT} className={classes.ground} />
        {pin && dot && <line className={classes.line} x1={dot.x} y1={dot.y} x2={pin.x} y2={pin.y} />}
        {pin && (
          <g className={classes.pickup} data-testid="live-map-pickup">
            <path d={`M ${pin.x} ${pin.y} l -9 -20 a 10 10 0 1 1 18 0 z`} />
            <text x={pin.x} y={pin.y - 18} textAnchor="middle">
              A
            </text>
          </g>
        )}
        {dot && (
          <g className={classes.car} data-testid="live-map-car">
            <circle cx={dot.x} cy={dot.y} r={11} />
            <path d={`M ${dot.x - 6} ${dot.y + 2} h 12 v -3 l -2 -4 h -8 l -2 4 z`} />
          </g>
        )}
      </svg>
      <figcaption className={classes.caption}>{LIVE_TEXT.schematic}</figcaption>
    </figure>
  );
}
