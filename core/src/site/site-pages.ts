import { SCHOOL_FACTS as F } from '../school/school-facts.js';
import { META_DESCRIPTION_MAX, META_TITLE_MAX } from './page-meta.js';

/**
 * The site's editable pages: each page's fields (what the Website > Pages editor shows, in order), their kind and
 * their defaults. The defaults are exactly the texts the site showed before it was editable (SPEC section 2), so a
 * fresh install shows the SPEC texts; the school facts used by mail and PDFs (name, EIN, addresses, phone, e-mail)
 * are fields of the `school` and `contact` pages, so one publish reaches the site, the acknowledgments and the
 * year-end statements alike (see published-school-facts.ts).
 *
 * This module imports nothing with Node: the web app reads the same definitions and defaults.
 */
export type FieldKind = 'text' | 'long-text' | 'rich' | 'latitude' | 'longitude' | 'ein' | 'phone' | 'email';

export interface FieldDefinition {
  key: string;
  label: string;
  kind: FieldKind;
  /** A hint shown under the field. */
  hint?: string;
  defaultValue: string;
  /** The most characters a value other than the default may have (the editor counts them as staff type). */
  maxLength?: number;
}

export interface PageDefinition {
  key: SitePageKey;
  label: string;
  /** Where visitors see it (the preview opens this path). */
  path: string;
  fields: FieldDefinition[];
}

export const SITE_PAGE_KEYS = [
  'home',
  'about',
  'programs',
  'contact',
  'gallery',
  'donate',
  'news',
  'events',
  'school',
] as const;
export type SitePageKey = (typeof SITE_PAGE_KEYS)[number];
export type PageContent = Record<string, string>;
export type SitePagesContent = Record<SitePageKey, PageContent>;

const text = (key: string, label: string, defaultValue: string, hint?: string): FieldDefinition => ({
  key,
  label,
  kind: 'text',
  defaultValue,
  ...(hint ? { hint } : {}),
});
const long = (key: string, label: string, defaultValue: string): FieldDefinition => ({
  key,
  label,
  kind: 'long-text',
  defaultValue,
});
const rich = (key: string, label: string, defaultValue: string): FieldDefinition => ({
  key,
  label,
  kind: 'rich',
  defaultValue,
});

/**
 * A page's title and description (browser tab, search results, link previews: core/src/site/page-meta.ts). The
 * defaults are the texts the site had before they were editable; the school's name is added to the title.
 */
const meta = (title: string, description: string, home = false): FieldDefinition[] => [
  {
    key: 'meta.title',
    label: 'Page title (browser tab and search results)',
    kind: 'text',
    defaultValue: title,
    maxLength: META_TITLE_MAX,
    hint: home
      ? `Shown after the school's name: “${F.name} | ${title}”.`
      : `The school's name is added after it: “${title} | ${F.name}”.`,
  },
  {
    key: 'meta.description',
    label: 'Page description (search results and link previews)',
    kind: 'long-text',
    defaultValue: description,
    maxLength: META_DESCRIPTION_MAX,
    hint: 'One or two sentences that tell a searcher what this page offers.',
  },
];

const PROGRAMS: Array<{ slug: string; title: string; summary: string; description: string }> = [
  {
    slug: 'adult-development',
    title: 'Adult Development Program',
    summary: 'Daily classes that build reading, math, communication and self-confidence at each person’s own pace.',
    description: `Small classes, ${F.schedule.openDayCount} days a week, ${F.schedule.openDays}. Each adult has a personal plan made with their family. We practice reading, money, time and speaking up for yourself. Progress is celebrated, big or small.`,
  },
  {
    slug: 'transportation',
    title: 'Transportation Services',
    summary: 'Door-to-door rides in our accessible van with a wheelchair lift, so no one misses a day.',
    description: `Our accessible van with a lift picks people up at home and brings them back each school day, ${F.schedule.openDays}. Trained drivers help with boarding and seat belts. We also drive to outings, doctor visits and work sites across the county.`,
  },
  {
    slug: 'community-integration',
    title: 'Community Integration',
    summary: 'Trips to shops, the library and local events, so every adult is a known and welcome neighbor.',
    description:
      'We go out into town together every week. People shop, order a meal, visit the library and help at local events. Each trip builds confidence and friendships outside our walls.',
  },
  {
    slug: 'life-skills',
    title: 'Life Skills Training',
    summary: 'Cooking, cleaning, budgeting and staying safe: the skills that make everyday life more independent.',
    description:
      'In our teaching kitchen and practice apartment, adults learn to cook simple meals, do laundry, plan a budget and stay safe at home. Skills are practiced step by step until they feel easy.',
  },
  {
    slug: 'recreation',
    title: 'Recreational Activities',
    summary: 'Art, music, gardening and sports that bring joy, friendship and healthy movement to every week.',
    description:
      'Art and music classes, a shared vegetable garden, walking club, bowling and seasonal parties. Fun matters: it builds friendships, health and a sense of belonging.',
  },
  {
    slug: 'vocational',
    title: 'Vocational Training',
    summary: 'Real job skills and supported work placements with local employers who value our graduates.',
    description:
      'We teach work habits and job skills in our workshop, then support people in real jobs with local partners. Job coaches stay close until each worker feels sure of the routine.',
  },
];

/** The programs' slugs, in the order the site shows them (their photos stay with the code). */
export const PROGRAM_SLUGS = PROGRAMS.map((p) => p.slug);

export const SITE_PAGES: readonly PageDefinition[] = [
  {
    key: 'home',
    label: 'Home',
    path: '/',
    fields: [
      text('eyebrow', 'Line above the title', `Serving Searcy County since ${F.founded}`),
      text('title', 'Title', 'Empowering Lives Through Education & Support'),
      long(
        'intro',
        'Introduction',
        `${F.name} helps adults with developmental disabilities learn new skills, find meaningful work and enjoy life in their community.`,
      ),
      long(
        'mission',
        'Our Mission (first sentence, also in the footer)',
        'We help adults with developmental disabilities learn, work and take part in community life, with dignity and the support each person needs.',
      ),
      rich(
        'missionDetail',
        'Our Mission (more)',
        '<p>Since 1969 families in our county have trusted us with the people they love. We teach practical skills, build friendships and open doors to real work.</p><p>Every adult has a personal plan. We move at their pace and celebrate every step forward.</p>',
      ),
      text(
        'programsIntro',
        'Our Programs (introduction)',
        'Practical learning, safe transport and a real place in the community.',
      ),
      ...meta(
        'Education and support for adults with developmental disabilities',
        `${F.name} trains and supports adults with developmental disabilities in rural Arkansas.`,
        true,
      ),
    ],
  },
  {
    key: 'about',
    label: 'About',
    path: '/about',
    fields: [
      text('intro', 'Introduction', 'Over 50 years of learning, work and friendship in rural Arkansas.'),
      rich(
        'history',
        'Our History',
        '<p>Hillside Learning Center was established in 1969 by local parents who wanted their grown children to keep learning close to home.</p><p>We incorporated as a non-profit in 1972. For over 50 years we have grown one classroom, one van and one garden at a time.</p>',
      ),
      long(
        'team',
        'Our Team',
        'Our team of about 6 to 10 professionals includes instructors, job coaches, drivers and support staff. Many have been with us for over a decade.',
      ),
      text('visit', 'Visit Us', 'Families are always welcome. Call us to arrange a visit or a trial day.'),
      ...meta(
        'About Us',
        `Established in ${F.founded} and incorporated in ${F.incorporated}, ${F.name} has supported adults with developmental disabilities in rural Arkansas for over 50 years.`,
      ),
    ],
  },
  {
    key: 'programs',
    label: 'Programs',
    path: '/programs',
    fields: [
      text('intro', 'Introduction', 'Six programs that help adults learn, work, travel and belong.'),
      ...PROGRAMS.flatMap((p) => [
        text(`${p.slug}.title`, `${p.title}: title`, p.title),
        long(`${p.slug}.summary`, `${p.title}: summary (Home)`, p.summary),
        long(`${p.slug}.description`, `${p.title}: description (schedule and days)`, p.description),
      ]),
      text(
        'moreInfo',
        'Need More Information?',
        'We are happy to answer questions, share our schedule or arrange a visit.',
      ),
      ...meta(
        'Programs',
        'Adult development, accessible transportation, community integration, life skills, recreation and vocational training for adults with developmental disabilities.',
      ),
    ],
  },
  {
    key: 'contact',
    label: 'Contact',
    path: '/contact',
    fields: [
      text('intro', 'Introduction', 'We would love to hear from you. Call, write or come by.'),
      text('street', 'Street', F.address.street),
      text('city', 'City', F.address.city),
      text('state', 'State', F.address.state),
      text('zip', 'ZIP code', F.address.zip),
      text('poBox', 'Mailing address: PO Box', F.mailing.poBox),
      text('mailingCity', 'Mailing address: city', F.mailing.city),
      text('mailingState', 'Mailing address: state', F.mailing.state),
      text('mailingZip', 'Mailing address: ZIP code', F.mailing.zip),
      { key: 'phone', label: 'Phone', kind: 'phone', defaultValue: F.phone, hint: 'For example (870) 555-0142.' },
      { key: 'email', label: 'E-mail', kind: 'email', defaultValue: F.email },
      text('openDaysShort', 'Hours: open days', F.schedule.openDaysShort),
      text('hours', 'Hours: times', F.schedule.hours),
      text('closedDaysShort', 'Hours: closed days', F.schedule.closedDaysShort),
      {
        key: 'latitude',
        label: 'Map position: latitude',
        kind: 'latitude',
        defaultValue: '35.9089',
        hint: 'The map link opens here. Find it on openstreetmap.org (right-click, Show address).',
      },
      { key: 'longitude', label: 'Map position: longitude', kind: 'longitude', defaultValue: '-92.6318' },
      ...meta(
        'Contact',
        `Visit, call or e-mail ${F.name} in ${F.address.city}, Arkansas. Open ${F.schedule.openDays}, ${F.schedule.hours.replace(' - ', ' to ')}.`,
      ),
    ],
  },
  {
    key: 'gallery',
    label: 'Gallery',
    path: '/gallery',
    fields: [
      text('intro', 'Introduction', `A look at everyday life at ${F.name}. Choose a photo to see it larger.`),
      ...meta(
        'Photo Gallery',
        `Photos of everyday life at ${F.name}: classes, trips, the garden, our van and celebrations.`,
      ),
    ],
  },
  {
    key: 'donate',
    label: 'Donate',
    path: '/donate',
    fields: [
      text('intro', 'Introduction', 'Your gift helps adults with developmental disabilities learn, work and belong.'),
      rich(
        'appeal',
        'Support Our Mission (the appeal above the form)',
        `<p>For over 50 years, ${F.name} has depended on the generosity of neighbors like you. Your gift pays for classes, the accessible van, job coaching and the supplies our adults use every day.</p><p>Every dollar stays in our community.</p>`,
      ),
      ...meta(
        'Donate',
        `Support the mission of ${F.name}: give once or monthly to help adults with developmental disabilities learn, work and belong. All donations are tax-deductible.`,
      ),
    ],
  },
  {
    key: 'news',
    label: 'News',
    path: '/news',
    fields: meta('News', `News from ${F.name}: what our students and staff have been up to.`),
  },
  {
    key: 'events',
    label: 'Events',
    path: '/events',
    fields: meta('Events', `Upcoming events at ${F.name}: open houses, celebrations and community days.`),
  },
  {
    key: 'school',
    label: 'School details',
    path: '/',
    fields: [
      text('name', 'School name', F.name, 'On every page, every e-mail and every year-end statement.'),
      text('shortName', 'Short name', F.shortName),
      {
        key: 'ein',
        label: 'EIN (tax ID)',
        kind: 'ein',
        defaultValue: F.ein,
        hint: 'As on the IRS letter: two digits, a dash, seven digits.',
      },
    ],
  },
];

export function pageDefinition(key: string): PageDefinition | undefined {
  return SITE_PAGES.find((p) => p.key === key);
}

/** A page's content with every field present: stored values where valid keys were stored, else the defaults. */
export function withDefaults(key: SitePageKey, stored: Partial<PageContent> | null | undefined): PageContent {
  const def = pageDefinition(key)!;
  const out: PageContent = {};
  for (const f of def.fields) {
    const v = stored?.[f.key];
    out[f.key] = typeof v === 'string' ? v : f.defaultValue;
  }
  return out;
}

/** Every page at its defaults: what a fresh install shows. */
export function defaultSitePages(): SitePagesContent {
  return Object.fromEntries(SITE_PAGE_KEYS.map((k) => [k, withDefaults(k, null)])) as SitePagesContent;
}

/** `tel:` link of a phone number as written ('(870) 555-0142' -> 'tel:+18705550142'; US numbers get +1). */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}
