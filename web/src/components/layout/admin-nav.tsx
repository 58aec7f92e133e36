import { Link, useLocation } from 'wouter';

const LINKS = [
  { href: '/stripe-data', label: 'Dashboard', ownerOnly: false },
  { href: '/stripe-data/recurring', label: 'Recurring', ownerOnly: false },
  { href: '/stripe-data/payouts', label: 'Payouts', ownerOnly: false },
  { href: '/stripe-data/month-end', label: 'Month-end', ownerOnly: false },
  { href: '/stripe-data/appeal-reports', label: 'Appeals report', ownerOnly: false },
  { href: '/stripe-data/funds', label: 'Funds', ownerOnly: false },
  { href: '/stripe-data/appeals', label: 'Appeals', ownerOnly: false },
  { href: '/stripe-data/import', label: 'Import', ownerOnly: false },
  { href: '/stripe-data/audit', label: 'Audit Log', ownerOnly: false },
  { href: '/stripe-data/operations', label: 'Operations', ownerOnly: false },
  { href: '/stripe-data/admins', label: 'Admins', ownerOnly: true },
  { href: '/stripe-data/settings', label: 'Settings', ownerOnly: true },
  { href: '/stripe-data/account', label: 'Security', ownerOnly: false },
];

/** The admin area's own navigation. Pages a role cannot use are not shown to it (the server refuses them anyway). */
export function AdminNav({ role }: { role: 'owner' | 'bookkeeper' }) {
  const [location] = useLocation();
  return (
    <nav className="adm-nav" aria-label="Admin">
      {LINKS.filter((l) => !l.ownerOnly || role === 'owner').map((l) => (
        <Link
          key={l.href}
          href={l.href}
          className="adm-nav__link"
          aria-current={location === l.href ? 'page' : undefined}
        >
          {l.label}
        </Link>
      ))}
    </nav>
  );
}
