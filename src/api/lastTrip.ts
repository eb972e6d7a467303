/** GET /corporate/last-trip (contract/lastTrip.ts, issue 37), with the corporate passenger's bearer token. */
import { readRememberedTrip, type RememberedTrip } from '../../contract/rememberedDetails.ts';
import { apiClient, type CallOptions } from './client.ts';
import { callApi } from './apiError.ts';

/** The signed-in passenger's last trip in the home form's shape, or null (none, or not a trip). Read without zod. */
export async function getLastTrip(token: string, { signal }: CallOptions = {}): Promise<RememberedTrip | null> {
  return callApi(async () => readRememberedTrip((await apiClient()<{ success: true; trip: unknown }>('/corporate/last-trip', { headers: { authorization: `Bearer ${token}` }, signal })).trip));
}
