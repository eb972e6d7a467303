export * from './quoteOffer.actors.ts';
export * from './quoteOffer.machine.ts';
export * from './quoteOffer.types.ts';
