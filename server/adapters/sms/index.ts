export * from './port.ts';
export { enqueueSms, SMS_CHANNEL, smsInsertWith } from './repository.ts';
export * from './phone.ts';
export * from './segments.ts';
export { createSmsPort, NUMBER_REFUSED, type SmsPortOptions } from './dispatcher.ts';
export { SmsDeliveryError, type TwilioConfig } from './transports.ts';
