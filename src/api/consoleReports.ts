/** The owner's reports call (contract/reports.ts). */
import type { Report } from '../../contract/reports.ts';
import { consoleCall } from './consoleClient.ts';
import type { CallOptions } from './client.ts';

export const loadReport = async (range: { from: string; to: string }, { signal }: CallOptions = {}) =>
  (await consoleCall<{ success: true; report: Report }>(`/reports?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`, { signal })).report;
