import type { Queryable } from '../db/queryable.js';
import { SCHOOL_FACTS } from '../school/school-facts.js';
import { sitePagesSql } from './site-pages.repository.js';
import { defaultSitePages, withDefaults, type PageContent } from './site-pages.js';

/**
 * The school's facts as published on the website (Website > Pages: School details and Contact), for the server's
 * mail and PDFs: one edit reaches the site, the acknowledgments and the year-end statements alike. The IRS
 * sentences keep their fixed words; only the name in them follows the published name.
 */
export interface SchoolIdentity {
  name: string;
  ein: string;
  phone: string;
  email: string;
  /** '418 Schoolhouse Road, Marshall, AR 72650' */
  streetAddress: string;
  /** 'PO Box 214, Marshall, AR 72650' */
  mailingAddress: string;
  /** The status line of a year-end statement and of donor e-mail, followed there by the EIN. */
  taxExemptStatus: string;
}

export function schoolIdentity(school: PageContent, contact: PageContent): SchoolIdentity {
  return {
    name: school.name,
    ein: school.ein,
    phone: contact.phone,
    email: contact.email,
    streetAddress: `${contact.street}, ${contact.city}, ${contact.state} ${contact.zip}`,
    mailingAddress: `${contact.poBox}, ${contact.mailingCity}, ${contact.mailingState} ${contact.mailingZip}`,
    taxExemptStatus: SCHOOL_FACTS.taxExemptStatus.replace(SCHOOL_FACTS.name, school.name),
  };
}

/** The SPEC's facts: what a fresh install uses, and what code without a database (tests of texts) gets. */
export const DEFAULT_SCHOOL_IDENTITY: SchoolIdentity = schoolIdentity(
  defaultSitePages().school,
  defaultSitePages().contact,
);

/** The facts as published now (two indexed reads of the newest revisions), else the defaults. */
export async function readSchoolIdentity(db: Queryable): Promise<SchoolIdentity> {
  const published = await sitePagesSql.published(db, ['school', 'contact']);
  return schoolIdentity(
    withDefaults('school', published.get('school')),
    withDefaults('contact', published.get('contact')),
  );
}
