// @vitest-environment happy-dom
import '../../tests/helpers/dom.ts';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { Address, Company, FleetItem } from '../../contract/catalog.ts';
import type { SettingRow } from '../../contract/settings.ts';
import { appMachine } from '../../machines/app/app.machine.ts';
import { theme } from '../theme.ts';
import { AppActor } from './appLogic.ts';
import { Shell } from './Shell.tsx';

// The home page loads the booking machine and the address suggestions just after first paint (dynamic imports).
// Load them once up front, so those imports resolve from the module cache instead of after the test environment
// has been torn down (which Vitest reports as unhandled errors).
beforeAll(async () => {
  await Promise.all([import('./booking/bookingLogic.ts'), import('../views/home/AddressFieldFull.tsx')]);
});

const demoSettings: Record<string, string> = {
  Company_Name: 'Westway Cars',
  Company_Contact_Info: '020 7946 0321',
  FROM_EMAIL: 'bookings@westwaycars.test',
  SHOW_NAVBAR_PAGE: 'enable',
  SHOW_FOOTER_PAGE: 'enable',
  NAVBAR_OUR_FLEET_PAGE: 'enable',
  NAVBAR_URGENT_BOOKING_PAGE: 'enable',
  CORPORATE_LOGIN: 'enable',
  SHOW_COMPANY_FLEET_VIEW_SECTION: 'enable',
  SHOW_COMPANY_CONTACT_SECTION: 'enable',
  SHOW_POPULAR_LOCATION_PAGE: 'enable',
};

const companies: Company[] = [
  { id: 1, company: { company_name: 'Westway Cars' } },
  { id: 2, company: { company_name: 'Thames Executive Travel' } },
];
const fleet: FleetItem[] = [{ tbms_vid: 1, vehicle_img: 'vehicles/saloon.svg', category_name: 'Saloon', seats: 4, hand_luggage: 2, luggage: 2 }];
const popular: Address[] = [{ id: 4, address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA' }];

function renderShell({ path = '/', settings = demoSettings, loadSettings }: { path?: string; settings?: Record<string, string>; loadSettings?: () => Promise<SettingRow[]> } = {}) {
  const rows = Object.entries(settings).map(([setting_name, setting_value]) => ({ setting_name, setting_value }));
  const logic = appMachine.provide({
    actors: {
      loadSettings: fromPromise(loadSettings ?? (async () => rows)),
      loadCompanies: fromPromise(async () => companies),
      loadFleet: fromPromise(async () => fleet),
      loadPopularLocations: fromPromise(async () => popular),
    },
    actions: { storeSettings: () => {} },
  });
  const location = memoryLocation({ path, record: true });
  render(
    <MantineProvider theme={theme}>
      <AppActor.Provider logic={logic}>
        <Router hook={location.hook}>
          <Shell />
        </Router>
      </AppActor.Provider>
    </MantineProvider>,
  );
  return location;
}

describe('Shell', () => {
  it('shows the loading overlay while the settings load', () => {
    renderShell({ loadSettings: () => new Promise(() => {}) });
    expect(screen.getByText('Please wait while loading content')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('shows the company name, the phone as a tel: link and the enabled links', async () => {
    renderShell();
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Westway Cars')).toBeTruthy();
    expect(within(header).getByTestId('navbar-phone').getAttribute('href')).toBe('tel:02079460321');
    const nav = within(header).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Our Fleet', 'Urgent Booking', 'Corporate Account', 'Contact Us']);
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  });

  it('leaves out the links whose setting is not enable', async () => {
    renderShell({ settings: { ...demoSettings, NAVBAR_OUR_FLEET_PAGE: 'disable', CORPORATE_LOGIN: 'disable' } });
    const nav = within(await screen.findByRole('banner')).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Urgent Booking', 'Contact Us']);
  });

  it('shows the footer with the operator companies, e-mail and © 2024', async () => {
    renderShell();
    const footer = await screen.findByRole('contentinfo');
    await waitFor(() => expect(within(footer).getByText('Thames Executive Travel')).toBeTruthy());
    const email = footer.querySelector('a[href^="mailto:"]');
    expect(email?.getAttribute('href')).toBe('mailto:bookings@westwaycars.test');
    expect(email?.textContent).toBe('bookings@westwaycars.test');
    expect(within(footer).getByText('© 2024 Westway Cars. All rights reserved.')).toBeTruthy();
  });

  it('hides the navbar on /login and keeps the footer', async () => {
    renderShell({ path: '/login' });
    expect(await screen.findByRole('contentinfo')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('renders without navbar and footer when the settings fail, and logs the failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderShell({ loadSettings: async () => Promise.reject(new Error('offline')) });
    expect(await screen.findByRole('heading', { name: 'Book your taxi' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(error).toHaveBeenCalledWith('Could not load settings:', expect.any(Error));
    error.mockRestore();
  });

  it('shows the home sections their settings enable', async () => {
    renderShell();
    expect(await screen.findByRole('heading', { name: 'Extensive Fleet' })).toBeTruthy();
    expect(await screen.findByText('Heathrow Airport Terminal 5')).toBeTruthy();
    expect(screen.getByText('Call us 24/7')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Meet and greet' })).toBeTruthy();
    // No flight look-ups configured (FLIGHT_TRACKING not 'enable'): the site does not promise flight tracking.
    expect(screen.queryByRole('heading', { name: 'Flight tracking' })).toBeNull();
  });

  it('promises flight tracking only when the server follows flights (FLIGHT_TRACKING, from AEROAPI_KEY)', async () => {
    renderShell({ settings: { ...demoSettings, FLIGHT_TRACKING: 'enable' } });
    expect(await screen.findByRole('heading', { name: 'Flight tracking' })).toBeTruthy();
    expect(screen.getByText(/We follow your flight and adjust the pickup time/)).toBeTruthy();
  });

  it('redirects an unknown path to / by replacing it', async () => {
    const location = renderShell({ path: '/nowhere' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(location.history).toEqual(['/']);
  });
});
