export { bookingMachine, type BookingMachine } from './booking.machine.ts';
export { bookingActors } from './booking.actors.ts';
export type * from './booking.actors.ts';
export {
  BOOKING_EVENT_TYPES,
  BOOKING_TIMINGS,
  amountToPayMinor,
  bookingPayload,
  contextFromInput,
  type AppliedPromo,
  type BookingContext,
  type BookingEvent,
  type BookingInput,
  type TravelReferences,
} from './booking.context.ts';
export * from './booking.routes.ts';
export * from './booking.selectors.ts';
export * from './booking.pricing.ts';
export * from './booking.messages.ts';
export { detailsProblem, isNothingToPay, routeFacts, type DetailsProblem } from './booking.guards.ts';
export * from './booking.types.ts';
export { BOOKING_ACTOR_IDS, BOOKING_DELAYED_EVENT_TYPES, BOOKING_OUTCOME_EVENT_TYPES } from './booking.graph.ts';
