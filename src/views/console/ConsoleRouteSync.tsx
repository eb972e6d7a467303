import { CONSOLE_ROUTES, type ConsoleSnapshot } from '../../../machines/console/index.ts';
import { Console } from '../../app/console/consoleLogic.ts';
import { useRouteSync, type FlowRoutes } from '../../app/useRouteSync.ts';

const ROUTES: FlowRoutes<ConsoleSnapshot> = CONSOLE_ROUTES;

/**
 * The console's RouteSync (the shared protocol is src/app/useRouteSync.ts; the routes machines/console/console.routes.ts):
 * arriving at a console path sends `route.enter` (the machine decides what opens: sign-in, a page the member's role
 * may see, else the board), and the URL follows the machine, replacing the entry.
 */
export function ConsoleRouteSync() {
  useRouteSync({ actor: Console.useActorRef(), routes: ROUTES });
  return null;
}
