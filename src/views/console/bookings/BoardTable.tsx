import { Table, Text } from '@mantine/core';
import { Link } from 'wouter';
import { PAYMENT_STATE_LABELS, type BoardRow } from '../../../../contract/consoleBookings.ts';
import { JOB_STAGE_LABELS } from '../../../../contract/dispatch.ts';
import { FLIGHT_ACTION_LABELS, londonTimeText } from '../../../../contract/flights.ts';
import { passengerName, shortDay, STATUS_COLOURS, statusLabel } from '../format.ts';
import { ToneBadge } from '../StatusBadge.tsx';
import classes from './Board.module.css';
import { poundsText } from '../../../../contract/money.ts';

/** The board's rows: what a dispatcher reads at a glance; the booking number opens the booking (a link: Tab, Enter). */
export function BoardTable({ rows, fresh }: { rows: BoardRow[]; fresh: string[] }) {
  return (
    <Table.ScrollContainer minWidth={940} type="native">
      <Table striped highlightOnHover verticalSpacing={6} horizontalSpacing="sm" fz="sm" className={classes.table} data-testid="board-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Pick-up</Table.Th>
            <Table.Th scope="col">Booking</Table.Th>
            <Table.Th scope="col">From → to</Table.Th>
            <Table.Th scope="col">Vehicle</Table.Th>
            <Table.Th scope="col" className={classes.number}>
              Pax
            </Table.Th>
            <Table.Th scope="col" className={classes.number}>
              Price
            </Table.Th>
            <Table.Th scope="col">Payment</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Driver</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.booking_number} data-fresh={fresh.includes(row.booking_number) || undefined} data-testid={`row-${row.booking_number}`} className={classes.row}>
              <Table.Td className={classes.when}>
                <Text span fw={600} size="sm">
                  {row.pickup_time}
                </Text>{' '}
                <Text span size="xs" c="dimmed" className={classes.day}>
                  {shortDay(row.pickup_date)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Link href={`/admin/bookings/${encodeURIComponent(row.booking_number)}`} className={classes.bookingLink}>
                  {row.booking_number}
                </Link>
                {fresh.includes(row.booking_number) && (
                  <ToneBadge size="xs" ml={6} color="brand">
                    new
                  </ToneBadge>
                )}
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {row.anonymised ? 'Anonymised' : passengerName(row.passenger_name)}
                </Text>
              </Table.Td>
              <Table.Td className={classes.route}>
                <Text size="sm" lineClamp={1} title={row.from}>
                  {row.from}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1} title={row.to}>
                  → {row.ride_type === 'H' ? 'Hourly hire' : row.to}
                  {row.stops > 0 ? ` (+${row.stops} ${row.stops === 1 ? 'stop' : 'stops'})` : ''}
                </Text>
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                {row.vehicle_category}
                {row.vehicle_qty > 1 ? ` ×${row.vehicle_qty}` : ''}
              </Table.Td>
              <Table.Td className={classes.number}>{row.passengers}</Table.Td>
              <Table.Td className={classes.number}>{poundsText(row.total_pence, row.currency)}</Table.Td>
              <Table.Td>
                <Text size="sm" className={classes.nowrap}>
                  {PAYMENT_STATE_LABELS[row.payment_state]}
                </Text>
              </Table.Td>
              <Table.Td>
                <ToneBadge color={STATUS_COLOURS[row.status]} size="sm" className={classes.status}>
                  {statusLabel(row.status)}
                </ToneBadge>
                {row.status === 'driver_assigned' && row.job_stage && (
                  <ToneBadge color="violet" size="sm" mt={4} className={classes.status} data-testid="job-stage">
                    {JOB_STAGE_LABELS[row.job_stage]}
                  </ToneBadge>
                )}
                {row.flight && (
                  // Issue 33: the flight, the driver's due time, or why it needs action.
                  <ToneBadge color={row.flight.needs_action ? 'red' : 'blue'} size="sm" mt={4} className={classes.status} data-testid="flight-badge">
                    {row.flight.needs_action
                      ? FLIGHT_ACTION_LABELS[row.flight.needs_action]
                      : `${row.flight.number}${row.flight.driver_due_at ? ` · due ${londonTimeText(row.flight.driver_due_at)}` : ''}`}
                  </ToneBadge>
                )}
              </Table.Td>
              <Table.Td>
                {row.driver ? (
                  <>
                    <Text size="sm" lineClamp={1}>
                      {row.driver.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.driver.vehicle_registration}
                    </Text>
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
