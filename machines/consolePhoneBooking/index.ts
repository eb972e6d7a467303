export * from './phoneBooking.machine.ts';
