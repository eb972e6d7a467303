export * from './port.ts';
export * from './layout.ts';
export { createMailPort, retryDelayMs, type MailPortOptions } from './dispatcher.ts';
