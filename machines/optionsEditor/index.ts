export * from './optionsEditor.machine.ts';
