import { ofetch, type $Fetch } from 'ofetch';
import { API_KEY_HEADERS } from '../../contract/httpHeaders.ts';
import { runtimeConfig, type RuntimeConfig } from './runtimeConfig.ts';

/**
 * The one HTTP client of the website: every call goes to {apiHost}/api/v1 with the site's key pair
 * (spec §7). ofetch throws FetchError on any non-2xx answer; nothing here catches it (STYLE: the API
 * layer never swallows an error), so callers see the provider's `{ success: false, message }` in
 * `error.data`.
 */
export function createApiClient(config: RuntimeConfig): $Fetch {
  return ofetch.create({
    baseURL: `${config.apiHost}/api/v1`,
    headers: { [API_KEY_HEADERS.public]: config.publicKey, [API_KEY_HEADERS.secret]: config.secretKey },
    retry: 0,
    timeout: 30_000,
  });
}

let client: $Fetch | null = null;

export function apiClient(): $Fetch {
  client ??= createApiClient(runtimeConfig());
  return client;
}

export interface CallOptions {
  signal?: AbortSignal;
}
