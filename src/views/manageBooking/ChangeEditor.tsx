import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Checkbox.css';
import { Alert, Button, Checkbox, NativeSelect, NumberInput, Text, TextInput } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { stopText } from '../../../contract/quoting.constants.ts';
import { HOURS_12, LIMITS, MINUTES } from '../../../contract/quoting.constants.ts';
import type { ManageBookingView, ManageChanges } from '../../../contract/manageBooking.ts';
import type { TripOptions } from '../../../machines/booking/booking.context.ts';
import { selectDraft, selectError, selectStage } from '../../../machines/manageBooking/index.ts';
import { optionsEditorMachine } from '../../../machines/optionsEditor/index.ts';
import type { ManageActor } from '../../app/manageBooking/manageBookingLogic.ts';
import classes from './ManageBooking.module.css';

const OPTION_FIELDS = ['luggages', 'hand_luggages', 'meet_and_greet', 'baby_seats', 'booster_seats', 'waiting_min'] as const;

/** The address fields with their suggestions, loaded only for a booking whose addresses may change online. */
const ChangeAddresses = lazy(() => import('./ChangeAddresses.tsx'));

/** The addresses as booked, when the owner keeps their changes to the phone. */
function FixedAddresses({ view }: { view: ManageBookingView }) {
  const { pickup, stops, dropoff } = view.change.current;
  const rows: [string, string][] = [['Pick-Up', pickup], ...stops.map((stop, index): [string, string] => [`Stop ${index + 1}`, stopText(stop)]), ...(dropoff ? [['Drop-Off', dropoff] as [string, string]] : [])];
  return (
    <fieldset className={classes.fieldset} data-testid="change-addresses-fixed">
      <legend>Addresses</legend>
      <dl className={classes.fixedAddresses}>
        {rows.map(([label, text]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <Text size="sm" c="dimmed" mt="xs">
        {view.operator_phone ? `To change an address, please call us on ${view.operator_phone}.` : 'To change an address, please call us.'}
      </Text>
    </fieldset>
  );
}

/**
 * The change form: the pick-up time, the party, the booking options (through the booking flow's options editor
 * statechart, so its limits and clamping are the same), the flight and the contact. Values go to the manage machine as
 * `change.edit`; "Review change" asks the server for the new price.
 */
export function ChangeEditor({ actor, view }: { actor: ManageActor; view: ManageBookingView }) {
  const draft = useSelector(actor, selectDraft);
  const error = useSelector(actor, selectError);
  const busy = useSelector(actor, selectStage) === 'previewing';
  const current = view.change.current;
  const value = <K extends keyof ManageChanges>(field: K) => (draft[field] ?? current[field]) as NonNullable<ManageChanges[K]>;
  const edit = (changes: ManageChanges) => actor.send({ type: 'change.edit', changes });

  // The options are the options editor's draft: its Save hands the clamped values to the change.
  const logic = useMemo(() => optionsEditorMachine.provide({ actions: { saveOptions: (_, { options }) => edit(options as ManageChanges) } }), []); // eslint-disable-line react-hooks/exhaustive-deps
  const options = useActorRef(logic);
  useEffect(() => {
    const start = Object.fromEntries(OPTION_FIELDS.map((field) => [field, value(field)])) as TripOptions;
    options.send({ type: 'edit.start', options: start });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const optionDraft = useSelector(options, (s) => s.context.draft);
  const setOption = (values: Partial<TripOptions>) => {
    options.send({ type: 'draft.change', values });
    options.send({ type: 'save' });
    options.send({ type: 'edit.start', options: { ...optionDraft, ...values } });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'change.review' });
      }}
      data-testid="change-form"
    >
      {view.change.addresses ? (
        <Suspense fallback={<Text size="sm" c="dimmed">Loading the address fields…</Text>}>
          <ChangeAddresses actor={actor} view={view} />
        </Suspense>
      ) : (
        <FixedAddresses view={view} />
      )}

      <fieldset className={classes.fieldset}>
        <legend>Pick-up time</legend>
        <div className={classes.grid3}>
          <TextInput type="date" label="Date" value={value('pickup_date')} onChange={(event) => edit({ pickup_date: event.currentTarget.value })} data-testid="change-date" />
          <NativeSelect label="Hour" data={HOURS_12} value={value('pickup_hour')} onChange={(event) => edit({ pickup_hour: event.currentTarget.value })} data-testid="change-hour" />
          <NativeSelect label="Minute" data={MINUTES} value={value('pickup_min')} onChange={(event) => edit({ pickup_min: event.currentTarget.value })} data-testid="change-minute" />
        </div>
      </fieldset>

      {view.change.trip_options && (
        <fieldset className={classes.fieldset}>
          <legend>Passengers, luggage and options</legend>
          <div className={classes.grid3}>
            <NumberInput label="Passengers" min={1} max={LIMITS.passengers} value={value('passengers')} onChange={(next) => edit({ passengers: Number(next) || 1 })} data-testid="change-passengers" />
            <NumberInput label="Luggage" min={0} max={LIMITS.luggage} value={Number(optionDraft.luggages ?? 0)} onChange={(next) => setOption({ luggages: Number(next) })} />
            <NumberInput label="Hand luggage" min={0} max={LIMITS.luggage} value={Number(optionDraft.hand_luggages ?? 0)} onChange={(next) => setOption({ hand_luggages: Number(next) })} />
            <NumberInput label="Baby seats" min={0} max={LIMITS.seats} value={Number(optionDraft.baby_seats ?? 0)} onChange={(next) => setOption({ baby_seats: Number(next) })} />
            <NumberInput label="Booster seats" min={0} max={LIMITS.seats} value={Number(optionDraft.booster_seats ?? 0)} onChange={(next) => setOption({ booster_seats: Number(next) })} />
            <NumberInput
              label="Waiting time (minutes)"
              min={0}
              max={LIMITS.waitingMinutes}
              step={LIMITS.waitingStep}
              value={Number(optionDraft.waiting_min ?? 0)}
              onChange={(next) => setOption({ waiting_min: Number(next) })}
            />
          </div>
          <Checkbox mt="md" label="Meet and greet" checked={optionDraft.meet_and_greet === 'yes'} onChange={(event) => setOption({ meet_and_greet: event.currentTarget.checked ? 'yes' : 'no' })} data-testid="change-meet" />
        </fieldset>
      )}

      <fieldset className={classes.fieldset}>
        <legend>Flight and contact</legend>
        <div className={classes.grid2}>
          <TextInput label="Flight number" value={value('flight_no')} onChange={(event) => edit({ flight_no: event.currentTarget.value })} />
          <TextInput label="Passenger name" value={value('passenger_name')} onChange={(event) => edit({ passenger_name: event.currentTarget.value })} />
          <TextInput type="email" label="E-mail" value={value('passenger_email')} onChange={(event) => edit({ passenger_email: event.currentTarget.value })} />
          <TextInput type="tel" label="Phone" value={value('passenger_phone')} onChange={(event) => edit({ passenger_phone: event.currentTarget.value })} />
        </div>
      </fieldset>

      {error && (
        <Alert color="red" variant="light" role="alert" mb="md" data-testid="change-error">
          {error}
        </Alert>
      )}
      <div className={classes.buttons}>
        <Button variant="default" size="md" disabled={busy} onClick={() => actor.send({ type: 'change.back' })}>
          Back
        </Button>
        <Button type="submit" size="md" loading={busy} data-testid="change-review">
          See the new price
        </Button>
      </div>
    </form>
  );
}
