export * from './codec.ts';
export * from './settingsStore.ts';
