export * from './prices.machine.ts';
export * from './prices.selectors.ts';
export * from './zoneArea.ts';
