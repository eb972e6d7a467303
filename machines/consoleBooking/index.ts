export * from './dispatch.actors.ts';
export * from './dispatch.machine.ts';
export * from './dispatch.selectors.ts';
export * from './dispatch.live.ts';
export * from './arrival.machine.ts';
