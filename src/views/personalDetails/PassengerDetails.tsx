import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { selectBookingForm, selectBookingType } from '../../../machines/booking/index.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { useRegistration } from './useRegistration.ts';
import { GrowingTextarea } from '../../components/GrowingTextarea.tsx';

/**
 * Someone else travelling (passengerDetails 'yes' with the passenger's name, e-mail and phone) and the notes for the
 * driver (additionalInfo, and return_additionalInfo on a return trip).
 */
export function PassengerDetails() {
  const [data, change] = useRegistration();
  const isReturn = Booking.useSelector((s) => selectBookingType(s) === 'milleage' && selectBookingForm(s)?.select_option === 'return');
  const someoneElse = data.passengerDetails === 'yes';
  return (
    <Stack gap="md">
      <Switch
        label="Someone else is travelling"
        description="Add the passenger's details so the driver can reach them."
        checked={someoneElse}
        onChange={(event) => change({ passengerDetails: event.currentTarget.checked ? 'yes' : 'no' })}
        data-testid="passenger-details-toggle"
      />
      {someoneElse && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md" data-testid="passenger-fields">
          <TextInput label="Passenger Name" autoComplete="off" value={data.passengerName} onChange={(event) => change({ passengerName: event.currentTarget.value })} />
          <TextInput label="Passenger Email" type="email" inputMode="email" autoComplete="off" value={data.passengerEmail} onChange={(event) => change({ passengerEmail: event.currentTarget.value })} />
          <TextInput label="Passenger Phone" type="tel" inputMode="tel" autoComplete="off" placeholder="+44 7700 900123" value={data.passengerPhone} onChange={(event) => change({ passengerPhone: event.currentTarget.value })} />
        </SimpleGrid>
      )}
      <GrowingTextarea
        label="Additional Information"
        placeholder="Anything the driver should know: a door number, a meeting point, extra luggage"
        minRows={2}
        maxRows={6}
        maxLength={1000}
        value={data.additionalInfo}
        onChange={(event) => change({ additionalInfo: event.currentTarget.value })}
      />
      {isReturn && (
        <GrowingTextarea
          label="Return Additional Information"
          placeholder="Anything the driver should know for the return journey"
          minRows={2}
          maxRows={6}
          maxLength={1000}
          value={data.return_additionalInfo}
          onChange={(event) => change({ return_additionalInfo: event.currentTarget.value })}
        />
      )}
    </Stack>
  );
}
