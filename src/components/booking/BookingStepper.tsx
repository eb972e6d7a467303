/**
 * The four-step stepper (spec §2 Shell, §4): Book a Trip, Quotation, Personal Detail, Payment. The active step
 * comes from the path; it is hidden on small screens. A click asks the booking machine for the step's path
 * (`route.enter`): its guards let the visitor in or keep them at the nearest allowed step (no prices → /home).
 */
import '@mantine/core/styles/Stepper.css';
import { Stepper } from '@mantine/core';
import { useLocation } from 'wouter';
import { stepOfPath } from '../../../machines/booking/booking.routes.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import classes from './BookingStepper.module.css';

export const STEPS = [
  { label: 'Book a Trip', path: '/booktripview' },
  { label: 'Quotation', path: '/quotationview' },
  { label: 'Personal Detail', path: '/personalDetailView' },
  { label: 'Payment', path: '/paymentview' },
] as const;

export function BookingStepper() {
  const [location] = useLocation();
  const booking = Booking.useActorRef();
  const active = stepOfPath(location);
  return (
    <nav aria-label="Booking steps" className={classes.stepper} data-testid="booking-stepper">
      <Stepper active={active} onStepClick={(index) => booking.send({ type: 'route.enter', path: STEPS[index]!.path })} size="sm" iconSize={30} allowNextStepsSelect>
        {STEPS.map((step, index) => (
          <Stepper.Step key={step.path} label={step.label} aria-current={index === active ? 'step' : undefined} />
        ))}
      </Stepper>
    </nav>
  );
}
