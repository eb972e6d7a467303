export * from './console.actors.ts';
export * from './console.machine.ts';
export * from './console.routes.ts';
export * from './console.selectors.ts';
