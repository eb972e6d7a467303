// Loaded on the first tap of the burger, so phones that never open the menu do not download the drawer.
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import { Drawer } from '@mantine/core';
import { IconPhone } from '../components/icons.tsx';
import { LogoMark } from '../components/Logo.tsx';
import { NavLinks } from './NavLinks.tsx';
import { telHref, type NavItem } from './navigation.ts';
import classes from './Navbar.module.css';

interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
  links: NavItem[];
  pathname: string;
  companyName: string | null;
  phone: string | null;
}

/** The burger sidebar of spec §2 Shell: the navbar's links and the phone, below 768 px. */
export function MobileMenu({ opened, onClose, links, pathname, companyName, phone }: MobileMenuProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      hiddenFrom="sm"
      size="min(320px, 85vw)"
      position="right"
      id="mobile-menu"
      title={
        <span className={classes.drawerTitle}>
          <LogoMark size={28} />
          {companyName ?? 'Menu'}
        </span>
      }
      classNames={{ body: classes.drawerBody }}
    >
      <nav aria-label="Menu" className={classes.drawerLinks}>
        <NavLinks links={links} pathname={pathname} className={classes.drawerLink} onNavigate={onClose} />
      </nav>
      {phone && (
        <a href={telHref(phone)} className={classes.drawerPhone}>
          <IconPhone size={18} />
          <span>Call {phone}</span>
        </a>
      )}
    </Drawer>
  );
}
