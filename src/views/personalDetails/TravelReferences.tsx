import '@mantine/core/styles/Input.css';
import { SimpleGrid, TextInput } from '@mantine/core';
import { selectBookingForm, selectBookingType } from '../../../machines/booking/index.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { IconPlane } from '../../components/icons.tsx';
import { travelReferenceFields } from './travelReferences.ts';

const DESCRIPTION = 'So your driver can follow your arrival.';

/** The reference fields of spec §2 for an airport or terminal pickup, and for the return when its dropoff is one. */
export function TravelReferences() {
  const form = Booking.useSelector(selectBookingForm);
  const bookingType = Booking.useSelector(selectBookingType);
  const actor = Booking.useActorRef();
  const show = travelReferenceFields(bookingType, form);
  if (!form || (!show.pickup && !show.return)) return null;
  return (
    <SimpleGrid cols={{ base: 1, xs: show.pickup && show.return ? 2 : 1 }} spacing="md" data-testid="travel-references">
      {show.pickup && (
        <TextInput
          label="Flight / Train / Ferry Number"
          description={DESCRIPTION}
          placeholder="e.g. BA 117"
          leftSection={<IconPlane size={18} />}
          autoComplete="off"
          value={form.pickup_fight_number ?? ''}
          onChange={(event) => actor.send({ type: 'travelReference.change', data: { pickup_fight_number: event.currentTarget.value } })}
        />
      )}
      {show.return && (
        <TextInput
          label="Return Flight / Train / Ferry Number"
          description={show.pickup ? 'For your return journey.' : DESCRIPTION}
          placeholder="e.g. BA 118"
          leftSection={<IconPlane size={18} />}
          autoComplete="off"
          value={form.return_fight_number ?? ''}
          onChange={(event) => actor.send({ type: 'travelReference.change', data: { return_fight_number: event.currentTarget.value } })}
        />
      )}
    </SimpleGrid>
  );
}
