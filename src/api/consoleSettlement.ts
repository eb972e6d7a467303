/** The owner's driver settlement calls (contract/settlement.ts). */
import type { AdjustmentCreate, SettlementList, WeekDetail } from '../../contract/settlement.ts';
import { consoleCall } from './consoleClient.ts';
import type { CallOptions } from './client.ts';

const weekPath = (driverId: number, week: string) => `/settlement/${driverId}/${encodeURIComponent(week)}`;

export const loadSettlement = (week: string | null, { signal }: CallOptions = {}) => consoleCall<SettlementList>('/settlement', { query: { week }, signal });
export const loadSettlementWeek = async (driverId: number, week: string, { signal }: CallOptions = {}) =>
  (await consoleCall<{ success: true; detail: WeekDetail }>(weekPath(driverId, week), { signal })).detail;
export const addSettlementAdjustment = async (driverId: number, week: string, adjustment: AdjustmentCreate) =>
  (await consoleCall<{ success: true; detail: WeekDetail }>(`${weekPath(driverId, week)}/adjustments`, { method: 'POST', body: { ...adjustment } })).detail;
export const settleWeek = (driverId: number, week: string) => consoleCall<{ success: true; message: string; detail: WeekDetail }>(`${weekPath(driverId, week)}/settle`, { method: 'POST' });
