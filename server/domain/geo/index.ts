export * from './types.ts';
export * from './text.ts';
export * from './distance.ts';
export * from './postcodes.ts';
export * from './zones.ts';
export * from './gazetteer.ts';
export * from './resolve.ts';
export * from './mapsPort.ts';
