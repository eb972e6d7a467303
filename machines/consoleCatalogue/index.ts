export * from './catalogue.machine.ts';
export * from './catalogue.selectors.ts';
