/**
 * The reports page's figures as tables (what the screen reader and the CSV get) and chart data, from the server's
 * report (contract/reports.ts, types only: the page never bundles its schemas). Money is pence until written.
 */
import type { CountGroup, Report, ReportTotals, TripGroup } from '../../../../contract/reports.ts';
import { poundsText } from '../../../../contract/money.ts';

export const THIS_PERIOD = 'This period';
export const PERIOD_BEFORE = 'Period before';

/** One breakdown: its table (columns, written cells, the CSV's raw cells) and its chart's bars. */
export interface ReportTable {
  id: string;
  title: string;
  /** What the chart's bars count. */
  measure: string;
  note?: string;
  columns: string[];
  rows: string[][];
  csv: (string | number)[][];
  chart: { label: string; [THIS_PERIOD]: number; [PERIOD_BEFORE]: number }[];
}

const share = (part: number, whole: number) => (whole > 0 ? `${((part * 100) / whole).toFixed(1)}%` : '–');
const signed = (value: number, write: (value: number) => string) => (value > 0 ? `+${write(value)}` : value < 0 ? `−${write(-value)}` : write(0));
const plain = (value: number) => value.toLocaleString('en-GB');
/** Pence as a CSV amount in pounds, exact: 123456 → "1234.56". */
export const csvPounds = (pence: number) => `${pence < 0 ? '-' : ''}${Math.floor(Math.abs(pence) / 100)}.${String(Math.abs(pence) % 100).padStart(2, '0')}`;

function change(current: number, previous: number, write: (value: number) => string) {
  const difference = signed(current - previous, write);
  return previous > 0 ? `${difference} (${signed(Math.round(((current - previous) * 1000) / previous) / 10, (value) => `${value.toFixed(1)}%`)})` : difference;
}

export interface HeadlineRow {
  figure: string;
  current: string;
  previous: string;
  change: string;
}

/** The headline figures of both periods and their change. */
export function headlineRows(report: Report): HeadlineRow[] {
  const { current: now, previous: before } = report;
  const rows: HeadlineRow[] = [];
  const count = (figure: string, of: (totals: ReportTotals) => number) => rows.push({ figure, current: plain(of(now)), previous: plain(of(before)), change: change(of(now), of(before), plain) });
  const money = (figure: string, of: (totals: ReportTotals) => number | null) => {
    const a = of(now);
    const b = of(before);
    rows.push({ figure, current: a === null ? '–' : poundsText(a), previous: b === null ? '–' : poundsText(b), change: a === null || b === null ? '–' : change(a, b, poundsText) });
  };
  const counted = (figure: string, of: (totals: ReportTotals) => number) =>
    rows.push({ figure, current: `${plain(of(now))} (${share(of(now), now.tripsDue)})`, previous: `${plain(of(before))} (${share(of(before), before.tripsDue)})`, change: change(of(now), of(before), plain) });
  count('Bookings made', (t) => t.bookingsMade);
  count('Trips due', (t) => t.tripsDue);
  count('Trips done', (t) => t.tripsDone);
  money('Revenue, net of refunds', (t) => t.revenuePence);
  if (report.vat) {
    money(`Revenue including VAT at ${report.vat.ratePercent}%`, (t) => t.revenueWithVatPence);
    money('Revenue excluding VAT', (t) => t.revenueWithoutVatPence);
  }
  money('Refunds on trips done', (t) => t.refundsPence);
  money('Cancellation fees kept', (t) => t.cancellationFeesPence);
  money('Average fare', (t) => t.averageFarePence);
  counted('Cancellations (share of trips due)', (t) => t.cancelled);
  counted('No-shows (share of trips due)', (t) => t.noShows);
  count('Promo codes used', (t) => t.promoUses);
  money('Promo codes cost', (t) => t.promoCostPence);
  return rows;
}

const safe = (label: string) => (/^[=+\-@\t\r]/.test(label) ? `'${label}` : label);

function tripTable(id: string, title: string, dimension: string, groups: TripGroup[], note?: string): ReportTable {
  return {
    id,
    title,
    measure: 'Trips',
    note,
    columns: [dimension, `Trips (${THIS_PERIOD.toLowerCase()})`, `Trips (${PERIOD_BEFORE.toLowerCase()})`, 'Done', 'Cancelled', 'No-shows', `Revenue (${THIS_PERIOD.toLowerCase()})`, `Revenue (${PERIOD_BEFORE.toLowerCase()})`],
    rows: groups.map((g) => [g.label, plain(g.current.due), plain(g.previous.due), plain(g.current.done), plain(g.current.cancelled), plain(g.current.noShows), poundsText(g.current.revenuePence), poundsText(g.previous.revenuePence)]),
    csv: [
      [dimension, 'trips', 'trips_before', 'done', 'cancelled', 'no_shows', 'revenue_gbp', 'revenue_before_gbp'],
      ...groups.map((g) => [safe(g.label), g.current.due, g.previous.due, g.current.done, g.current.cancelled, g.current.noShows, csvPounds(g.current.revenuePence), csvPounds(g.previous.revenuePence)]),
    ],
    chart: groups.map((g) => ({ label: g.label, [THIS_PERIOD]: g.current.due, [PERIOD_BEFORE]: g.previous.due })),
  };
}

function countTable(id: string, title: string, dimension: string, measure: string, groups: CountGroup[], money: string | null, note?: string): ReportTable {
  return {
    id,
    title,
    measure,
    note,
    columns: [dimension, `${measure} (${THIS_PERIOD.toLowerCase()})`, `${measure} (${PERIOD_BEFORE.toLowerCase()})`, ...(money ? [`${money} (${THIS_PERIOD.toLowerCase()})`, `${money} (${PERIOD_BEFORE.toLowerCase()})`] : [])],
    rows: groups.map((g) => [g.label, plain(g.current.count), plain(g.previous.count), ...(money ? [poundsText(g.current.pence), poundsText(g.previous.pence)] : [])]),
    csv: [
      [dimension, measure.toLowerCase().replace(/\W+/g, '_'), `${measure.toLowerCase().replace(/\W+/g, '_')}_before`, ...(money ? ['gbp', 'gbp_before'] : [])],
      ...groups.map((g) => [safe(g.label), g.current.count, g.previous.count, ...(money ? [csvPounds(g.current.pence), csvPounds(g.previous.pence)] : [])]),
    ],
    chart: groups.map((g) => ({ label: g.label, [THIS_PERIOD]: g.current.count, [PERIOD_BEFORE]: g.previous.count })),
  };
}

/** The breakdowns, in the page's order; by company only when the bookings name more than one. */
export function reportTables(report: Report): ReportTable[] {
  return [
    tripTable('hour', 'Trips by hour of day', 'Hour (London)', report.byHour),
    tripTable('category', 'Trips by vehicle category', 'Vehicle category', report.byCategory),
    tripTable('source', 'Trips by source', 'Source', report.bySource),
    tripTable('payment', 'Trips by payment', 'Payment', report.byPayment),
    tripTable('driver', 'Trips by driver', 'Driver', report.byDriver),
    ...(report.byCompany ? [tripTable('company', 'Trips by company', 'Company', report.byCompany)] : []),
    countTable('lead-time', 'Bookings by how far ahead they were made', 'Booked ahead', 'Bookings', report.leadTime, null),
    countTable('cancellations', 'Cancellations and no-shows by reason', 'Reason', 'Trips', report.cancellations, 'Fees kept'),
    countTable('promos', 'Promo codes used', 'Code', 'Uses', report.promos, 'Discount given'),
  ];
}

const csvCell = (cell: string | number) => (typeof cell === 'number' || !/[",\n\r]/.test(cell) ? String(cell) : `"${cell.replaceAll('"', '""')}"`);
/** The table as CSV text (RFC 4180, CRLF). */
export const csvText = (rows: (string | number)[][]) => `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
