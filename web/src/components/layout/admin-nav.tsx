import { Link, useLocation } from 'wouter';
import type { AdminDto } from '../../lib/api-types';

type Role = AdminDto['role'];

const MONEY: Role[] = ['owner', 'bookkeeper'];
const OWNER: Role[] = ['owner'];
const WEBSITE: Role[] = ['owner', 'editor'];
const EVERY: Role[] = ['owner', 'bookkeeper', 'editor'];

const LINKS: Array<{ href: string; label: string; roles: Role[] }> = [
  { href: '/stripe-data', label: 'Dashboard', roles: MONEY },
  { href: '/stripe-data/recurring', label: 'Recurring', roles: MONEY },
  { href: '/stripe-data/payouts', label: 'Payouts', roles: MONEY },
  { href: '/stripe-data/month-end', label: 'Month-end', roles: MONEY },
  { href: '/stripe-data/funds', label: 'Funds', roles: MONEY },
  { href: '/stripe-data/appeals', label: 'Appeals', roles: MONEY },
  { href: '/stripe-data/import', label: 'Import', roles: MONEY },
  { href: '/admin/website', label: 'Website', roles: WEBSITE },
  { href: '/stripe-data/audit', label: 'Audit Log', roles: MONEY },
  { href: '/stripe-data/operations', label: 'Operations', roles: MONEY },
  { href: '/stripe-data/admins', label: 'Admins', roles: OWNER },
  { href: '/stripe-data/settings', label: 'Settings', roles: OWNER },
  { href: '/stripe-data/account', label: 'Security', roles: EVERY },
];

/** Whether a role may open an admin path (editors: the Website section and their own Security page). */
export function roleMayOpen(role: Role, path: string): boolean {
  if (path === '/admin/website' || path.startsWith('/admin/website/')) return WEBSITE.includes(role);
  const link = LINKS.find((l) => l.href === path);
  return link ? link.roles.includes(role) : role !== 'editor';
}

/** The admin area's own navigation. Pages a role cannot use are not shown to it (the server refuses them anyway). */
export function AdminNav({ role }: { role: Role }) {
  const [location] = useLocation();
  return (
    <nav className="adm-nav" aria-label="Admin">
      {LINKS.filter((l) => l.roles.includes(role)).map((l) => (
        <Link
          key={l.href}
          href={l.href}
          className="adm-nav__link"
          aria-current={
            location === l.href || (l.href === '/admin/website' && location.startsWith('/admin/website/'))
              ? 'page'
              : undefined
          }
        >
          {l.label}
        </Link>
      ))}
    </nav>
  );
}
