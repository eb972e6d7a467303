import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PAYMENT_STATE_LABELS, type BoardRow } from '../../../../contract/consoleBookings.ts';
import { JOB_STAGE_LABELS } from '../../../../contract/dispatch.ts';
import { passengerName, shortDay, STATUS_COLOURS, statusLabel } from '../format.ts';
import { ToneBadge } from '../StatusBadge.tsx';
import classes from './Board.module.css';
import { poundsText } from '../../../../contract/money.ts';

/**
 * One booking as a card: the board's row on a phone or a tablet, and each entry of the "Needs action" queue. What the
 * dispatcher reads first comes first: when, which booking and whose, where from and to, the status; `children` (the
 * queue's reasons) go at the foot.
 */
export function BookingCard({ row, fresh = false, children }: { row: BoardRow; fresh?: boolean; children?: ReactNode }) {
  const titleId = `card-${row.booking_number}`;
  return (
    <li className={classes.card} data-fresh={fresh || undefined} data-testid={`row-${row.booking_number}`} aria-labelledby={titleId}>
      <div className={classes.cardTop}>
        <Text span fw={700} size="sm" className={classes.when}>
          {row.pickup_time}{' '}
          <Text span size="xs" c="dimmed" fw={400}>
            {shortDay(row.pickup_date)}
          </Text>
        </Text>
        <span className={classes.cardBadges}>
          <ToneBadge color={STATUS_COLOURS[row.status]} size="sm" className={classes.status}>
            {statusLabel(row.status)}
          </ToneBadge>
          {row.status === 'driver_assigned' && row.job_stage && (
            <ToneBadge color="violet" size="sm" className={classes.status} data-testid="job-stage">
              {JOB_STAGE_LABELS[row.job_stage]}
            </ToneBadge>
          )}
        </span>
      </div>
      <Text size="sm" className={classes.cardTitle} id={titleId}>
        <Link href={`/admin/bookings/${encodeURIComponent(row.booking_number)}`} className={classes.bookingLink}>
          {row.booking_number}
        </Link>
        {fresh && (
          <ToneBadge size="xs" ml={6} color="brand">
            new
          </ToneBadge>
        )}
        <Text span size="sm" c="dimmed">
          {' · '}
          {row.anonymised ? 'Anonymised' : passengerName(row.passenger_name)}
        </Text>
      </Text>
      <Text size="sm" className={classes.cardLine}>
        {row.from}
      </Text>
      <Text size="sm" c="dimmed" className={classes.cardLine}>
        → {row.ride_type === 'H' ? 'Hourly hire' : row.to}
        {row.stops > 0 ? ` (+${row.stops} ${row.stops === 1 ? 'stop' : 'stops'})` : ''}
      </Text>
      <Text size="xs" c="dimmed" className={classes.cardFacts}>
        {row.vehicle_category}
        {row.vehicle_qty > 1 ? ` ×${row.vehicle_qty}` : ''} · {row.passengers} {row.passengers === 1 ? 'passenger' : 'passengers'} · {poundsText(row.total_pence, row.currency)} · {PAYMENT_STATE_LABELS[row.payment_state]}
        {' · '}
        {row.driver ? `${row.driver.name}, ${row.driver.vehicle_registration}` : 'No driver'}
      </Text>
      {children}
    </li>
  );
}

/** The cards of a list of bookings: one column on a phone, two from a tablet's width. */
export function BookingCards({ rows, fresh, label }: { rows: BoardRow[]; fresh: string[]; label: string }) {
  return (
    <ul className={classes.cards} aria-label={label} data-testid="board-cards">
      {rows.map((row) => (
        <BookingCard key={row.booking_number} row={row} fresh={fresh.includes(row.booking_number)} />
      ))}
    </ul>
  );
}
