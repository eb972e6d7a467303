/**
 * The operator console (/admin), one lazy chunk the public pages never load: the session machine's actor, the URL
 * sync, and the stage it is in (checking, sign-in, set-password, or the signed-in layout with its page, each page a
 * lazy chunk of its own). A 401 from any console call ends the session here (consoleLogic.ts useSessionLoss).
 */
import { Suspense, lazy, type ComponentType } from 'react';
import { Center, Loader } from '@mantine/core';
import { selectPage, selectStage, type ConsolePage } from '../../../machines/console/index.ts';
import { ConsoleLayout } from './ConsoleLayout.tsx';
import { Console, readConsoleInput, useSessionLoss } from '../../app/console/consoleLogic.ts';
import { ConsoleRouteSync } from './ConsoleRouteSync.tsx';
import { SetPasswordPage } from './SetPasswordPage.tsx';
import { SignInPage } from './SignInPage.tsx';

function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): ComponentType<{ page: ConsolePage }> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<{ page: ConsolePage }> }));
}

const PAGES: Record<ConsolePage['name'], ComponentType<{ page: ConsolePage }>> = {
  bookings: lazyPage(() => import('./bookings/BoardPage.tsx'), 'BoardPage'),
  queue: lazyPage(() => import('./queue/QueuePage.tsx'), 'QueuePage'),
  map: lazyPage(() => import('./map/MapPage.tsx'), 'MapPage'),
  booking: lazyPage(() => import('./booking/BookingPage.tsx'), 'BookingPage'),
  enquiries: lazyPage(() => import('./enquiries/EnquiriesPage.tsx'), 'EnquiriesPage'),
  mail: lazyPage(() => import('./outbox/OutboxPage.tsx'), 'OutboxPage'),
  fleet: lazyPage(() => import('./fleet/FleetPage.tsx'), 'FleetPage'),
  staff: lazyPage(() => import('./staff/StaffPage.tsx'), 'StaffPage'),
  settings: lazyPage(() => import('./settings/SettingsPage.tsx'), 'SettingsPage'),
  catalogue: lazyPage(() => import('./catalogue/CataloguePage.tsx'), 'CataloguePage'),
  prices: lazyPage(() => import('./prices/PricesPage.tsx'), 'PricesPage'),
  places: lazyPage(() => import('./places/PlacesPage.tsx'), 'PlacesPage'),
  promos: lazyPage(() => import('./promos/PromosPage.tsx'), 'PromosPage'),
  settlement: lazyPage(() => import('./settlement/SettlementPage.tsx'), 'SettlementPage'),
  reports: lazyPage(() => import('./reports/ReportsPage.tsx'), 'ReportsPage'),
  'company-accounts': lazyPage(() => import('./companyAccounts/CompanyAccountsPage.tsx'), 'CompanyAccountsPage'),
  invoices: lazyPage(() => import('./invoices/InvoicesPage.tsx'), 'InvoicesPage'),
  'phone-booking': lazyPage(() => import('./phoneBooking/PhoneBookingPage.tsx'), 'PhoneBookingPage'),
};

const PageLoading = () => (
  <Center py="xl" role="status" aria-label="Loading">
    <Loader size="sm" />
  </Center>
);

function SessionLossListener() {
  useSessionLoss();
  return null;
}

function Stage() {
  const stage = Console.useSelector(selectStage);
  const page = Console.useSelector(selectPage);
  if (stage === 'checking')
    return (
      <main>
        <PageLoading />
      </main>
    );
  if (stage === 'signIn') return <SignInPage />;
  if (stage === 'setPassword') return <SetPasswordPage />;
  const Page = PAGES[page.name];
  return (
    <ConsoleLayout>
      <Suspense fallback={<PageLoading />}>
        {/* A booking's page starts afresh for another booking. */}
        <Page key={page.name === 'booking' ? page.number : page.name} page={page} />
      </Suspense>
    </ConsoleLayout>
  );
}

export function ConsoleApp() {
  return (
    <Console.Provider options={{ input: readConsoleInput() }}>
      <SessionLossListener />
      <ConsoleRouteSync />
      <Stage />
    </Console.Provider>
  );
}
