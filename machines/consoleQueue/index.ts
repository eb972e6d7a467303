export * from './queue.actors.ts';
export * from './queue.machine.ts';
export * from './queue.selectors.ts';
