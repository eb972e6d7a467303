import { useCallback } from 'react';
import { selectRegistrationData, type RegistrationData } from '../../../machines/booking/index.ts';
import { Booking } from '../../app/booking/BookingContext.ts';

/** The registration data and a change function: every change is one `registration.change` (the machine saves it). */
export function useRegistration(): [RegistrationData, (data: Partial<RegistrationData>) => void] {
  const data = Booking.useSelector(selectRegistrationData);
  const actor = Booking.useActorRef();
  const change = useCallback((changed: Partial<RegistrationData>) => actor.send({ type: 'registration.change', data: changed }), [actor]);
  return [data, change];
}
