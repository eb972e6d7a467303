import '@mantine/core/styles/Paper.css';
import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { selectBooking, type BookingResponse } from '../../../machines/booking/index.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { useSetting } from '../../app/useSettings.ts';
import { IconCheck } from '../../components/icons.tsx';
import { formatDate, formatDuration, formatMoney, formatTime, isHourlyRide, paymentMethodLabel, rideTypeLabel } from './format.ts';
import classes from './Confirmation.module.css';

/** The server's booking: spec §3 fields, plus the vehicle and currency our provider also returns. */
type ShownBooking = BookingResponse['data']['booking'] & Partial<{ currency: string; vehicle_category: string; company_name: string; vehicle_qty: number }>;

function Item({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={classes.item}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

function Section({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" className={wide ? classes.wide : undefined} aria-label={title}>
      <Title order={2} size="h3" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const when = (date: string | null, time: string | null) => [formatDate(date), formatTime(time)].filter(Boolean).join(' at ');

/**
 * /paymentSuccessView (spec §2 Confirmation, §3 Booking response): the booking the server made, with its number, ride
 * type, addresses and stops, dates (day-month-year) and 12-hour times, hourly duration, payment method, total and
 * passenger. The flow has already cleared the stored booking data; the composition root keeps this booking for a reload.
 */
export function ConfirmationView() {
  const response = Booking.useSelector(selectBooking);
  const actor = Booking.useActorRef();
  const setting = useSetting('CURRENCY');
  if (!response) return null;

  const booking: ShownBooking = response.data.booking;
  const stops = response.data.bookingStops ?? [];
  const passenger = response.data.passengerDetails;
  const hourly = isHourlyRide(booking.ride_type);
  const symbol = booking.currency ?? setting;

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} data-screen="confirmation">
      <Stack gap="lg">
        <div className={classes.hero}>
          <ThemeIcon size={56} radius="xl" color="green" variant="light" aria-hidden="true">
            <IconCheck size={30} />
          </ThemeIcon>
          <Title order={1} size="h2">
            Booking Confirmation
          </Title>
          <Text c="dimmed" maw={460}>
            Thank you{passenger.passenger_name ? `, ${passenger.passenger_name.split(' ')[0]}` : ''}. Your booking is confirmed
            {passenger.passenger_email ? ` and the details are on their way to ${passenger.passenger_email}` : ''}.
          </Text>
          <div className={classes.number}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.06em' }}>
              Booking number
            </Text>
            <span className={classes.numberValue} data-testid="booking-number">
              {booking.booking_number}
            </span>
          </div>
        </div>

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
              {!hourly && booking.drop_off_address && (
                <Item label="Drop-off" testId="dropoff-address">
                  {booking.drop_off_address}
                </Item>
              )}
              {stops.length > 0 && (
                <Item label={stops.length === 1 ? 'Stop' : 'Stops'}>
                  <ol className={classes.stops} data-testid="stops">
                    {stops.map((stop) => (
                      <li key={stop.id}>{[stop.stop_address, stop.stop_post_code].filter(Boolean).join(', ')}</li>
                    ))}
                  </ol>
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
              {hourly && booking.hourly_duration !== null && booking.hourly_duration !== '' && (
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
                {paymentMethodLabel(booking.payment_method)}
              </Item>
            </dl>
            <div className={classes.total} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
              <Text fw={600}>Total</Text>
              <span className={classes.totalValue} data-testid="booking-total">
                {formatMoney(booking.total_booking_amount, symbol)}
              </span>
            </div>
            {booking.payment_method === 'car' && (
              <Text size="sm" c="dimmed" mt="xs">
                Pay the driver at the end of your journey.
              </Text>
            )}
          </Section>
        </div>

        <div className={classes.actions}>
          <Button variant="default" size="md" onClick={() => window.print()}>
            Print
          </Button>
          <Button size="md" onClick={() => actor.send({ type: 'flow.restart' })}>
            Book another journey
          </Button>
        </div>
      </Stack>
    </Container>
  );
}
