import { describe, expect, it } from 'vitest';
import { settingsFromRows } from '../../contract/settings.ts';
import { footerVisible, isCurrent, navbarVisible, navLinks, telHref } from './navigation.ts';

const settings = (values: Record<string, string>) =>
  settingsFromRows(Object.entries(values).map(([setting_name, setting_value]) => ({ setting_name, setting_value })));

const allOn = settings({ NAVBAR_OUR_FLEET_PAGE: 'enable', NAVBAR_URGENT_BOOKING_PAGE: 'enable', CORPORATE_LOGIN: 'enable', SHOW_NAVBAR_PAGE: 'enable', SHOW_FOOTER_PAGE: 'enable' });

describe('navbar links', () => {
  it('lists the five links in the spec order when every toggle is enable', () => {
    expect(navLinks(allOn)).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Our Fleet', href: '/ourfleet' },
      { label: 'Urgent Booking', href: '/quoteView' },
      { label: 'Corporate Account', href: '/login' },
      { label: 'Contact Us', href: '/contactus' },
    ]);
  });

  it('drops each toggled link unless its setting is exactly enable', () => {
    const labels = navLinks(settings({ NAVBAR_OUR_FLEET_PAGE: 'disable', NAVBAR_URGENT_BOOKING_PAGE: 'Enable' })).map((link) => link.label);
    expect(labels).toEqual(['Home', 'Contact Us']);
  });
});

describe('navbar and footer visibility', () => {
  it('shows the navbar when SHOW_NAVBAR_PAGE is enable, except on the routes that hide it', () => {
    expect(navbarVisible(allOn, '/')).toBe(true);
    expect(navbarVisible(allOn, '/quoteView')).toBe(true);
    for (const path of ['/paymentSuccessView', '/bookings', '/my-account', '/login', '/LOGIN/']) expect(navbarVisible(allOn, path)).toBe(false);
  });

  it('hides the navbar and the footer with null settings', () => {
    const none = settingsFromRows(null);
    expect(navbarVisible(none, '/')).toBe(false);
    expect(footerVisible(none)).toBe(false);
    expect(footerVisible(allOn)).toBe(true);
  });
});

describe('helpers', () => {
  it('marks Home current on / and /home', () => {
    expect(isCurrent('/', '/home')).toBe(true);
    expect(isCurrent('/', '/ourfleet')).toBe(false);
    expect(isCurrent('/quoteView', '/quoteview')).toBe(true);
  });

  it('turns a typed phone number into a tel: link', () => {
    expect(telHref('020 7946 0321')).toBe('tel:02079460321');
    expect(telHref('+44 (0)20 7946-0321')).toBe('tel:+442079460321');
  });
});
