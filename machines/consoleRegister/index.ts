export * from './register.machine.ts';
export * from './register.selectors.ts';
