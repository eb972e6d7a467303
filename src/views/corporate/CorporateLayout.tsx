import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/CloseButton.css';
import { Alert, Burger, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { selectCheckFailed, selectIsCheckingSession, selectIsLoggingOut, selectIsSignedIn, selectLoginNotice, selectPassenger } from '../../../machines/corporate/index.ts';
import { LogoMark } from '../../components/Logo.tsx';
import { CorporateRouteSync } from './CorporateRouteSync.tsx';
import { sendCorporate, useCorporate } from '../../app/corporate/corporateSession.ts';
import classes from './CorporateLayout.module.css';

const NAV_ITEMS = [
  { label: 'Book Now', href: '/book-now' },
  { label: 'Bookings', href: '/bookings' },
  { label: 'My Account', href: '/my-account' },
] as const;

/** How long a success message ('Login Successfully') stays (spec §9: success toast 1500 ms; a little longer to be read). */
const SUCCESS_NOTICE_MS = 4000;

function LoginNotice() {
  const notice = useCorporate(selectLoginNotice);
  const success = notice?.tone === 'success';
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => sendCorporate({ type: 'notice.dismiss' }), SUCCESS_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [success]);
  if (!notice || !success) return null;
  return (
    <Alert color="teal" variant="light" role="status" mb="lg" withCloseButton closeButtonLabel="Dismiss" onClose={() => sendCorporate({ type: 'notice.dismiss' })}>
      {notice.text}
    </Alert>
  );
}

/** The protected page's body: a wait while the token is checked, a retry when it could not be, else the page. */
function Guarded({ children }: { children: ReactNode }) {
  const signedIn = useCorporate(selectIsSignedIn);
  const checking = useCorporate(selectIsCheckingSession);
  const checkFailed = useCorporate(selectCheckFailed);
  if (checkFailed)
    return (
      <Alert color="red" variant="light" title="We could not check your sign-in" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Please check your connection and try again.</Text>
          <Button size="xs" variant="white" color="red" onClick={() => sendCorporate({ type: 'session.retry' })}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  if (signedIn && !checking) return <>{children}</>;
  return (
    <Center mih={240}>
      <Loader role="progressbar" aria-label="Checking your sign-in" />
    </Center>
  );
}

/**
 * The corporate area's frame around /bookings and /my-account: the 'Corporate Account' top bar and the sidebar
 * (Book Now, Bookings, My Account, Logout), toggleable at 768 px or less. Its RouteSync tells the machine the page
 * was entered (the token is checked) and puts the URL where the machine is (sign-in, home after logout).
 */
export function CorporateLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const sidebarId = useId();
  const passenger = useCorporate(selectPassenger);
  const loggingOut = useCorporate(selectIsLoggingOut);

  useEffect(() => setOpen(false), [location]);

  return (
    <div className={classes.layout} data-screen="corporate-layout">
      <CorporateRouteSync />
      <div className={classes.topbar} role="banner" aria-label="Corporate Account">
        <Burger className={classes.toggle} opened={open} onClick={() => setOpen((value) => !value)} color="white" size="sm" aria-label={open ? 'Close menu' : 'Open menu'} aria-expanded={open} aria-controls={sidebarId} />
        <Link href="/bookings" className={classes.brand}>
          <LogoMark size={32} />
          <span className={classes.brandText}>Corporate Account</span>
        </Link>
        {passenger && <span className={classes.who}>{passenger.passenger_name}</span>}
      </div>
      <div className={classes.body}>
        <nav id={sidebarId} className={classes.sidebar} data-open={open || undefined} aria-label="Corporate">
          <ul className={classes.navList}>
            {NAV_ITEMS.map((item) => (
              <li key={item.href}>
                <Link href={item.href} className={classes.navItem} aria-current={location === item.href ? 'page' : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
            <li className={classes.logout}>
              <button type="button" className={classes.navItem} onClick={() => sendCorporate({ type: 'session.logout' })} disabled={loggingOut}>
                {loggingOut ? 'Logging out…' : 'Logout'}
              </button>
            </li>
          </ul>
        </nav>
        <div className={classes.content}>
          <LoginNotice />
          <Guarded>{children}</Guarded>
        </div>
      </div>
    </div>
  );
}
