/**
 * The map picker with the operator's Google key: @react-google-maps/api's GoogleMap with the zone as a PolygonF
 * (corners as draggable MarkerF) or a CircleF around its centre, or one draggable pin. Google retired its Drawing
 * library, so drawing is click handlers: a click on the map adds a corner, sets the centre or moves the pin. Its own
 * lazy chunk, loaded by MapPicker only with a key; `onFallback` when Google cannot be used (then the schematic).
 */
import { CircleF, GoogleMap, MarkerF, PolygonF } from '@react-google-maps/api';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useGoogleMaps } from '../../maps/useGoogleMaps.ts';
import { shapePoints, type MapPickerProps } from './mapShape.ts';
import { DEFAULT_CENTRE, type LatLonPoint } from './projection.ts';
import classes from './MapPicker.module.css';

const METRES_PER_MILE = 1609.344;
const toLatLng = ({ lat, lon }: LatLonPoint) => ({ lat, lng: lon });
const fromEvent = (event: google.maps.MapMouseEvent): LatLonPoint | null =>
  event.latLng ? { lat: Math.round(event.latLng.lat() * 1e5) / 1e5, lon: Math.round(event.latLng.lng() * 1e5) / 1e5 } : null;

export interface GoogleMapPickerProps extends MapPickerProps {
  apiKey: string;
  onFallback: () => void;
  children?: ReactNode;
}

export default function GoogleMapPicker({ apiKey, label, shape, landmarks = [], onPoint, onMoveCorner, onFallback, children }: GoogleMapPickerProps) {
  const google = useGoogleMaps(apiKey);
  useEffect(() => {
    if (google === 'failed') onFallback();
  }, [google, onFallback]);
  // Centred once, on the shape or the first known place; the owner pans and zooms from there.
  const [centre] = useState(() => shapePoints(shape)[0] ?? landmarks[0] ?? DEFAULT_CENTRE);
  const options = useMemo((): google.maps.MapOptions => ({ center: toLatLng(centre), zoom: shapePoints(shape).length > 0 ? 12 : 10, clickableIcons: false, streetViewControl: false, mapTypeControl: false, draggableCursor: 'crosshair' }), [centre]);
  const click = (event: google.maps.MapMouseEvent) => {
    const point = fromEvent(event);
    if (point) onPoint(point);
  };
  return (
    <figure className={classes.frame} data-map="google">
      <div className={classes.google} role="region" aria-label={label} data-testid="map-google" data-state={google}>
        {google === 'ready' && (
          <GoogleMap mapContainerStyle={{ width: '100%', height: '100%' }} options={options} onClick={click}>
            {shape.kind === 'polygon' && shape.corners.length > 1 && (
              <PolygonF options={{ paths: shape.corners.map(toLatLng), strokeColor: '#255c9b', strokeWeight: 2, fillColor: '#255c9b', fillOpacity: 0.18, clickable: false }} />
            )}
            {shape.kind === 'polygon' &&
              shape.corners.map((corner, index) => (
                <MarkerF
                  key={index}
                  position={toLatLng(corner)}
                  options={{ position: toLatLng(corner), draggable: true, label: String(index + 1), title: `Corner ${index + 1}` }}
                  onDragEnd={(event) => {
                    const point = fromEvent(event);
                    if (point) onMoveCorner?.(index, point);
                  }}
                />
              ))}
            {shape.kind === 'radius' && shape.centre && (
              <>
                <MarkerF position={toLatLng(shape.centre)} options={{ position: toLatLng(shape.centre), title: 'Centre' }} />
                {shape.miles !== null && shape.miles > 0 && (
                  <CircleF options={{ center: toLatLng(shape.centre), radius: shape.miles * METRES_PER_MILE, strokeColor: '#255c9b', strokeWeight: 2, fillColor: '#255c9b', fillOpacity: 0.18, clickable: false }} />
                )}
              </>
            )}
            {shape.kind === 'pin' && shape.pin && (
              <MarkerF
                position={toLatLng(shape.pin)}
                options={{ position: toLatLng(shape.pin), draggable: true, title: 'The saved address' }}
                onDragEnd={(event) => {
                  const point = fromEvent(event);
                  if (point) onPoint(point);
                }}
              />
            )}
          </GoogleMap>
        )}
      </div>
      <figcaption className={classes.caption}>
        {shape.kind === 'polygon' ? 'Click the map to add a corner; drag a corner to move it.' : shape.kind === 'radius' ? 'Click the map to set the centre.' : 'Click the map to drop the pin, or drag it.'}
      </figcaption>
      {children}
    </figure>
  );
}
