import { PUBLIC_ROUTES, publicRoute, type PublicRoute } from '../../contract/routeManifest.ts';
import { routeKey } from '../../contract/routeKey.ts';
import { isEnabled, type Settings } from '../../contract/settings.ts';

export interface NavItem {
  label: string;
  href: string;
}

const routes = PUBLIC_ROUTES as readonly PublicRoute[];

/** The navbar's links (spec §2 Shell): the route manifest's `nav` entries in table order, each shown when its toggle is on. */
export function navLinks(settings: Settings): NavItem[] {
  return routes.flatMap((route) => (route.nav && (!route.nav.setting || isEnabled(settings, route.nav.setting)) ? [{ label: route.nav.label, href: route.path }] : []));
}

/** Routes whose screens hide the navbar (route table: confirmation and the corporate area), lower-case. */
const ROUTES_WITHOUT_NAVBAR = new Set(routes.filter((route) => route.hidesNavbar).map((route) => route.path.toLowerCase()));

export function navbarVisible(settings: Settings, pathname: string): boolean {
  return isEnabled(settings, 'SHOW_NAVBAR_PAGE') && !ROUTES_WITHOUT_NAVBAR.has(routeKey(pathname));
}

export function footerVisible(settings: Settings): boolean {
  return isEnabled(settings, 'SHOW_FOOTER_PAGE');
}

/** Whether a link is the current page: the path shows the link's screen ('/' and '/home' are both Home). */
export function isCurrent(href: string, pathname: string): boolean {
  const shown = publicRoute(pathname);
  return shown !== undefined && shown.module === publicRoute(href)?.module;
}

/** tel: URL of a phone number as operators type it ('020 7946 0321' → 'tel:02079460321'; a '(0)' after +44 is dropped). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\(0\)/g, '').replace(/[^\d+]/g, '')}`;
}
