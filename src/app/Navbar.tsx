import { Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { IconPhone } from '../components/icons.tsx';
import { LogoMark } from '../components/Logo.tsx';
import { Container } from '../components/plain/Text.tsx';
import { lazyThemed } from './lazyThemed.tsx';
import { NavLinks } from './NavLinks.tsx';
import { navLinks, telHref } from './navigation.ts';
import { useSettings } from './useSettings.ts';
import classes from './Navbar.module.css';

const MobileMenu = lazyThemed(async () => (await import('./MobileMenu.tsx')).MobileMenu);

/**
 * The navbar of spec §2 Shell: logo, company name, phone as a tel: link and the links the settings allow.
 * From 768 px (spec §9 desktop breakpoint) the links sit in the bar; below it, a burger opens a drawer with the same links.
 */
export function Navbar() {
  const settings = useSettings();
  const [pathname] = useLocation();
  const [opened, setOpened] = useState(false);
  const close = useCallback(() => setOpened(false), []);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const links = navLinks(settings);
  const companyName = settings.Company_Name;
  const phone = settings.Company_Contact_Info;

  useEffect(close, [pathname, close]);

  const onBurger = () => {
    setMenuLoaded(true);
    setOpened((wasOpened) => !wasOpened);
  };

  return (
    <header className={classes.header}>
      <Container className={classes.inner}>
        <Link href="/" className={classes.brand} aria-label={companyName ? `${companyName}, home` : 'Home'}>
          <LogoMark size={36} />
          {companyName && <span className={classes.brandName}>{companyName}</span>}
        </Link>

        <nav className={classes.links} aria-label="Main">
          <NavLinks links={links} pathname={pathname} className={classes.link} />
        </nav>

        <div className={classes.actions}>
          {phone && (
            <a href={telHref(phone)} className={classes.phone} data-testid="navbar-phone" aria-label={`Call ${phone}`}>
              <IconPhone size={18} />
              <span className={classes.phoneNumber}>{phone}</span>
            </a>
          )}
          <button type="button" className={classes.burger} onClick={onBurger} aria-label={opened ? 'Close menu' : 'Open menu'} aria-expanded={opened} aria-controls="mobile-menu">
            <span className={classes.burgerLines} data-opened={opened || undefined} />
          </button>
        </div>
      </Container>

      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu opened={opened} onClose={close} links={links} pathname={pathname} companyName={companyName} phone={phone} />
        </Suspense>
      )}
    </header>
  );
}
