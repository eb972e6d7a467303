export * from './companyAccounts.machine.ts';
