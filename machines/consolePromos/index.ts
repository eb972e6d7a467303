export * from './promos.machine.ts';
export * from './promos.selectors.ts';
