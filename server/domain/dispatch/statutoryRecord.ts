import { STATUTORY_CSV_COLUMNS } from '../../../contract/consoleBookings.ts';
import { BOOKING_STATUS_LABELS, type AssignedDriver, type AssignedVehicle, type BookingStatus } from '../../../contract/dispatch.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { csvFile } from '../receipts/csv.ts';
import { londonClockText, londonDayRange } from './board.ts';
import { createDispatchRepository } from './repository.ts';

/**
 * The operator's statutory booking record (UK private hire: each booking's date, pick-up time and place, passenger,
 * destination, driver and vehicle, kept at least 12 months) as CSV, one row per booking picked up in the London days
 * [from, to], in pick-up order, formula-safe (receipts/csv.ts). Driver and vehicle are the booking's snapshots, as they were when assigned.
 */

type Row = Record<string, unknown>;
type Column = (typeof STATUTORY_CSV_COLUMNS)[number][0];

const json = <T>(value: unknown): T | null => (value === null || value === undefined ? null : ((typeof value === 'string' ? JSON.parse(value) : value) as T));

function recordOf(row: Row): Record<Column, string> {
  const booked = londonClockText(new Date(row.created_at as string));
  const pickup = londonClockText(new Date(row.pick_up_at as string));
  const driver = json<AssignedDriver>(row.assigned_driver);
  const vehicle = json<AssignedVehicle>(row.assigned_vehicle);
  const hours = row.hourly_duration === null ? null : Number(row.hourly_duration);
  return {
    booking_number: String(row.booking_number),
    booked_at: `${booked.date} ${booked.time}`,
    pickup_date: pickup.date,
    pickup_time: pickup.time,
    pickup_place: String(row.pick_up_address),
    stops: (json<string[]>(row.stops) ?? []).join('; '),
    destination: String(row.drop_off_address) || (hours ? `As directed (${hours} hours)` : ''),
    passenger_name: String(row.passenger_name),
    driver: driver?.name ?? '',
    driver_licence: driver ? `${driver.licence_number} (${driver.licensing_authority})` : '',
    vehicle_registration: vehicle?.registration ?? '',
    vehicle_licence: vehicle?.licence_number ?? '',
    status: BOOKING_STATUS_LABELS[row.status as BookingStatus] ?? String(row.status),
  };
}

/** The CSV text (header line first, CRLF line ends). */
export async function statutoryRecordCsv(db: Queryable, siteId: number, from: string, to: string): Promise<{ csv: string; rows: number }> {
  const { start, end } = londonDayRange(from, to);
  const rows = await createDispatchRepository(db).statutoryRows(siteId, start, end);
  const header = STATUTORY_CSV_COLUMNS.map(([, label]) => label);
  const lines = rows.map((row) => {
    const record = recordOf(row);
    return STATUTORY_CSV_COLUMNS.map(([key]) => record[key]);
  });
  return { csv: csvFile(header, lines), rows: rows.length };
}
