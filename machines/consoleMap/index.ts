export * from './map.actors.ts';
export * from './map.machine.ts';
export * from './map.selectors.ts';
