import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Divider.css';
import { Alert, AppShell, Badge, Burger, Button, Menu, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { selectError, selectPage, selectSession, selectSigningOut, type ConsolePageName } from '../../../machines/console/index.ts';
import { Console } from '../../app/console/consoleLogic.ts';
import classes from './Console.module.css';

interface NavItem {
  page: ConsolePageName;
  label: string;
  href: string;
  ownerOnly?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { page: 'bookings', label: 'Bookings', href: '/admin/bookings' },
  { page: 'queue', label: 'Needs action', href: '/admin/needs-action' },
  { page: 'map', label: 'Live map', href: '/admin/map' },
  { page: 'enquiries', label: 'Enquiries', href: '/admin/enquiries' },
  { page: 'mail', label: 'Mail', href: '/admin/mail' },
  { page: 'fleet', label: 'Drivers & vehicles', href: '/admin/fleet' },
  { page: 'catalogue', label: 'Vehicles & companies', href: '/admin/catalogue', ownerOnly: true },
  { page: 'prices', label: 'Prices', href: '/admin/prices', ownerOnly: true },
  { page: 'promos', label: 'Promo codes', href: '/admin/promos', ownerOnly: true },
  { page: 'settlement', label: 'Driver settlement', href: '/admin/settlement', ownerOnly: true },
  { page: 'reports', label: 'Reports', href: '/admin/reports', ownerOnly: true },
  { page: 'company-accounts', label: 'Company accounts', href: '/admin/company-accounts', ownerOnly: true },
  { page: 'invoices', label: 'Invoices', href: '/admin/invoices', ownerOnly: true },
  { page: 'places', label: 'Places', href: '/admin/places', ownerOnly: true },
  { page: 'settings', label: 'Settings', href: '/admin/settings', ownerOnly: true },
  { page: 'staff', label: 'Staff', href: '/admin/staff', ownerOnly: true },
];

/** The signed-in console: header (site, member, sign out), navigation, and the page. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const actor = Console.useActorRef();
  const session = Console.useSelector(selectSession);
  const page = Console.useSelector(selectPage);
  const error = Console.useSelector(selectError);
  const signingOut = Console.useSelector(selectSigningOut);
  const [opened, { toggle, close }] = useDisclosure(false);
  if (!session) return null;
  const current: ConsolePageName = page.name === 'booking' ? 'bookings' : page.name;
  const items = NAV_ITEMS.filter((item) => !item.ownerOnly || session.staff.role === 'owner');

  return (
    <AppShell className={classes.console} header={{ height: 52 }} navbar={{ width: 200, breakpoint: 'md', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <div className={classes.header}>
          <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={opened ? 'Close navigation' : 'Open navigation'} />
          <Text className={classes.brand} size="sm" data-testid="console-site">
            {session.site.name}
          </Text>
          <Badge variant="light" color="gray" size="sm" visibleFrom="xs">
            console
          </Badge>
          <div className={classes.headerSpacer} />
          <Menu position="bottom-end" width={220}>
            <Menu.Target>
              <Button variant="subtle" color="dark" size="compact-sm" rightSection={
                  <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                    <path d="m6 9 6 6 6-6" />
                  </svg>
                } loading={signingOut} data-testid="member-menu">
                <span className={classes.member}>
                  <Text span size="sm" fw={600} display="block">
                    {session.staff.name}
                  </Text>
                </span>
                <Badge ml={8} size="xs" variant="outline" color={session.staff.role === 'owner' ? 'brand' : 'gray'} data-testid="member-role">
                  {session.staff.role}
                </Badge>
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{session.staff.email}</Menu.Label>
              <Menu.Item onClick={() => actor.send({ type: 'signOut' })}>Sign out</Menu.Item>
              <Menu.Item onClick={() => actor.send({ type: 'signOutEverywhere' })}>Sign out everywhere</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </div>
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar} aria-label="Console">
        {items.map((item) => (
          <NavLink
            key={item.page}
            component={Link}
            href={item.href}
            label={item.label}
            active={current === item.page}
            aria-current={current === item.page ? 'page' : undefined}
            className={classes.navLink}
            onClick={close}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main className={classes.main} id="console-main">
        {error && (
          <Alert color="red" variant="light" role="alert" mb="sm">
            {error}
          </Alert>
        )}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
