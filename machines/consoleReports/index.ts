export * from './reportRanges.ts';
export * from './reports.machine.ts';
export * from './reports.selectors.ts';
