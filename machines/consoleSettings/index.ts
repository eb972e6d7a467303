export * from './settings.machine.ts';
