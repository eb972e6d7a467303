export * from './board.actors.ts';
export * from './board.machine.ts';
export * from './board.selectors.ts';
export * from './board.types.ts';
