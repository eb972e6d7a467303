export * from './port.ts';
export * from './layout.ts';
export * from './recipient.ts';
export { createMailPort, retryDelayMs, RECIPIENT_REFUSED, type MailPortOptions } from './dispatcher.ts';
