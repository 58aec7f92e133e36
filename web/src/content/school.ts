/**
 * The school's content, in one typed module: a school changes this file (and its images), not the components.
 * Its legal facts (name, EIN, addresses, phone, e-mail) are the published School details and Contact pages, which
 * the server's statements, e-mails and PDFs read too (core/src/site/published-school-facts.ts), so what the site
 * says and what a receipt says cannot drift apart.
 *
 * The default is a plausible small school in rural Arkansas. Phone numbers use the 555-01xx range that is
 * reserved for fiction, so nobody real gets called.
 */

import { SCHOOL_FACTS } from '../../../core/src/school/school-facts';
import { PROGRAM_SLUGS, phoneHref } from '../../../core/src/site/site-pages';
import { sitePages } from './site-pages';

const contact = sitePages.contact;
const details = sitePages.school;
const programText = sitePages.programs;

export interface ImageSource {
  /** Path without width and extension: `${base}-${width}.webp` exists for every width in `widths`. */
  base: string;
  widths: readonly number[];
  /** Intrinsic size of the largest rendition (sets the aspect ratio; avoids layout shift). */
  width: number;
  height: number;
}

export interface ProgramContent {
  slug: string;
  title: string;
  summary: string;
  description: string;
  image: ImageSource;
  alt: string;
}

export interface GalleryImage {
  slug: string;
  image: ImageSource;
  alt: string;
  caption: string;
}

export interface StaffCard {
  role: string;
  /** Shown only when given. */
  name?: string;
  description: string;
  email?: string;
}

const programImage = (slug: string): ImageSource => ({
  base: `/images/programs/${slug}`,
  widths: [400, 800],
  width: 800,
  height: 533,
});
const galleryImage = (slug: string): ImageSource => ({
  base: `/images/gallery/${slug}`,
  widths: [320, 640],
  width: 640,
  height: 480,
});

/** Each program's photo description (its words are the Programs page's fields). */
const PROGRAM_ALTS: Record<string, string> = {
  'adult-development':
    'An instructor and two adults work together at a classroom table with books and a counting board.',
  transportation: 'A white accessible van with its side wheelchair lift lowered, parked in front of the school.',
  'community-integration': 'A small group of adults and a staff member walk past shop fronts on a sunny main street.',
  'life-skills': 'Two adults stir a pot and chop vegetables in a bright teaching kitchen.',
  recreation: 'Adults paint at easels outdoors next to raised garden beds full of flowers.',
  vocational: 'An adult in an apron stacks potted plants on a shelf while a job coach gives a thumbs up.',
};

/** The programs' words as published (Website > Pages > Programs); their photos and alt texts stay here. */
const programs: ProgramContent[] = PROGRAM_SLUGS.map((slug) => ({
  slug,
  title: programText[`${slug}.title`],
  summary: programText[`${slug}.summary`],
  description: programText[`${slug}.description`],
  image: programImage(slug),
  alt: PROGRAM_ALTS[slug],
}));

const gallery: GalleryImage[] = [
  {
    slug: 'morning-circle',
    caption: 'Morning circle: sharing news and planning the day.',
    alt: 'Five adults sit on chairs in a sunny classroom, one raising a hand to speak.',
  },
  {
    slug: 'garden-harvest',
    caption: 'Harvest time in our raised-bed garden.',
    alt: 'Two adults hold baskets of vegetables between raised beds of ripe red tomatoes.',
  },
  {
    slug: 'van-lift',
    caption: 'Our accessible van makes every trip possible.',
    alt: 'A wheelchair user rides the lift into the school van with a driver nearby.',
  },
  {
    slug: 'art-class',
    caption: 'Bright colors in Thursday art class.',
    alt: 'Colorful paintings of suns and hills hang on a wall above an art table.',
  },
  {
    slug: 'cooking-lesson',
    caption: 'Learning to make a healthy lunch.',
    alt: 'An adult in a yellow apron and an instructor stand at a kitchen counter with a bowl of salad.',
  },
  {
    slug: 'library-visit',
    caption: 'A weekly visit to the county library.',
    alt: 'Two adults browse tall, full bookshelves at the county library.',
  },
  {
    slug: 'music-time',
    caption: 'Music time with drums and guitar.',
    alt: 'Three adults play two drums and a guitar together under painted music notes.',
  },
  {
    slug: 'workshop',
    caption: 'Job skills in our workshop.',
    alt: 'An adult sands a wooden birdhouse at a workbench with tools on the wall.',
  },
  {
    slug: 'fall-festival',
    caption: 'Our booth at the town fall festival.',
    alt: 'A booth with a striped awning and pumpkins, with people gathered in front.',
  },
  {
    slug: 'walking-club',
    caption: 'Walking club on the river trail.',
    alt: 'Three walkers, one waving, follow a trail beside a river lined with pine trees.',
  },
  {
    slug: 'graduation',
    caption: 'Celebrating a new job placement.',
    alt: 'An adult holds up a certificate under a Congratulations banner while two friends cheer.',
  },
  {
    slug: 'school-front',
    caption: 'Our school on the hill, our home since 1969.',
    alt: 'A single-story school building with a flag and a ramp, on a green hill.',
  },
].map((g) => ({ ...g, image: galleryImage(g.slug) }));

const address = { street: contact.street, city: contact.city, state: contact.state, zip: contact.zip };
const mailing = {
  poBox: contact.poBox,
  city: contact.mailingCity,
  state: contact.mailingState,
  zip: contact.mailingZip,
};
const latitude = Number(contact.latitude);
const longitude = Number(contact.longitude);

/**
 * The school's content. The facts and words staff edit (Website > Pages) come from the published pages
 * (content/site-pages.ts, defaults = the SPEC texts); photos, alt texts and the rest stay here.
 */
export const school = {
  name: details.name,
  shortName: details.shortName,
  ein: details.ein,
  // History, not an editable fact: the years stay as core/src/school/school-facts.ts gives them.
  founded: SCHOOL_FACTS.founded,
  incorporated: SCHOOL_FACTS.incorporated,
  teamSize: 'about 6 to 10',
  // The tax-deductible sentence keeps its fixed words (SPEC); only the name in it follows the published name.
  taxStatement: SCHOOL_FACTS.taxDeductibleStatement.replace(SCHOOL_FACTS.name, details.name),
  address,
  mailing,
  phone: contact.phone,
  phoneHref: phoneHref(contact.phone),
  email: contact.email,
  schedule: { ...SCHOOL_FACTS.schedule, hours: contact.hours },
  social: { label: 'Facebook', url: 'https://www.facebook.com/hillsidelearningcenter' },
  hours: [
    { days: contact.openDaysShort, time: contact.hours },
    { days: contact.closedDaysShort, time: 'Closed' },
  ],
  map: {
    latitude,
    longitude,
    image: { base: '/images/map', widths: [480, 960], width: 960, height: 720 } satisfies ImageSource,
    alt: 'Street map of Marshall, Arkansas, with a pin on 418 Schoolhouse Road, northeast of the courthouse square beside City Park.',
  },
  mission: sitePages.home.mission,
  team: sitePages.about.team,
  staff: [
    {
      role: 'Executive Director',
      description:
        'Principal officer. Leads the school, its programs and its partnerships with families and employers.',
    },
    {
      role: 'Office Administrator',
      description: 'Administrative contact. Handles enrollment, donations, receipts and general questions.',
      email: contact.email,
    },
  ] satisfies StaffCard[],
  values: [
    { title: 'Empowerment', text: 'We build skills and confidence so each person can make their own choices.' },
    { title: 'Dignity', text: 'Every adult is treated with respect, patience and kindness, every day.' },
    { title: 'Community', text: 'We belong to our town, and our town belongs to everyone in it.' },
  ],
  waysToGive: [
    'One-time financial donations',
    'Monthly recurring support',
    'In-kind donations of supplies and equipment',
    'Volunteer time and expertise',
  ],
  programs,
  homePrograms: ['adult-development', 'transportation', 'community-integration'],
  gallery,
};

export type School = typeof school;

/** '418 Schoolhouse Road, Marshall, AR 72650' */
export const fullAddress = `${address.street}, ${address.city}, ${address.state} ${address.zip}`;
/** 'PO Box 214, Marshall, AR 72650' */
export const mailingAddress = `${mailing.poBox}, ${mailing.city}, ${mailing.state} ${mailing.zip}`;
export const mapsLink = `https://www.openstreetmap.org/?mlat=${school.map.latitude}&mlon=${school.map.longitude}#map=16/${school.map.latitude}/${school.map.longitude}`;
