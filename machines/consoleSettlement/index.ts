export * from './settlement.machine.ts';
export * from './settlement.selectors.ts';
