/**
 * The booking page's side of the driver's app (issue 32): the offer step (a driver on duty, chosen and sent through
 * machines/consoleBooking), the booking's offers with their state, and the driver's progress with its times.
 */
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ConsoleBookingDetail } from '../../../../contract/consoleBookings.ts';
import { JOB_STAGE_LABELS } from '../../../../contract/dispatch.ts';
import { selectError, selectOfferDriverId, selectOfferSending, selectOnDuty, selectOnDutyFailed, selectOnDutyLoading } from '../../../../machines/consoleBooking/index.ts';
import { useBookingOffers } from '../../../app/console/bookingOffers.ts';
import { londonDateTime } from '../format.ts';
import type { BookingActor } from './BookingPage.tsx';
import { dutyText, jobSteps, offerBackNotice, offerStateText, shownState } from './offerText.ts';
import { Step } from './Step.tsx';
import classes from './Booking.module.css';

export function OfferStep({ actor }: { actor: BookingActor }) {
  const loading = useSelector(actor, selectOnDutyLoading);
  const failed = useSelector(actor, selectOnDutyFailed);
  const onDuty = useSelector(actor, selectOnDuty);
  const chosen = useSelector(actor, selectOfferDriverId);
  const sending = useSelector(actor, selectOfferSending);
  const error = useSelector(actor, selectError);
  return (
    <Step title="Offer to a driver on duty" testId="offer-step">
      {loading && <Text size="sm">Loading drivers on duty…</Text>}
      {failed && (
        <Group gap="xs">
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
          <Button size="xs" variant="light" onClick={() => actor.send({ type: 'retry' })}>
            Try again
          </Button>
          <Button size="xs" variant="default" onClick={() => actor.send({ type: 'back' })}>
            Back
          </Button>
        </Group>
      )}
      {onDuty && !loading && !failed && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'offer.confirm' });
          }}
        >
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              The driver has a short time to accept on their phone; if they decline or do not answer, the job stays here.
            </Text>
            <NativeSelect
              size="sm"
              label="Driver on duty"
              value={chosen === null ? '' : String(chosen)}
              onChange={(event) => actor.send({ type: 'offer.choose', driverId: event.currentTarget.value === '' ? null : Number(event.currentTarget.value) })}
              data={[
                { value: '', label: onDuty.length ? 'Choose a driver' : 'No driver is on duty' },
                ...onDuty.map((entry) => ({
                  value: String(entry.driver.id),
                  label: `${entry.driver.name} · ${entry.shift.vehicle.registration} ${entry.shift.vehicle.make} ${entry.shift.vehicle.model} · ${dutyText(entry)}`,
                })),
              ]}
            />
            {error && (
              <Text size="sm" c="red.8" role="alert">
                {error}
              </Text>
            )}
            <Group gap="xs">
              <Button type="submit" size="sm" loading={sending}>
                Send offer
              </Button>
              <Button type="button" size="sm" variant="default" onClick={() => actor.send({ type: 'back' })} disabled={sending}>
                Back
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Step>
  );
}

export function BookingOffers({ booking }: { booking: ConsoleBookingDetail }) {
  const { offers, now } = useBookingOffers(booking);
  if (offers.length === 0) return null;
  const notice = offerBackNotice(booking, offers, now);
  return (
    <Paper withBorder p="sm" radius="md" className={classes.step} data-testid="booking-offers" component="section" aria-labelledby="offers-title">
      <Title order={2} className={classes.stepTitle} id="offers-title">
        Offers to drivers
      </Title>
      {notice && (
        <Alert color="yellow" variant="light" role="alert" mb="xs" data-testid="offer-back">
          {notice}
        </Alert>
      )}
      <ul className={classes.plainList}>
        {offers.map((offer) => (
          <li key={offer.id} data-state={shownState(offer, now)}>
            <strong>{offer.driver.name}</strong>
            {offer.automatic ? ' · automatic offer' : ''} · {offerStateText(offer, now)}
          </li>
        ))}
      </ul>
    </Paper>
  );
}

/** The driver's progress on the job: On the way, Arrived, Passenger on board, with when each was tapped. */
export function JobProgress({ booking }: { booking: ConsoleBookingDetail }) {
  const steps = jobSteps(booking);
  if (steps.length === 0 || (booking.status !== 'driver_assigned' && booking.status !== 'completed' && booking.status !== 'no_show')) return null;
  const current = steps[steps.length - 1];
  return (
    <Paper withBorder p="sm" radius="md" className={classes.step} component="section" aria-labelledby="progress-title" data-testid="job-progress">
      <Title order={2} className={classes.stepTitle} id="progress-title">
        Driver's progress
      </Title>
      {booking.status === 'driver_assigned' && (
        <Text size="sm" fw={600} mb={4} data-testid="job-stage">
          {JOB_STAGE_LABELS[current.stage]}
        </Text>
      )}
      <ul className={classes.plainList}>
        {steps.map((step) => (
          <li key={step.stage}>
            {JOB_STAGE_LABELS[step.stage]} · {londonDateTime(step.at)}
          </li>
        ))}
      </ul>
    </Paper>
  );
}
