import '@mantine/core/styles/Checkbox.css';
import { Button, Checkbox, Group, Text } from '@mantine/core';
import { selectHasRemembered, selectRemember } from '../../../machines/booking/index.ts';
import { Booking } from '../../app/booking/BookingContext.ts';

export const REMEMBER_LABEL = 'Remember my details on this device';
export const REMEMBER_HINT = "Your name, e-mail, mobile number and this trip's addresses stay in this browser for your next booking; never a password or card.";
export const REMEMBERED_NOTE = 'Filled in from this device.';
export const FORGET_LABEL = 'Forget my details';

/**
 * "Remember my details on this device" (issue 37): off by default; the booking machine keeps the details and the trip
 * when the booking is made with it ticked, and forgets them when it is unticked or "Forget my details" is tapped.
 */
export function RememberDetails() {
  const actor = Booking.useActorRef();
  const remember = Booking.useSelector(selectRemember);
  const hasRemembered = Booking.useSelector(selectHasRemembered);
  return (
    <div data-testid="remember-details">
      <Checkbox
        label={REMEMBER_LABEL}
        description={REMEMBER_HINT}
        checked={remember}
        onChange={(event) => actor.send({ type: 'remember.change', remember: event.currentTarget.checked })}
      />
      {hasRemembered && (
        <Group gap="xs" mt="xs">
          <Text size="sm" c="dimmed">
            {REMEMBERED_NOTE}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={() => actor.send({ type: 'remember.forget' })}>
            {FORGET_LABEL}
          </Button>
        </Group>
      )}
    </div>
  );
}
