/**
 * The completion form (issue 32), one thumb at 375 px: the extras the owner allows (waiting time in whole minutes,
 * parking and tolls in pounds, each with its limit), and for a pay-in-car job how the passenger paid; the final fare
 * previewed with the server's own pricing (the server prices it again). Sending it is the 'complete' tap, queued as
 * every status tap (it goes when there is signal). The machine holds what is typed (context.completion).
 */
import { Button, NumberInput, Stack, Text, Title } from '@mantine/core';
import type { DriverJob } from '../../../contract/driver.ts';
import { PAID_IN_CAR, PAID_IN_CAR_LABELS } from '../../../contract/jobCompletionRules.ts';
import { completionCheck, selectBusy, selectCompletion } from '../../../machines/driver/index.ts';
import { Driver } from '../../app/driver/driverLogic.ts';

import classes from './Driver.module.css';
import { poundsText } from '../../../contract/money.ts';

const pence = (pounds: string | number) => Math.round(Number(pounds || 0) * 100);

export function CompletionForm({ job }: { job: DriverJob }) {
  const actor = Driver.useActorRef();
  const busy = Driver.useSelector(selectBusy);
  const draft = Driver.useSelector(selectCompletion);
  if (!draft) return null;
  const allowed = job.extras_allowed;
  const { problem, extrasPence } = completionCheck(job, draft);
  const symbol = job.fare.currency;
  return (
    <section aria-labelledby="complete-title" className={classes.card} data-testid="driver-completion">
      <Stack gap="md">
        <Title order={1} id="complete-title" className={classes.heading}>
          Complete {job.booking_number}
        </Title>
        {allowed?.waiting && (
          <NumberInput
            size="xl"
            label={`Waiting time (minutes, at most ${allowed.waiting.max_minutes})`}
            description={`${poundsText(allowed.waiting.per_five_pence, symbol)} per started 5 minutes`}
            min={0}
            max={allowed.waiting.max_minutes}
            allowDecimal={false}
            allowNegative={false}
            inputMode="numeric"
            value={draft.waitingMin || ''}
            onChange={(value) => actor.send({ type: 'complete.edit', waitingMin: Number(value || 0) })}
          />
        )}
        {allowed?.parking_max_pence && (
          <NumberInput
            size="xl"
            label={`Parking (${symbol}, at most ${poundsText(allowed.parking_max_pence, symbol)})`}
            min={0}
            decimalScale={2}
            allowNegative={false}
            inputMode="decimal"
            value={draft.parkingPence ? draft.parkingPence / 100 : ''}
            onChange={(value) => actor.send({ type: 'complete.edit', parkingPence: pence(value) })}
          />
        )}
        {allowed?.tolls_max_pence && (
          <NumberInput
            size="xl"
            label={`Tolls (${symbol}, at most ${poundsText(allowed.tolls_max_pence, symbol)})`}
            min={0}
            decimalScale={2}
            allowNegative={false}
            inputMode="decimal"
            value={draft.tollsPence ? draft.tollsPence / 100 : ''}
            onChange={(value) => actor.send({ type: 'complete.edit', tollsPence: pence(value) })}
          />
        )}
        <div>
          <Text className={classes.label}>Final fare</Text>
          <Text className={classes.fact} data-testid="driver-final-fare">
            {poundsText(job.fare.total_pence + extrasPence, symbol)}
          </Text>
          {extrasPence > 0 && <Text c="#000">Extras {poundsText(extrasPence, symbol)}{job.fare.payment === 'card' ? ', charged to the passenger’s card' : ''}</Text>}
        </div>
        {job.fare.payment === 'car' && (
          <fieldset className={classes.places} style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className={classes.label}>How did the passenger pay?</legend>
            <Stack gap="sm">
              {PAID_IN_CAR.map((way) => (
                <Button
                  key={way}
                  size="xl"
                  className={classes.big}
                  color="dark"
                  variant={draft.paidInCar === way ? 'filled' : 'outline'}
                  aria-pressed={draft.paidInCar === way}
                  onClick={() => actor.send({ type: 'complete.edit', paidInCar: way })}
                >
                  {PAID_IN_CAR_LABELS[way]}
                </Button>
              ))}
            </Stack>
          </fieldset>
        )}
        {problem && (
          <Text c="#000" role="status" data-testid="driver-completion-problem">
            {problem}
          </Text>
        )}
        <Button size="xl" className={classes.big} fullWidth color="dark" loading={busy} disabled={problem !== null} onClick={() => actor.send({ type: 'complete.submit' })}>
          Complete the job
        </Button>
        <Button size="xl" className={classes.big} fullWidth color="dark" variant="outline" onClick={() => actor.send({ type: 'complete.cancel' })}>
          Back to the job
        </Button>
      </Stack>
    </section>
  );
}
