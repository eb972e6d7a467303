/**
 * The job in hand: its state, pick-up time, the places in order with a Navigate link each, the passenger with a call
 * link, flight, options, notes, how the fare is paid, and the steps the server allows now (allowed_steps). Shown as
 * tapped: the driver's taps still waiting for the office are applied (DriverFrame lists them).
 */
import { lazy, Suspense, useEffect } from 'react';
import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { DRIVER_JOB_STATE_LABELS, DRIVER_STEP_LABELS } from '../../../contract/dispatch.ts';
import { tripPlaces } from '../../../contract/tripPlaces.ts';
import { selectBusy, selectCompleting, selectSettling, selectShownJob } from '../../../machines/driver/index.ts';
import { Driver } from '../../app/driver/driverLogic.ts';
import { farePaid, navigateUrl, optionLines, pickupMoment } from './format.ts';
import classes from './Driver.module.css';
import { poundsText } from '../../../contract/money.ts';

// The completion form (its number inputs) is its own chunk, out of the app's first load (the driver bundle's budget);
// it is fetched as soon as a job is on screen, so the form still opens if the signal goes before 'Completed'.
const loadCompletionForm = () => import('./CompletionForm.tsx');
const CompletionForm = lazy(() => loadCompletionForm().then((module) => ({ default: module.CompletionForm })));

export function JobScreen() {
  const actor = Driver.useActorRef();
  const busy = Driver.useSelector(selectBusy);
  const settling = Driver.useSelector(selectSettling);
  const job = Driver.useSelector(selectShownJob);
  const completing = Driver.useSelector(selectCompleting);
  useEffect(() => {
    void loadCompletionForm().catch(() => {});
  }, []);
  if (!job) return null;
  if (completing)
    return (
      <Suspense fallback={<Loader size="md" role="progressbar" aria-label="Loading" />}>
        <CompletionForm job={job} />
      </Suspense>
    );
  const places = tripPlaces(job.pickup_address, job.stops, job.dropoff_address);
  const options = optionLines(job.options);
  return (
    <section aria-labelledby="job-title" className={classes.card} data-testid="driver-job">
      <Stack gap="md">
        <div>
          <Title order={1} id="job-title" className={classes.heading}>
            {job.booking_number}
          </Title>
          <Text className={classes.fact} data-testid="driver-job-state">
            {DRIVER_JOB_STATE_LABELS[job.state]}
          </Text>
        </div>
        <div>
          <Text className={classes.label}>Pick-up time</Text>
          <Text className={classes.fact}>{pickupMoment(job.pickup_at)}</Text>
        </div>
        <ol className={classes.places} aria-label="Places in order">
          {places.map((place) => (
            <li key={`${place.label}-${place.address}`}>
              <Text className={classes.label}>{place.label}</Text>
              <Text className={classes.fact}>{place.address}</Text>
              <a className={classes.link} href={navigateUrl(place.address)} target="_blank" rel="noopener noreferrer">
                Navigate to {place.label.toLowerCase()}
              </a>
            </li>
          ))}
        </ol>
        <div>
          <Text className={classes.label}>Passenger</Text>
          <Text className={classes.fact}>
            {job.passenger_name || 'No name given'} · {job.passengers} {job.passengers === 1 ? 'passenger' : 'passengers'}
          </Text>
          {job.passenger_phone && (
            <a className={classes.link} href={`tel:${job.passenger_phone.replace(/[^+\d]/g, '')}`}>
              Call {job.passenger_name || 'the passenger'}
            </a>
          )}
        </div>
        {job.flight_no && (
          <div>
            <Text className={classes.label}>Flight</Text>
            <Text className={classes.fact}>{job.flight_no}</Text>
          </div>
        )}
        {options.length > 0 && (
          <div>
            <Text className={classes.label}>Options</Text>
            {options.map((line) => (
              <Text key={line} className={classes.fact}>
                {line}
              </Text>
            ))}
          </div>
        )}
        {job.notes && (
          <div>
            <Text className={classes.label}>Notes</Text>
            <Text c="#000">{job.notes}</Text>
          </div>
        )}
        <div>
          <Text className={classes.label}>Fare</Text>
          <Text className={classes.fact} data-testid="driver-job-fare">
            {farePaid(job.fare)}
          </Text>
          {job.fare.payment === 'card' && <Text c="#000">{poundsText(job.fare.total_pence, job.fare.currency)}</Text>}
        </div>
        {job.allowed_steps.map((step) => (
          <Button
            key={step}
            size="xl"
            className={classes.big}
            fullWidth
            color="dark"
            variant={step === 'no_show' ? 'outline' : 'filled'}
            loading={busy}
            disabled={settling}
            // 'Completed' opens the completion form (the extras, how the passenger paid); the other steps are tapped at once.
            onClick={() => actor.send(step === 'complete' ? { type: 'complete.open' } : { type: 'step', step })}
          >
            {DRIVER_STEP_LABELS[step]}
          </Button>
        ))}
      </Stack>
    </section>
  );
}
