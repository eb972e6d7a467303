import { Link } from 'wouter';
import { isCurrent, type NavItem } from './navigation.ts';

/** The navbar's links; the current page is marked with data-active and aria-current. */
export function NavLinks({ links, pathname, className, onNavigate }: { links: NavItem[]; pathname: string; className: string; onNavigate?: () => void }) {
  return links.map((link) => {
    const current = isCurrent(link.href, pathname);
    return (
      <Link key={link.href} href={link.href} className={className} data-active={current || undefined} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
        {link.label}
      </Link>
    );
  });
}
