/**
 * The school's facts, once, for the server (year-end statements, payment descriptions, e-mails) and the web app
 * (header, footer, contact and donate pages) alike, so a statement always says what the site tells donors.
 * This module imports nothing, Node or otherwise: the web app's bundler reads it as it is.
 *
 * Phone numbers use the 555-01xx range reserved for fiction, so nobody real gets called.
 */
export const SCHOOL_FACTS = {
  name: 'Hillside Learning Center',
  shortName: 'Hillside',
  ein: '71-0123456',
  founded: 1969,
  incorporated: 1972,
  address: { street: '418 Schoolhouse Road', city: 'Marshall', state: 'AR', zip: '72650' },
  mailing: { poBox: 'PO Box 214', city: 'Marshall', state: 'AR', zip: '72650' },
  phone: '(870) 555-0142',
  phoneHref: 'tel:+18705550142',
  email: 'info@hillsidelearning.org',
  /**
   * When the school is open, and so when classes run and the van drives: the Contact page's hours and the
   * Programs page's promises both read this, so they cannot disagree.
   */
  schedule: {
    openDays: 'Monday to Thursday',
    openDaysShort: 'Monday - Thursday',
    openDayCount: 'four',
    hours: '8:00 AM - 3:00 PM',
    closedDaysShort: 'Friday - Sunday',
  },
  /** What the site says next to the donation form (SPEC section 2, Donate: the tax-deductible statement). */
  taxDeductibleStatement:
    'Hillside Learning Center is a 501(c)(3) non-profit organization. All donations are tax-deductible to the extent allowed by law.',
  /** The status line of a year-end giving statement, followed there by the EIN. */
  taxExemptStatus: 'Hillside Learning Center is a 501(c)(3) tax-exempt organization.',
} as const;

export type SchoolFacts = typeof SCHOOL_FACTS;

/** '418 Schoolhouse Road, Marshall, AR 72650' */
export const streetAddress = `${SCHOOL_FACTS.address.street}, ${SCHOOL_FACTS.address.city}, ${SCHOOL_FACTS.address.state} ${SCHOOL_FACTS.address.zip}`;

/** 'PO Box 214, Marshall, AR 72650' */
export const mailingAddress = `${SCHOOL_FACTS.mailing.poBox}, ${SCHOOL_FACTS.mailing.city}, ${SCHOOL_FACTS.mailing.state} ${SCHOOL_FACTS.mailing.zip}`;
