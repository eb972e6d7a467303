export * from './corporate.actors.ts';
export * from './corporate.machine.ts';
export * from './corporate.routes.ts';
export * from './corporate.selectors.ts';
export * from './corporate.types.ts';
