/**
 * The router: one wouter route per entry of the route manifest (contract/routeManifest.ts, spec §2 route table). Home
 * ships in the main bundle; every other view is a lazy chunk loaded from the manifest's `module` by its `screen`
 * export, so the home page loads only what it shows. Unknown paths redirect to / (replace).
 */
import type { ComponentType } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { isConsolePath, isDriverPath, PUBLIC_ROUTES, publicRoute, type PublicRoute } from '../../contract/routeManifest.ts';
import { HomeView } from '../views/home/HomeView.tsx';
import { DocumentBoundary } from './DocumentBoundary.tsx';
import { lazyThemed } from './lazyThemed.tsx';

type ViewModule = Record<string, unknown>;

/**
 * Every lazy view module, by its path from here: Vite makes one chunk per file (the glob must name literal patterns,
 * so it names the views folder; src/app/routes.test.ts checks that it holds every lazy module of the manifest).
 */
export const VIEW_MODULES: Record<string, () => Promise<ViewModule>> = import.meta.glob<ViewModule>(['../views/*/*View.tsx', '!../views/home/**']);
/** The views in the entry chunk, by manifest module. */
const EAGER_VIEWS: Record<string, ComponentType> = { 'src/views/home/HomeView.tsx': HomeView };

/** '../views/quotation/QuotationView.tsx' for the manifest's 'src/views/quotation/QuotationView.tsx'. */
export const globKey = (module: string) => module.replace(/^src\//, '../');

const lazyViews = new Map<string, ComponentType>();
function viewOf(route: PublicRoute): ComponentType {
  if (route.eager) return EAGER_VIEWS[route.module];
  const key = `${route.module}#${route.screen}`;
  let view = lazyViews.get(key);
  if (!view) {
    const load = VIEW_MODULES[globKey(route.module)];
    view = lazyThemed(async () => (await load())[route.screen] as ComponentType);
    lazyViews.set(key, view);
  }
  return view;
}

export interface RouteDef {
  path: string;
  /** Browser tab title, before ' | {Company_Name}'. */
  title: string;
  component: ComponentType;
}

export const ROUTES: readonly RouteDef[] = (PUBLIC_ROUTES as readonly PublicRoute[]).map((route) => ({ path: route.path, title: route.title, component: viewOf(route) }));

/**
 * The operator console (issue 17, the manifest's CONSOLE_AREA): every /admin path, one lazy chunk rendered in the
 * browser with its own layout and RouteSync (src/views/console/ConsoleApp.tsx); the public pages never load it.
 */
export { isConsolePath };
export const ConsoleApp = lazyThemed(async () => (await import('../views/console/ConsoleApp.tsx')).ConsoleApp);

/** The driver's app (issue 32, the manifest's DRIVER_AREA): every /driver path, one lazy chunk of its own. */
export { isDriverPath };
export const DriverApp = lazyThemed(async () => (await import('../views/driver/DriverApp.tsx')).DriverApp);

export function routeFor(pathname: string): RouteDef | undefined {
  const route = publicRoute(pathname);
  return route && ROUTES.find((r) => r.path === route.path);
}

/** The routed view, inside the document's boundary (a new document, or not in another site's frame: DocumentBoundary). */
export function AppRoutes() {
  return (
    <DocumentBoundary>
      <Switch>
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path} component={route.component} />
        ))}
        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
    </DocumentBoundary>
  );
}
