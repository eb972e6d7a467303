export * from './quoteRequest.actors.ts';
export * from './quoteRequest.form.ts';
export * from './quoteRequest.machine.ts';
