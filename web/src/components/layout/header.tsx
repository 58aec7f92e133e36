import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { school } from '../../content/school';
import { cn } from '../ui/cn';
import { CloseIcon, MenuIcon, PhoneIcon } from '../ui/icons';
import { BrandMark } from './brand-mark';
import { headerLinks } from './nav-links';

function NavList({ location, onNavigate }: { location: string; onNavigate?: () => void }) {
  return (
    <ul className="nav__list">
      {headerLinks.map((link) => {
        const active = link.href === '/' ? location === '/' : location.startsWith(link.href);
        return (
          <li key={link.href}>
            <Link
              href={link.href}
              className={cn('nav__link', link.href === '/donate' && 'nav__link--donate')}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
            >
              {link.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The school's phone number with its icon: in the bar on desktop, under the menu on small screens. */
function PhoneLink({ className }: { className: string }) {
  return (
    <a className={className} href={school.phoneHref}>
      <PhoneIcon />
      <span>
        <span className="sr-only">Call us: </span>
        {school.phone}
      </span>
    </a>
  );
}

/**
 * Site header: brand, desktop navigation with the active link highlighted, the phone number on desktop, and on
 * small screens a menu toggled by the 'Toggle mobile menu' button (aria-expanded tells its state). Choosing a
 * link, pressing Escape or changing route closes the menu.
 */
export function Header() {
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();

  useEffect(() => setOpen(false), [location]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link href="/" className="brand">
          <BrandMark className="brand__mark" />
          <span className="brand__name">
            {school.name}
            <small>Marshall, Arkansas · since {school.founded}</small>
          </span>
        </Link>
        <nav className="nav" aria-label="Main">
          <NavList location={location} />
        </nav>
        <PhoneLink className="header-phone" />
        <button
          type="button"
          className="menu-toggle"
          aria-label="Toggle mobile menu"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
      </div>
      <nav id={menuId} className="mobile-nav container" aria-label="Mobile" hidden={!open}>
        <NavList location={location} onNavigate={() => setOpen(false)} />
        <PhoneLink className="header-phone mobile-nav__phone" />
      </nav>
    </header>
  );
}
