export * from './catalog.ts';
export { apiClient, createApiClient, type CallOptions } from './client.ts';
export { runtimeConfig, readRuntimeConfig, type RuntimeConfig } from './runtimeConfig.ts';
