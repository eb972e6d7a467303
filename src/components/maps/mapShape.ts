/** What the map picker shows and edits: a polygon's corners, a radius zone's centre and circle, or one pin. */
import type { LatLonPoint } from './projection.ts';

export type MapShape =
  | { kind: 'polygon'; corners: LatLonPoint[] }
  | { kind: 'radius'; centre: LatLonPoint | null; miles: number | null }
  | { kind: 'pin'; pin: LatLonPoint | null };

export interface Landmark extends LatLonPoint {
  label: string;
}

export interface MapPickerProps {
  /** The map's accessible name, e.g. "Zone map". */
  label: string;
  shape: MapShape;
  /** Known places drawn as labelled dots, for orientation. */
  landmarks?: Landmark[];
  /** A click (or tap) on the map: a new corner, the centre, or the pin. */
  onPoint: (point: LatLonPoint) => void;
  onMoveCorner?: (index: number, point: LatLonPoint) => void;
  onRemoveCorner?: (index: number) => void;
}

export const shapePoints = (shape: MapShape): LatLonPoint[] =>
  shape.kind === 'polygon' ? shape.corners : shape.kind === 'radius' ? (shape.centre ? [shape.centre] : []) : shape.pin ? [shape.pin] : [];

export const pointText = ({ lat, lon }: LatLonPoint) => `${lat}, ${lon}`;
