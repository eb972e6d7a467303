export * from './addressAutocomplete.machine.ts';
