/** The dispatcher's map (contract/consoleMap.ts). */
import { CONSOLE_MAP_PATH, type DispatchMap } from '../../contract/consoleMap.ts';
import { CONSOLE_API_BASE, consoleCall } from './consoleClient.ts';
import type { CallOptions } from './client.ts';

/** GET /api/admin/dispatch-map */
export const loadDispatchMap = ({ signal }: CallOptions = {}) => consoleCall<DispatchMap>(CONSOLE_MAP_PATH.slice(CONSOLE_API_BASE.length), { signal });
