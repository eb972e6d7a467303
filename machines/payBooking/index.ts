export * from './payBooking.actors.ts';
export * from './payBooking.machine.ts';
export * from './payBooking.types.ts';
