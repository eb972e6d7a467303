export * from './accounts.ts';
export * from './passwords.ts';
export { createAccountsRepository, toCorporatePassenger, type PassengerRecord } from './repository.ts';
export { bearerToken, SESSION_TTL_HOURS, RESET_CODE_TTL_MINUTES, RESET_CODE_MAX_FAILURES } from './secrets.ts';
export * from './credentials.ts';
