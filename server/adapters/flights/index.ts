import { createAeroApi } from './aeroapi.ts';
import { noFlightLookups, type FlightsPort } from './port.ts';

export * from './port.ts';
export { AEROAPI_DEFAULT_URL, createAeroApi } from './aeroapi.ts';

/** AeroAPI when AEROAPI_KEY is set (AEROAPI_URL, default AeroAPI's own address), else no look-ups. */
export function createFlightsPort(config: { aeroApiKey: string | null; aeroApiUrl: string; aeroApiTimeoutMs?: number }): FlightsPort {
  return config.aeroApiKey ? createAeroApi({ apiKey: config.aeroApiKey, baseUrl: config.aeroApiUrl, timeoutMs: config.aeroApiTimeoutMs }) : noFlightLookups;
}
