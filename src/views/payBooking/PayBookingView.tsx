import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Paper.css';
import { Alert, Button, Container, Divider, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { londonMoment } from '../../../contract/dispatch.ts';
import { PAY_LINK_MESSAGES, type PayLinkView } from '../../../contract/payLinks.ts';
import { selectCanSubmit, selectError, selectNotice, selectProcessing, selectPublishableKey, selectStage, selectView } from '../../../machines/payBooking/index.ts';
import { payBookingLogic, readPayBookingInput, type PayBookingActor } from '../../app/payBooking/payBookingLogic.ts';
import { useSetting } from '../../app/useSettings.ts';
import { CallButton } from '../../components/CallButton.tsx';
import { IconCheck, IconInfo, IconLock } from '../../components/icons.tsx';
import cardClasses from '../card/Card.module.css';
import { CardForm } from '../card/CardForm.tsx';
import { SandboxChallengeModal } from '../card/SandboxChallengeModal.tsx';
import { formatDate, formatMoney } from '../confirmation/format.ts';
import { CardBrands } from '../payment/CardBrands.tsx';
import classes from './PayBooking.module.css';

function useOperatorPhone(): string | null {
  return useSetting('Company_Contact_Info')?.trim() || null;
}

/** The trip the link pays, as the mail listed it. */
function TripSummary({ view }: { view: PayLinkView }) {
  const { trip } = view;
  const rows: [string, string][] = [
    ['Booking number', view.booking_number],
    ['Pick-up', trip.pickup],
    ...trip.stops.map((stop, index): [string, string] => [`Stop ${index + 1}`, stop]),
    ...(trip.hours ? [] : [['Drop-off', trip.dropoff] as [string, string]]),
    ['Date and time', `${formatDate(trip.pickup_date)}, ${trip.pickup_time}`],
    ...(trip.return_date ? [['Return', `${formatDate(trip.return_date)}, ${trip.return_time ?? ''}`] as [string, string]] : []),
    ...(trip.hours ? [['Hire', `${trip.hours} hours`] as [string, string]] : []),
    ['Vehicle', trip.vehicle],
    ['Passengers', String(trip.passengers)],
    ['Passenger', trip.passenger_name],
  ];
  return (
    <dl className={classes.details} data-testid="pay-booking-trip">
      {rows.map(([label, value]) => (
        <div key={label} className={classes.row}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PayForm({ actor, view }: { actor: PayBookingActor; view: PayLinkView }) {
  const publishableKey = useSelector(actor, selectPublishableKey);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const processing = useSelector(actor, selectProcessing);
  const error = useSelector(actor, selectError);
  const symbol = useSetting('CURRENCY');
  const amount = formatMoney(view.amount, symbol);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs" data-testid="pay-booking-form">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Pay for your booking
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {view.company_name} is holding this booking for you until {londonMoment(new Date(view.due_at))} (London time).
          </Text>
        </div>
        <TripSummary view={view} />
        <Divider />
        <div className={cardClasses.amountBox} id="amount-to-pay">
          <Text fw={600}>Amount To Pay</Text>
          <span className={cardClasses.amount} data-testid="amount-to-pay">
            {amount}
          </span>
        </div>
        {error && (
          <Alert color="red" variant="light" radius="md" role="alert" data-testid="pay-booking-error">
            {error}
          </Alert>
        )}
        <CardForm publishableKey={publishableKey} amount={amount} canSubmit={canSubmit} processing={processing} succeeded={false} onSubmit={(card) => actor.send({ type: 'card.submit', card })} />
        <Stack gap={8} align="center">
          <CardBrands size={22} />
          <div className={cardClasses.secure}>
            <IconLock size={14} />
            <span>Your card details go straight to the card processor and never reach our servers.</span>
          </div>
        </Stack>
      </Stack>
      <SandboxChallengeModal amount={amount} merchant={view.company_name} />
    </Paper>
  );
}

/** A final page: paid, cancelled or an unknown link, with the operator's phone. */
function Outcome({ tone, title, text, detail = null, testId }: { tone: 'green' | 'orange'; title: string; text: string; detail?: string | null; testId: string }) {
  const phone = useOperatorPhone();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.centered} data-testid={testId}>
      <ThemeIcon size={56} radius="xl" color={tone} variant="light" aria-hidden="true">
        {tone === 'green' ? <IconCheck size={30} /> : <IconInfo size={30} />}
      </ThemeIcon>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text data-testid="pay-booking-message">{text}</Text>
      {detail && <Text data-testid="pay-booking-detail">{detail}</Text>}
      {phone && tone !== 'green' && <CallButton phone={phone} variant="default" />}
    </Paper>
  );
}

/**
 * /pay-booking (issue 34): the page a phone booking's mailed payment link opens (`#token=…`). It renders the state of
 * machines/payBooking: the trip, the price and the booking flow's card form (the sandbox's test cards, or Stripe's
 * fields when keyed; 3-D Secure), then paid; a released, cancelled or unknown link says so with the operator's phone.
 * Rendered in the browser only: the machine drops the token from the address before its first call.
 */
export function PayBookingView() {
  const actor = useActorRef(payBookingLogic, { input: readPayBookingInput() });
  const stage = useSelector(actor, selectStage);
  const view = useSelector(actor, selectView);
  const notice = useSelector(actor, selectNotice);
  const error = useSelector(actor, selectError);
  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }} data-screen="pay-booking" data-stage={stage}>
      {stage === 'loading' && (
        <div className={classes.centered}>
          <Loader aria-hidden="true" />
          <Text role="status">Opening your booking…</Text>
        </div>
      )}
      {stage === 'form' && view && <PayForm actor={actor} view={view} />}
      {stage === 'paid' && <Outcome tone="green" title="Booking paid" text={notice ?? (view ? PAY_LINK_MESSAGES.paid(view.booking_number) : PAY_LINK_MESSAGES.alreadyPaid)} testId="pay-booking-paid" />}
      {stage === 'released' && <Outcome tone="orange" title="Payment link expired" text={PAY_LINK_MESSAGES.released} detail={notice} testId="pay-booking-released" />}
      {stage === 'closed' && <Outcome tone="orange" title="Nothing to pay" text={notice ?? PAY_LINK_MESSAGES.cancelled} testId="pay-booking-closed" />}
      {stage === 'unknown' && <Outcome tone="orange" title="We can't open this payment link" text={PAY_LINK_MESSAGES.unknown} testId="pay-booking-unknown" />}
      {stage === 'failed' && (
        <Alert color="red" variant="light" role="alert" title="Your booking could not be opened" data-testid="pay-booking-failed">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{error}</Text>
            <Group>
              <Button variant="default" onClick={() => actor.send({ type: 'retry' })}>
                Try again
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Container>
  );
}
