import '@mantine/core/styles/Paper.css';
import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BookingResponse } from '../../../machines/booking/booking.types.ts';
import { addressLine } from '../../../contract/tripPlaces.ts';
import { formatDate, formatDuration, formatMoney, formatTime, isHourlyRide, paymentMethodLabel, rideTypeLabel } from './format.ts';
import classes from './Confirmation.module.css';

export function Item({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={classes.item}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

export function Section({ title, children, wide = false, testId }: { title: string; children: ReactNode; wide?: boolean; testId?: string }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" className={wide ? classes.wide : undefined} aria-label={title} data-testid={testId}>
      <Title order={2} size="h3" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The booking number, in the dashed box of the confirmation. */
export function BookingNumber({ value }: { value: string }) {
  return (
    <div className={classes.number}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.06em' }}>
        Booking number
      </Text>
      <span className={classes.numberValue} data-testid="booking-number">
        {value}
      </span>
    </div>
  );
}

const when = (date: string | null, time: string | null) => [formatDate(date), formatTime(time)].filter(Boolean).join(' at ');

/**
 * A booking as the confirmation shows it (spec §2 Confirmation, §3 Booking response): journey (ride type, vehicle,
 * addresses and stops, day-month-year dates and 12-hour times, hourly duration), passenger, payment method and total.
 * Used by the confirmation page and the manage page. `children` go at the end of the grid (full width).
 */
export function BookingDetails({
  data,
  currency,
  promo = null,
  children,
}: {
  data: BookingResponse['data'];
  currency: string | null | undefined;
  /** The promo code's line (label and discount in pence) of this booking, when one was used. */
  promo?: { label: string; discount_pence: number } | null;
  children?: ReactNode;
}) {
  const booking = data.booking;
  const stops = data.bookingStops ?? [];
  const passenger = data.passengerDetails;
  const hourly = isHourlyRide(booking.ride_type);
  const symbol = booking.currency ?? currency;

  return (
    <div className={classes.sections}>
      <Section title="Journey" wide>
        <dl className={`${classes.list} ${classes.listTwo}`}>
          <Item label="Ride type" testId="ride-type">
            {rideTypeLabel(booking.ride_type)}
          </Item>
          {booking.vehicle_category && (
            <Item label="Vehicle">
              {booking.vehicle_qty && booking.vehicle_qty > 1 ? `${booking.vehicle_qty} × ` : ''}
              {booking.vehicle_category}
              {booking.company_name ? ` · ${booking.company_name}` : ''}
            </Item>
          )}
          <Item label="Pickup" testId="pickup-address">
            {booking.pick_up_address}
          </Item>
          {stops.length > 0 && (
            <Item label={stops.length === 1 ? 'Stop' : 'Stops'}>
              <ol className={classes.stops} data-testid="stops">
                {stops.map((stop) => (
                  <li key={stop.id}>{addressLine(stop.stop_address, stop.stop_post_code)}</li>
                ))}
              </ol>
            </Item>
          )}
          {!hourly && booking.drop_off_address && (
            <Item label="Drop-off" testId="dropoff-address">
              {booking.drop_off_address}
            </Item>
          )}
          <Item label="Pickup date and time" testId="pickup-when">
            {when(booking.pick_up_date, booking.pick_up_time)}
          </Item>
          {booking.return_date && (
            <Item label="Return date and time" testId="return-when">
              {when(booking.return_date, booking.return_time)}
            </Item>
          )}
          {hourly && booking.hourly_duration !== null && (
            <Item label="Duration" testId="hourly-duration">
              {formatDuration(booking.hourly_duration)}
            </Item>
          )}
        </dl>
      </Section>

      <Section title="Passenger">
        <dl className={classes.list}>
          <Item label="Name" testId="passenger-name">
            {passenger.passenger_name || '—'}
          </Item>
          <Item label="Email">{passenger.passenger_email || '—'}</Item>
          <Item label="Phone">{passenger.passenger_contact_no || '—'}</Item>
          <Item label="Passengers">{passenger.total_passengers}</Item>
          {passenger.additional_info && <Item label="Additional information">{passenger.additional_info}</Item>}
        </dl>
      </Section>

      <Section title="Payment">
        <dl className={classes.list}>
          <Item label="Payment method" testId="payment-method">
            {paymentMethodLabel(booking.payment_method, booking.total_booking_amount)}
          </Item>
        </dl>
        {promo && (
          <div className={classes.total} style={{ marginTop: 'var(--mantine-spacing-md)' }} data-testid="promo-line">
            <Text>{promo.label}</Text>
            <span>−{formatMoney(promo.discount_pence / 100, symbol)}</span>
          </div>
        )}
        <div className={classes.total} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
          <Text fw={600}>Total</Text>
          <span className={classes.totalValue} data-testid="booking-total">
            {formatMoney(booking.total_booking_amount, symbol)}
          </span>
        </div>
        {booking.payment_method === 'car' && booking.total_booking_amount !== 0 && (
          <Text size="sm" c="dimmed" mt="xs">
            Pay the driver at the end of your journey.
          </Text>
        )}
      </Section>
      {children}
    </div>
  );
}
