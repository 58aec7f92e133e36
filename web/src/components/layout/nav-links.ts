/** SPEC section 2, Header and footer: the gallery is reachable by URL but not linked from the menus. */
export const headerLinks = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About Us' },
  { href: '/programs', label: 'Programs' },
  { href: '/donate', label: 'Donate' },
  { href: '/contact', label: 'Contact' },
] as const;

export const footerLinks = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About Us' },
  { href: '/programs', label: 'Our Programs' },
  { href: '/donate', label: 'Donate' },
  { href: '/contact', label: 'Contact' },
] as const;
