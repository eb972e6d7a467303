import type { SnapshotFrom } from 'xstate';
import { CORPORATE_ROUTES } from '../../../machines/corporate/corporate.routes.ts';
import { useRouteSync, type FlowRoutes } from '../../app/useRouteSync.ts';
import { corporateActor, type corporateLogic } from '../../app/corporate/corporateSession.ts';

const ROUTES: FlowRoutes<SnapshotFrom<typeof corporateLogic>> = CORPORATE_ROUTES;

/**
 * The corporate area's RouteSync (the shared protocol is src/app/useRouteSync.ts), mounted by each corporate page
 * (/login and the protected pages' layout): arriving at a protected page sends `route.enter`, and the URL follows the
 * machine (sign-in to its redirect, an ended session to /login?redirect=…, logout to /), replacing the entry.
 */
export function CorporateRouteSync() {
  useRouteSync({ actor: corporateActor(), routes: ROUTES });
  return null;
}
