export * from './catalog.ts';
export { apiClient, createApiClient, type CallOptions } from './client.ts';
export { runtimeConfig, readRuntimeConfig, storageUrl, type RuntimeConfig } from './runtimeConfig.ts';
