export * from './manageBooking.actors.ts';
export * from './manageBooking.machine.ts';
export * from './manageBooking.selectors.ts';
export * from './manageBooking.types.ts';
export * from './manageBooking.routes.ts';
export * from './liveTrip.machine.ts';
