/**
 * Addresses of the provider's storage files (fleet and category images): a view needs where a file is, not the API,
 * so this lives beside the composition roots rather than in src/api.
 */
import { runtimeConfig, type RuntimeConfig } from '../api/runtimeConfig.ts';

/** Absolute URL of a provider storage file, e.g. a fleet image `vehicles/saloon.svg` (spec §3 Fleet item). */
export function storageUrl(file: string, config: RuntimeConfig = runtimeConfig()): string {
  return `${config.apiHost}/storage/${file.replace(/^\/+/, '')}`;
}
