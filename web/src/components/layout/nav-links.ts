/** SPEC section 2, Header and footer: the gallery is reachable by URL but not linked from the menus. */
export const headerLinks = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About Us' },
  { href: '/programs', label: 'Programs' },
  { href: '/donate', label: 'Donate' },
  { href: '/contact', label: 'Contact' },
] as const;

/**
 * The same links (the footer labels the programs link 'Our Programs'), and the donors' own page, where they
 * manage a recurring gift.
 */
export const footerLinks = [
  ...headerLinks.map((link) => (link.href === '/programs' ? { ...link, label: 'Our Programs' } : link)),
  { href: '/my-giving', label: 'Manage My Giving' },
];
