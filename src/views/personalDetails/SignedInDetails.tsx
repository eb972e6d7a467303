import { Alert, Text } from '@mantine/core';
import { selectMember } from '../../../machines/booking/index.ts';
import { Booking } from '../../app/booking/BookingContext.ts';

/**
 * Signed in to the corporate area (issue 34): the booker is known, so the step shows who books instead of the
 * guest / new client / existing client form (no password is asked). "Passenger and notes" books for someone else.
 */
export function SignedInDetails() {
  const member = Booking.useSelector(selectMember);
  if (!member) return null;
  return (
    <Alert variant="light" color="brand" title={`Booking as ${member.name || member.email}`} data-testid="signed-in-booker">
      <Text size="sm">{member.email}</Text>
      {member.account && <Text size="sm">{member.account.name}</Text>}
      <Text size="sm" mt={4}>
        Booking for someone else? Add their name, phone and e-mail under Passenger and notes.
      </Text>
    </Alert>
  );
}

/** The registration form unless signed in. */
export function useSignedIn(): boolean {
  return Booking.useSelector(selectMember) !== null;
}
