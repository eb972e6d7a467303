/** The owner's price calls (contract/consolePrices.ts) through the console's client. */
import { PRICES_PATHS, type PreviewAnswer, type PreviewInput, type PreviewRows, type PriceRowChange, type PricesList } from '../../contract/consolePrices.ts';
import { CONSOLE_API_BASE, consoleCall } from './consoleClient.ts';
import type { CallOptions } from './client.ts';

const path = (full: string) => full.slice(CONSOLE_API_BASE.length);

const COLLECTIONS = { tariff: PRICES_PATHS.tariffs, surcharge: PRICES_PATHS.surcharges, zone: PRICES_PATHS.zones, fixed_fare: PRICES_PATHS.fixedFares } as const;
const NAMES = { tariff: 'Tariff', surcharge: 'Surcharge', zone: 'Zone', fixed_fare: 'Fixed fare' } as const;

export const loadPrices = ({ signal }: CallOptions = {}) => consoleCall<PricesList>(path(PRICES_PATHS.list), { signal });

/** The preview's prices; a draft or trip it cannot price yet rejects with the server's reason. */
export async function previewPrices(input: PreviewInput, { signal }: CallOptions = {}): Promise<PreviewRows> {
  const answer = await consoleCall<PreviewAnswer>(path(PRICES_PATHS.preview), { method: 'POST', body: { ...input }, signal });
  if (!answer.success) throw new Error(answer.message);
  return answer;
}

/** Saves or removes the row being edited; answers the text that confirms it. */
export async function savePriceChange({ action, edit }: PriceRowChange): Promise<string> {
  const collection = path(COLLECTIONS[edit.entity]);
  if (edit.entity === 'tariff') {
    const { company_id, vehicle_id, valid_from, ...figures } = edit.values as Record<string, unknown>;
    const keyPath = `${collection}/${edit.key ?? `${company_id}/${vehicle_id}/${valid_from}`}`;
    if (action === 'remove') await consoleCall(keyPath, { method: 'DELETE' });
    else if (edit.key === null) await consoleCall(collection, { method: 'POST', body: edit.values });
    else await consoleCall(keyPath, { method: 'PUT', body: figures });
  } else if (action === 'remove') {
    await consoleCall(`${collection}/${edit.key}`, { method: 'DELETE' });
  } else {
    await consoleCall(edit.key === null ? collection : `${collection}/${edit.key}`, { method: edit.key === null ? 'POST' : 'PUT', body: edit.values });
  }
  return `${NAMES[edit.entity]} ${action === 'remove' ? 'deleted' : 'saved'}.`;
}
