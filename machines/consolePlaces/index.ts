export * from './places.machine.ts';
export * from './places.selectors.ts';
