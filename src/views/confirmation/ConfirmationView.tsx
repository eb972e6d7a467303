import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CALENDAR_CONTENT_TYPE } from '../../../contract/bookingCalendar.ts';
import { selectBooking, selectPromo } from '../../../machines/booking/index.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { useSetting } from '../../app/useSettings.ts';
import { IconCheck } from '../../components/icons.tsx';
import { BookingDetails, BookingNumber } from './BookingDetails.tsx';
import { confirmationCalendar } from './confirmationCalendar.ts';
import { saveTextFile } from './saveFile.ts';
import classes from './Confirmation.module.css';

/**
 * /paymentSuccessView (spec §2 Confirmation, §3 Booking response): the booking the server made, with its number, ride
 * type, addresses and stops, dates (day-month-year) and 12-hour times, hourly duration, payment method, total and
 * passenger. The flow has already cleared the stored booking data; the composition root keeps this booking for a reload.
 * "Add to calendar" builds the booking's .ics here, from this response (the mail carries the same file).
 */
export function ConfirmationView() {
  const response = Booking.useSelector(selectBooking);
  const promo = Booking.useSelector(selectPromo);
  const actor = Booking.useActorRef();
  const currency = useSetting('CURRENCY');
  const companyName = useSetting('Company_Name');
  const phone = useSetting('Company_Contact_Info');
  if (!response) return null;

  const passenger = response.data.passengerDetails;
  const calendar = confirmationCalendar(response.data, { companyName: companyName?.trim() || 'your taxi company', phone: phone?.trim() || null });

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
          <BookingNumber value={response.data.booking.booking_number} />
        </div>

        {/* The code applied in this flow, when the booked total is the one it gave (a reload of the page shows the total only). */}
        <BookingDetails data={response.data} currency={currency} promo={promo && Math.round(Number(response.data.booking.total_booking_amount) * 100) === promo.total_pence ? promo : null} />

        <div className={classes.actions}>
          <Button variant="default" size="md" onClick={() => window.print()}>
            Print
          </Button>
          {calendar && (
            <Button variant="default" size="md" onClick={() => saveTextFile(calendar.filename, calendar.text, CALENDAR_CONTENT_TYPE)}>
              Add to calendar
            </Button>
          )}
          <Button size="md" onClick={() => actor.send({ type: 'flow.restart' })}>
            Book another journey
          </Button>
        </div>
      </Stack>
    </Container>
  );
}
