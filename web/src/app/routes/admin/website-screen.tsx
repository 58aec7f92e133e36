import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { AdminDto } from '../../../lib/api-types';
import { AdminScreen } from './admin-screen';

/** The Website section's parts: each is its own route (and route file), so each part's code loads on its own. */
const SECTIONS = [
  { href: '/admin/website', label: 'Pages' },
  { href: '/admin/website/news', label: 'News' },
  { href: '/admin/website/events', label: 'Events' },
  { href: '/admin/website/photos', label: 'Photos' },
];

/**
 * A screen of the Website section (owners and editors): the admin header and navigation, then the section's own
 * navigation (Pages, News, Events, Photos), then the part. Pages, news, events and photos plug in here.
 */
export function WebsiteScreen({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: (admin: AdminDto) => ReactNode;
}) {
  const [location] = useLocation();
  return (
    <AdminScreen eyebrow="Website" title={title} subtitle={subtitle}>
      {(admin) =>
        admin.role === 'bookkeeper' ? (
          <p className="adm-empty">Only owners and website editors can change the website.</p>
        ) : (
          <>
            <nav className="adm-subnav" aria-label="Website">
              {SECTIONS.map((s) => (
                <Link
                  key={s.href}
                  href={s.href}
                  className="adm-subnav__link"
                  aria-current={location === s.href ? 'page' : undefined}
                >
                  {s.label}
                </Link>
              ))}
            </nav>
            {children(admin)}
          </>
        )
      }
    </AdminScreen>
  );
}
