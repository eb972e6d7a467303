/** What the dispatcher's map draws, whatever draws it (the schematic, the street map, Google's): one marker per driver with a position and per placed job. */
import { DRIVER_ACTIVITY_LABELS, driverActivity, type DispatchMap, type DriverActivity } from '../../../../contract/consoleMap.ts';
import type { MapSelection } from '../../../../machines/consoleMap/index.ts';

export interface MapMarker {
  /** 'driver:<id>' or 'job:<booking number>'. */
  key: string;
  kind: 'driver' | 'job';
  lat: number;
  lng: number;
  /** Drawn on the marker: the driver's initials, the job's pick-up time. */
  short: string;
  /** Its accessible name and tooltip. */
  title: string;
  activity: DriverActivity | null;
  selection: NonNullable<MapSelection>;
  selected: boolean;
}

/** Each activity's colour (the legend's, the markers'): readable on a street map and on the schematic's ground. */
export const ACTIVITY_COLOURS: Record<DriverActivity, string> = {
  free: '#2b8a3e',
  assigned: '#1c62b9',
  on_the_way: '#c25400',
  arrived: '#7b2cbf',
  on_board: '#c92a2a',
};
export const JOB_COLOUR = '#343a40';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

export const isSelected = (selected: MapSelection, selection: NonNullable<MapSelection>) =>
  selected !== null && selected.kind === selection.kind && (selected.kind === 'driver' ? selected.id === (selection as { id: number }).id : selected.bookingNumber === (selection as { bookingNumber: string }).bookingNumber);

export function mapMarkers(map: DispatchMap, selected: MapSelection): MapMarker[] {
  const markers: MapMarker[] = [];
  for (const job of map.jobs) {
    if (!job.pickup_point) continue;
    const selection = { kind: 'job', bookingNumber: job.booking.booking_number } as const;
    markers.push({
      key: `job:${job.booking.booking_number}`,
      kind: 'job',
      ...job.pickup_point,
      short: job.booking.pickup_time,
      title: `${job.booking.booking_number} at ${job.booking.pickup_time}: pick-up ${job.booking.from}`,
      activity: null,
      selection,
      selected: isSelected(selected, selection),
    });
  }
  for (const entry of map.drivers) {
    if (!entry.position) continue;
    const activity = driverActivity(entry);
    const selection = { kind: 'driver', id: entry.driver.id } as const;
    markers.push({
      key: `driver:${entry.driver.id}`,
      kind: 'driver',
      lat: entry.position.lat,
      lng: entry.position.lng,
      short: initials(entry.driver.name),
      title: `${entry.driver.name}: ${DRIVER_ACTIVITY_LABELS[activity]}${entry.job ? ` (${entry.job.booking_number})` : ''}`,
      activity,
      selection,
      selected: isSelected(selected, selection),
    });
  }
  return markers;
}

export const markerColour = (marker: Pick<MapMarker, 'activity'>) => (marker.activity ? ACTIVITY_COLOURS[marker.activity] : JOB_COLOUR);
