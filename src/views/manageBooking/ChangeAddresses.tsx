import { Button, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ManageBookingView, ManageChanges, ManageStop } from '../../../contract/manageBooking.ts';
import { draftStops, editableAddresses, selectDraft } from '../../../machines/manageBooking/index.ts';
import { AddressAutocomplete } from '../../components/address/AddressAutocomplete.tsx';
import { suggestAddresses } from '../../app/address/addressSources.ts';
import type { ManageActor } from '../../app/manageBooking/manageBookingLogic.ts';
import classes from './ManageBooking.module.css';

const PLACEHOLDER = 'Address, airport or postcode';
/** The booking form's longest text (contract/booking.ts TEXT_MAX, which comes with zod). */
const TEXT_MAX = 300;

/**
 * The addresses of a change where the owner allows them online (in its own chunk: the suggestion dropdown loads only
 * for such a booking): the booking flow's address field with its suggestions (saved addresses and places), the extra
 * stops as the booking form has them, and the drop-off; an hourly hire has its pick-up only. The server places and
 * routes whatever is typed again, as a quote does.
 */
export default function ChangeAddresses({ actor, view }: { actor: ManageActor; view: ManageBookingView }) {
  const draft = useSelector(actor, selectDraft);
  const canAddStop = useSelector(actor, (s) => s.can({ type: 'change.stop.add' }));
  const current = view.change.current;
  const all = editableAddresses(view) === 'all';
  const stops = draftStops(view, draft);
  const edit = (changes: ManageChanges) => actor.send({ type: 'change.edit', changes });
  const editStop = (index: number, values: Partial<ManageStop>) => actor.send({ type: 'change.stop.edit', index, values });

  return (
    <fieldset className={classes.fieldset} data-testid="change-addresses">
      <legend>Addresses</legend>
      <div className={classes.addresses}>
        <AddressAutocomplete
          label="Pick-Up"
          placeholder={PLACEHOLDER}
          value={draft.pickup ?? current.pickup}
          onChange={(pickup) => edit({ pickup })}
          suggest={suggestAddresses}
          maxLength={TEXT_MAX}
          name="pickup"
          data-testid="change-pickup"
        />
        {all &&
          stops.map((stop, index) => {
            const n = index + 1;
            return (
              <div key={index} className={classes.stop} data-testid="change-stop">
                <TextInput label={`Stop ${n}: street or road name`} value={stop.street_name} maxLength={TEXT_MAX} onChange={(event) => editStop(index, { street_name: event.currentTarget.value })} />
                <TextInput label="Number" value={stop.number} maxLength={TEXT_MAX} onChange={(event) => editStop(index, { number: event.currentTarget.value })} />
                <TextInput label="City or post code" value={stop.postcode} maxLength={TEXT_MAX} onChange={(event) => editStop(index, { postcode: event.currentTarget.value })} />
                <Button variant="subtle" color="red" onClick={() => actor.send({ type: 'change.stop.remove', index })} aria-label={`Remove stop ${n}`}>
                  Remove
                </Button>
              </div>
            );
          })}
        {all && (
          <AddressAutocomplete
            label="Drop-Off"
            placeholder={PLACEHOLDER}
            value={draft.dropoff ?? current.dropoff}
            onChange={(dropoff) => edit({ dropoff })}
            suggest={suggestAddresses}
            maxLength={TEXT_MAX}
            name="dropoff"
            data-testid="change-dropoff"
          />
        )}
      </div>
      {all && (
        <Button variant="subtle" mt="xs" disabled={!canAddStop} onClick={() => actor.send({ type: 'change.stop.add' })} data-testid="change-add-stop">
          + Extra Stop
        </Button>
      )}
    </fieldset>
  );
}
