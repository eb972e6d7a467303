import { routeKey } from '../../contract/routeKey.ts';
import { isEnabled, type SettingName, type Settings } from '../../contract/settings.ts';

export interface NavItem {
  label: string;
  href: string;
}

/** The navbar's links (spec §2 Shell, route table), each with the toggle that shows it, if any. */
const NAV_ITEMS: ReadonlyArray<NavItem & { setting?: SettingName }> = [
  { label: 'Home', href: '/' },
  { label: 'Our Fleet', href: '/ourfleet', setting: 'NAVBAR_OUR_FLEET_PAGE' },
  { label: 'Urgent Booking', href: '/quoteView', setting: 'NAVBAR_URGENT_BOOKING_PAGE' },
  { label: 'Corporate Account', href: '/login', setting: 'CORPORATE_LOGIN' },
  { label: 'Contact Us', href: '/contactus' },
];

export function navLinks(settings: Settings): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.setting || isEnabled(settings, item.setting)).map(({ label, href }) => ({ label, href }));
}

/** Routes whose screens hide the navbar (route table: confirmation and the corporate area). */
export const ROUTES_WITHOUT_NAVBAR = ['/paymentSuccessView', '/bookings', '/my-account', '/login'] as const;

export function navbarVisible(settings: Settings, pathname: string): boolean {
  const path = routeKey(pathname);
  return isEnabled(settings, 'SHOW_NAVBAR_PAGE') && !ROUTES_WITHOUT_NAVBAR.some((route) => route.toLowerCase() === path);
}

export function footerVisible(settings: Settings): boolean {
  return isEnabled(settings, 'SHOW_FOOTER_PAGE');
}

/** Whether a link is the current page ('/' and '/home' are both Home). */
export function isCurrent(href: string, pathname: string): boolean {
  const path = routeKey(pathname);
  if (href === '/') return path === '/' || path === '/home';
  return path === href.toLowerCase();
}

/** tel: URL of a phone number as operators type it ('020 7946 0321' → 'tel:02079460321'; a '(0)' after +44 is dropped). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\(0\)/g, '').replace(/[^\d+]/g, '')}`;
}
