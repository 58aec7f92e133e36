/**
 * The school's legal facts printed on year-end giving statements. The web app keeps the same facts in
 * web/src/content/school.ts; keep the two in step (the statement must match what the site tells donors).
 */
export const SCHOOL = {
  name: 'Hillside Learning Center',
  street: '418 Schoolhouse Road, Marshall, AR 72650',
  mailing: 'PO Box 214, Marshall, AR 72650',
  phone: '(870) 555-0142',
  email: 'info@hillsidelearning.org',
  ein: '71-0123456',
  taxStatus: 'Hillside Learning Center is a 501(c)(3) tax-exempt organization.',
} as const;
