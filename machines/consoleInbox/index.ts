export * from './inbox.actors.ts';
export * from './inbox.machine.ts';
export * from './inbox.trip.ts';
export * from './outbox.machine.ts';
export * from './texts.machine.ts';
