import { Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PAYMENT_STATE_LABELS, type ConsoleBookingDetail } from '../../../../contract/consoleBookings.ts';
import { CANCEL_REASON_LABELS } from '../../../../contract/dispatch.ts';
import { londonDateTime, shortDay } from '../format.ts';
import { ToneBadge } from '../StatusBadge.tsx';
import { TimelineList } from './TimelineList.tsx';
import classes from './Booking.module.css';
import { poundsText } from '../../../../contract/money.ts';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className={classes.section} data-testid={testId} aria-label={title}>
      <Title order={2} className={classes.sectionTitle}>
        {title}
      </Title>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '' && value !== false);
  return (
    <dl className={classes.facts_list}>
      {shown.map(([label, value]) => (
        <div key={label} className={classes.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const OPTION_LABELS: Record<string, string> = {
  luggage: 'Luggage',
  hand_luggage: 'Hand luggage',
  child_seats: 'Child seats',
  booster_seats: 'Booster seats',
  infant_seats: 'Infant seats',
  meet_and_greet: 'Meet and greet',
  wheelchair: 'Wheelchair',
  waiting_minutes: 'Waiting (minutes)',
  hours: 'Hours',
};

/** 'hand_luggages' → 'Hand luggages'. */
const sentence = (name: string) => {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A booked option as a person reads it. */
function optionValue(value: unknown): string {
  if (value === true) return 'Yes';
  if (value === false || value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

interface BreakdownLine {
  label: string;
  amount_pence: number;
}

function breakdownLines(breakdown: unknown): BreakdownLine[] {
  const lines = (breakdown as { lines?: unknown } | null)?.lines;
  if (!Array.isArray(lines)) return [];
  return lines.filter((line): line is BreakdownLine => typeof line?.label === 'string' && typeof line?.amount_pence === 'number');
}

const PASSENGER_MODES: Record<ConsoleBookingDetail['passenger_mode'], string> = {
  guest_login: 'Guest',
  new_client: 'New account',
  existing_client: 'Signed-in passenger',
  corporate: 'Corporate account',
};

/** Everything the passenger entered, the price and the money, the driver, the mails and the timeline. */
export function BookingFacts({ booking }: { booking: ConsoleBookingDetail }) {
  const lines = breakdownLines(booking.price.breakdown);
  // What was asked for: a 'no', a nought or a return leg's copy of a one-way trip says nothing.
  const options = Object.entries(booking.options).filter(([name, value]) => !['', '0', 'no'].includes(optionValue(value).toLowerCase()) && (booking.return_at !== null || !name.startsWith('return')));
  const { dispatch, payment } = booking;

  return (
    <div className={classes.sections}>
      <Section title="Trip" testId="trip-facts">
        <Facts
          rows={[
            ['Pick-up', `${booking.pickup_time}, ${shortDay(booking.pickup_date)}`],
            ['From', booking.from],
            ...booking.stop_addresses.map((stop, index): [string, ReactNode] => [`Stop ${index + 1}`, stop]),
            ['To', booking.ride_type === 'H' ? `Hourly hire${booking.hire_hours ? `, ${booking.hire_hours} h` : ''}` : booking.to],
            ['Return', booking.return_at ? londonDateTime(booking.return_at) : ''],
            ['Vehicle', `${booking.vehicle_category}${booking.vehicle_qty > 1 ? ` ×${booking.vehicle_qty}` : ''}`],
            ['Passengers', booking.passengers],
            ['Flight', booking.flight_no],
            ['Return flight', booking.return_flight_no],
            ['Distance', booking.distance_miles !== null ? `${booking.distance_miles} miles` : ''],
            ['Notes', booking.additional_info],
            ['Return notes', booking.return_additional_info],
            ...options.map(([name, value]): [string, ReactNode] => [OPTION_LABELS[name] ?? sentence(name), optionValue(value)]),
          ]}
        />
      </Section>
      <Section title="Passenger" testId="passenger-facts">
        {booking.anonymised ? (
          <Text size="sm">Anonymised under the retention period.</Text>
        ) : (
          <Facts
            rows={[
              ['Name', booking.passenger_name],
              ['Phone', booking.passenger_phone ? <a href={`tel:${booking.passenger_phone.replace(/[^\d+]/g, '')}`}>{booking.passenger_phone}</a> : ''],
              ['E-mail', booking.passenger_email ? <a href={`mailto:${booking.passenger_email}`}>{booking.passenger_email}</a> : ''],
              ['Booked as', PASSENGER_MODES[booking.passenger_mode] ?? booking.passenger_mode],
              ['Company', booking.company_name],
            ]}
          />
        )}
      </Section>
      <Section title="Price" testId="price-facts">
        <Table fz="sm" verticalSpacing={4} className={classes.priceTable}>
          <Table.Tbody>
            {lines.map((line, index) => (
              <Table.Tr key={index}>
                <Table.Td>{line.label}</Table.Td>
                <Table.Td className={classes.amount}>{poundsText(line.amount_pence)}</Table.Td>
              </Table.Tr>
            ))}
            {booking.vehicle_qty > 1 && (
              <Table.Tr>
                <Table.Td>× {booking.vehicle_qty} vehicles</Table.Td>
                <Table.Td className={classes.amount}>{poundsText(booking.price.unit_price_pence)} each</Table.Td>
              </Table.Tr>
            )}
            {/* The total includes the driver's extras once the job is completed: list them, so the lines add up. */}
            {booking.completion?.extras.map((extra) => (
              <Table.Tr key={extra.code}>
                <Table.Td>{extra.label}</Table.Td>
                <Table.Td className={classes.amount}>{poundsText(extra.amount_pence)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr className={classes.total}>
              <Table.Td>Total</Table.Td>
              <Table.Td className={classes.amount}>{poundsText(booking.price.total_pence)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Section>
      <Section title="Payment" testId="payment-facts">
        <Facts
          rows={[
            ['Method', payment.method === 'card' ? 'Card' : 'Pay the driver'],
            ['State', PAYMENT_STATE_LABELS[payment.state]],
            ['Paid', payment.method === 'card' ? poundsText(payment.paid_pence) : ''],
            ["Incl. driver's extras", payment.extras_paid_pence > 0 ? poundsText(payment.extras_paid_pence) : ''],
            ['Refunded', payment.refunded_pence > 0 ? poundsText(payment.refunded_pence) : ''],
            ['Refundable', payment.method === 'card' ? poundsText(payment.refundable_pence) : ''],
            ['Cancellation fee', dispatch.cancellation_fee_pence ? poundsText(dispatch.cancellation_fee_pence) : ''],
          ]}
        />
        {payment.refunds.length > 0 && (
          <ul className={classes.plainList} data-testid="refunds">
            {payment.refunds.map((refund, index) => (
              <li key={index}>
                Refund {poundsText(refund.amount_pence)} · {refund.status} · {londonDateTime(refund.created_at)}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Driver and vehicle" testId="dispatch-facts">
        {dispatch.driver || dispatch.vehicle ? (
          <Facts
            rows={[
              ['Driver', dispatch.driver ? `${dispatch.driver.name}${dispatch.driver.phone ? ` · ${dispatch.driver.phone}` : ''}` : ''],
              ['PHV driver licence', dispatch.driver ? `${dispatch.driver.licence_number} (${dispatch.driver.licensing_authority}), to ${dispatch.driver.licence_expiry}` : ''],
              ['Vehicle', dispatch.vehicle ? `${dispatch.vehicle.registration} · ${dispatch.vehicle.make} ${dispatch.vehicle.model}, ${dispatch.vehicle.colour}` : ''],
              ['PHV vehicle licence', dispatch.vehicle ? `${dispatch.vehicle.licence_number}, to ${dispatch.vehicle.licence_expiry}` : ''],
            ]}
          />
        ) : (
          <Text size="sm" c="dimmed">
            Not assigned yet.
          </Text>
        )}
        <Facts
          rows={[
            ['Accepted', londonDateTime(dispatch.accepted_at)],
            ['Assigned', londonDateTime(dispatch.assigned_at)],
            ['Completed', londonDateTime(dispatch.completed_at)],
            ['No-show', londonDateTime(dispatch.no_show_at)],
            ['Cancelled', dispatch.cancelled_at ? `${londonDateTime(dispatch.cancelled_at)}${dispatch.cancelled_by ? ` by the ${dispatch.cancelled_by}` : ''}` : ''],
            ['Reason', dispatch.cancel_reason ? CANCEL_REASON_LABELS[dispatch.cancel_reason] : ''],
            ['Note', dispatch.cancel_note],
          ]}
        />
      </Section>
      <Section title="Mails" testId="mail-facts">
        {booking.mails.length === 0 ? (
          <Text size="sm" c="dimmed">
            No mails yet.
          </Text>
        ) : (
          <ul className={classes.plainList}>
            {booking.mails.map((mail) => (
              <li key={mail.id}>
                <Text size="sm" span fw={500}>
                  {mail.subject}
                </Text>{' '}
                <ToneBadge size="xs" color={mail.status === 'failed' ? 'red' : mail.status === 'sent' ? 'green' : 'gray'}>
                  {mail.status}
                </ToneBadge>
                <Text size="xs" c="dimmed">
                  to {mail.to} · {londonDateTime(mail.sent_at ?? mail.created_at)}
                </Text>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Timeline" testId="timeline">
        <TimelineList entries={booking.timeline} />
      </Section>
    </div>
  );
}
