import '@mantine/core/styles/Paper.css';
import { Button, Container, Paper, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { selectBusy, selectCanBookFree, selectCanPayByCard, selectCanPayInCar, selectCardOffered, selectNothingToPay, selectOnAccountOffered, selectPayInCarOffered, selectRegistrationData } from '../../../machines/booking/index.ts';
import { CARD_EXTRAS_NOTICE, NOTHING_TO_PAY } from '../../../contract/paymentMethods.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { useSetting } from '../../app/useSettings.ts';
import { BookingStepper } from '../../components/booking/BookingStepper.tsx';
import { BookingSummary } from '../../components/booking/BookingSummary.tsx';
import { IconArrowLeft, IconPhone } from '../../components/icons.tsx';
import { telHref } from '../../app/navigation.ts';
import { IconCar, IconCard, IconCheck, IconChevronDown, IconLock } from '../../components/icons.tsx';
import { VehicleSummary } from '../personalDetails/VehicleSummary.tsx';
import { OnAccountOption } from './OnAccountOption.tsx';
import { CardBrands } from './CardBrands.tsx';
import classes from './Payment.module.css';

/** The details the visitor entered on the previous step (spec §2 Payment: first name, surname, email, mobile). */
function EnteredDetails() {
  const data = Booking.useSelector(selectRegistrationData);
  const rows = [
    ['First Name', data.firstName],
    ['Surname', data.surname],
    ['Email', data.email],
    ['Mobile', data.number],
  ] as const;
  return (
    <dl className={classes.details} data-testid="entered-details">
      {rows.map(([label, value]) => (
        <div key={label} className={classes.detail}>
          <dt>{label}</dt>
          <dd>{value.trim() || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * "Nothing to pay" instead of the two choices, when the applied promo code makes the server's total £0: booked in one
 * tap, with no card and nothing for the driver (the server checks the total again).
 */
function NothingToPay() {
  const actor = Booking.useActorRef();
  const canBook = Booking.useSelector(selectCanBookFree);
  const booking = Booking.useSelector((s) => s.matches({ payment: 'bookingFree' }));
  return (
    <div className={classes.option} data-testid="nothing-to-pay">
      <div className={classes.optionHead}>
        <ThemeIcon variant="light" color="green" size={40} radius="md" aria-hidden="true">
          <IconCheck size={22} />
        </ThemeIcon>
        <div className={classes.optionText}>
          <Text fw={700}>Your booking is free</Text>
          <Text size="sm" c="dimmed">
            Your promo code covers the whole fare: no card needed, and nothing to pay the driver.
          </Text>
        </div>
      </div>
      <Button mt="auto" size="md" fullWidth loading={booking} disabled={!canBook && !booking} onClick={() => actor.send({ type: 'payment.nothingToPay' })}>
        Confirm Booking
      </Button>
      {booking && (
        <Text size="sm" c="dimmed" ta="center" role="status">
          Booking your ride, please wait…
        </Text>
      )}
    </div>
  );
}

/**
 * /paymentview (spec §2 Payment): the vehicle and price, the entered details (behind 'Show Detail' on phones), the
 * card brands, 'Pay in Car' when SHOWPAYINCAR is 'yes' (waiting while the booking is made) and 'Pay By Card' when
 * SHOWCARD is 'yes'; "Nothing to pay" instead of both when the promo code makes the booking free.
 */
export function PaymentView() {
  const actor = Booking.useActorRef();
  const desktop = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [detailShown, detail] = useDisclosure(false);
  const showPayInCar = Booking.useSelector(selectPayInCarOffered);
  const showCard = Booking.useSelector(selectCardOffered);
  const canPayInCar = Booking.useSelector(selectCanPayInCar);
  const canPayByCard = Booking.useSelector(selectCanPayByCard);
  const bookingInCar = Booking.useSelector((s) => s.matches({ payment: 'bookingInCar' }));
  const busy = Booking.useSelector(selectBusy);
  const free = Booking.useSelector(selectNothingToPay);
  const onAccount = Booking.useSelector(selectOnAccountOffered);
  const phone = useSetting('Company_Contact_Info');

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} data-screen="payment">
      <BookingStepper />
      <div className={classes.layout}>
        <div className={classes.head}>
          <Title order={1} size="h2">
            Payment
          </Title>
          <Text c="dimmed" mt={4}>
            {free ? 'Check your booking, then confirm it.' : 'Check your booking, then choose how you would like to pay.'}
          </Text>
        </div>

        <div className={classes.vehicle}>
          <VehicleSummary />
        </div>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="payment-details-title" className={classes.detailsArea}>
          {desktop ? (
            <Title order={2} size="h3" id="payment-details-title" mb="md">
              Your details
            </Title>
          ) : (
            <UnstyledButton
              onClick={detail.toggle}
              aria-expanded={detailShown}
              aria-controls="payment-details"
              id="payment-details-title"
              style={{ display: 'flex', width: '100%', alignItems: 'center', justifyContent: 'space-between', fontWeight: 600, color: 'var(--mantine-color-brand-7)' }}
            >
              {detailShown ? 'Hide Detail' : 'Show Detail'}
              <IconChevronDown size={18} style={{ transform: detailShown ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }} />
            </UnstyledButton>
          )}
          {(desktop || detailShown) && (
            <div id="payment-details" style={desktop ? undefined : { marginTop: 'var(--mantine-spacing-md)' }}>
              <EnteredDetails />
            </div>
          )}
        </Paper>

        {(desktop || detailShown) && (
          <aside className={classes.aside} aria-label="Your trip">
            <BookingSummary />
          </aside>
        )}

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="pay-title" className={classes.pay}>
          <Title order={2} size="h3" id="pay-title" mb="md">
            {free ? NOTHING_TO_PAY : 'How would you like to pay?'}
          </Title>
          {free ? (
            <div className={classes.options}>
              <NothingToPay />
            </div>
          ) : showPayInCar || showCard || onAccount ? (
            <div className={classes.options}>
              <OnAccountOption />
              {showPayInCar && (
                <div className={classes.option}>
                  <div className={classes.optionHead}>
                    <ThemeIcon variant="light" size={40} radius="md" aria-hidden="true">
                      <IconCar size={22} />
                    </ThemeIcon>
                    <div className={classes.optionText}>
                      <Text fw={700}>Pay the driver</Text>
                      <Text size="sm" c="dimmed">
                        Pay at the end of your journey.
                      </Text>
                    </div>
                  </div>
                  <Button mt="auto" size="md" variant={showCard ? 'default' : 'filled'} fullWidth loading={bookingInCar} disabled={!canPayInCar && !bookingInCar} onClick={() => actor.send({ type: 'payment.payInCar' })}>
                    Pay in Car
                  </Button>
                  {bookingInCar && (
                    <Text size="sm" c="dimmed" ta="center" role="status">
                      Booking your ride, please wait…
                    </Text>
                  )}
                </div>
              )}
              {showCard && (
                <div className={classes.option}>
                  <div className={classes.optionHead}>
                    <ThemeIcon variant="light" size={40} radius="md" aria-hidden="true">
                      <IconCard size={22} />
                    </ThemeIcon>
                    <div className={classes.optionText}>
                      <Text fw={700}>Pay now by card</Text>
                      <Text size="sm" c="dimmed">
                        Secure payment, confirmed instantly.
                      </Text>
                    </div>
                  </div>
                  <CardBrands size={24} />
                  <Button mt="auto" size="md" fullWidth leftSection={<IconLock size={18} />} disabled={!canPayByCard} onClick={() => actor.send({ type: 'payment.chooseCard' })}>
                    Pay By Card
                  </Button>
                  {/* Under the button, so the button stays on a phone's first screen. */}
                  <Text size="xs" c="dimmed" data-testid="card-extras-notice">
                    {CARD_EXTRAS_NOTICE}
                  </Text>
                </div>
              )}
            </div>
          ) : (
            <Stack gap="sm" align="flex-start">
              <Text>Online booking is not available at the moment. Please call us to book this journey.</Text>
              {phone && (
                <Button component="a" href={telHref(phone)} variant="light" leftSection={<IconPhone size={18} />}>
                  Call {phone}
                </Button>
              )}
            </Stack>
          )}
        </Paper>

        <div className={classes.actions}>
          <Button variant="default" size="md" leftSection={<IconArrowLeft size={18} />} disabled={busy} onClick={() => actor.send({ type: 'nav.back' })}>
            Back
          </Button>
        </div>
      </div>
    </Container>
  );
}
