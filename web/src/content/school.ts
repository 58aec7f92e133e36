/**
 * The school's content, in one typed module: a school changes this file (and its images), not the components.
 * Its legal facts (name, EIN, addresses, phone, e-mail) come from core/src/school/school-facts.ts, which the
 * server's statements and e-mails read too, so what the site says and what a receipt says cannot drift apart.
 *
 * The default is a plausible small school in rural Arkansas. Phone numbers use the 555-01xx range that is
 * reserved for fiction, so nobody real gets called.
 */

import { mailingAddress, SCHOOL_FACTS, streetAddress } from '../../../core/src/school/school-facts';

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

const programs: ProgramContent[] = [
  {
    slug: 'adult-development',
    title: 'Adult Development Program',
    summary: 'Daily classes that build reading, math, communication and self-confidence at each person’s own pace.',
    description: `Small classes, ${SCHOOL_FACTS.schedule.openDayCount} days a week, ${SCHOOL_FACTS.schedule.openDays}. Each adult has a personal plan made with their family. We practice reading, money, time and speaking up for yourself. Progress is celebrated, big or small.`,
    image: programImage('adult-development'),
    alt: 'An instructor and two adults work together at a classroom table with books and a counting board.',
  },
  {
    slug: 'transportation',
    title: 'Transportation Services',
    summary: 'Door-to-door rides in our accessible van with a wheelchair lift, so no one misses a day.',
    description: `Our accessible van with a lift picks people up at home and brings them back each school day, ${SCHOOL_FACTS.schedule.openDays}. Trained drivers help with boarding and seat belts. We also drive to outings, doctor visits and work sites across the county.`,
    image: programImage('transportation'),
    alt: 'A white accessible van with its side wheelchair lift lowered, parked in front of the school.',
  },
  {
    slug: 'community-integration',
    title: 'Community Integration',
    summary: 'Trips to shops, the library and local events, so every adult is a known and welcome neighbor.',
    description:
      'We go out into town together every week. People shop, order a meal, visit the library and help at local events. Each trip builds confidence and friendships outside our walls.',
    image: programImage('community-integration'),
    alt: 'A small group of adults and a staff member walk past shop fronts on a sunny main street.',
  },
  {
    slug: 'life-skills',
    title: 'Life Skills Training',
    summary: 'Cooking, cleaning, budgeting and staying safe: the skills that make everyday life more independent.',
    description:
      'In our teaching kitchen and practice apartment, adults learn to cook simple meals, do laundry, plan a budget and stay safe at home. Skills are practiced step by step until they feel easy.',
    image: programImage('life-skills'),
    alt: 'Two adults stir a pot and chop vegetables in a bright teaching kitchen.',
  },
  {
    slug: 'recreation',
    title: 'Recreational Activities',
    summary: 'Art, music, gardening and sports that bring joy, friendship and healthy movement to every week.',
    description:
      'Art and music classes, a shared vegetable garden, walking club, bowling and seasonal parties. Fun matters: it builds friendships, health and a sense of belonging.',
    image: programImage('recreation'),
    alt: 'Adults paint at easels outdoors next to raised garden beds full of flowers.',
  },
  {
    slug: 'vocational',
    title: 'Vocational Training',
    summary: 'Real job skills and supported work placements with local employers who value our graduates.',
    description:
      'We teach work habits and job skills in our workshop, then support people in real jobs with local partners. Job coaches stay close until each worker feels sure of the routine.',
    image: programImage('vocational'),
    alt: 'An adult in an apron stacks potted plants on a shelf while a job coach gives a thumbs up.',
  },
];

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

export const school = {
  name: SCHOOL_FACTS.name,
  shortName: SCHOOL_FACTS.shortName,
  tagline: 'Education and support for adults with developmental disabilities',
  description: 'Hillside Learning Center trains and supports adults with developmental disabilities in rural Arkansas.',
  ein: SCHOOL_FACTS.ein,
  founded: SCHOOL_FACTS.founded,
  incorporated: SCHOOL_FACTS.incorporated,
  teamSize: 'about 6 to 10',
  taxStatement: SCHOOL_FACTS.taxDeductibleStatement,
  address: SCHOOL_FACTS.address,
  mailing: SCHOOL_FACTS.mailing,
  phone: SCHOOL_FACTS.phone,
  phoneHref: SCHOOL_FACTS.phoneHref,
  email: SCHOOL_FACTS.email,
  schedule: SCHOOL_FACTS.schedule,
  social: { label: 'Facebook', url: 'https://www.facebook.com/hillsidelearningcenter' },
  hours: [
    { days: SCHOOL_FACTS.schedule.openDaysShort, time: SCHOOL_FACTS.schedule.hours },
    { days: SCHOOL_FACTS.schedule.closedDaysShort, time: 'Closed' },
  ],
  map: {
    latitude: 35.9089,
    longitude: -92.6318,
    image: { base: '/images/map', widths: [480, 960], width: 960, height: 720 } satisfies ImageSource,
    alt: 'Street map of Marshall, Arkansas, with a pin on 418 Schoolhouse Road, northeast of the courthouse square beside City Park.',
  },
  mission:
    'We help adults with developmental disabilities learn, work and take part in community life, with dignity and the support each person needs.',
  missionDetail: [
    'Since 1969 families in our county have trusted us with the people they love. We teach practical skills, build friendships and open doors to real work.',
    'Every adult has a personal plan. We move at their pace and celebrate every step forward.',
  ],
  history: [
    'Hillside Learning Center was established in 1969 by local parents who wanted their grown children to keep learning close to home.',
    'We incorporated as a non-profit in 1972. For over 50 years we have grown one classroom, one van and one garden at a time.',
  ],
  team: 'Our team of about 6 to 10 professionals includes instructors, job coaches, drivers and support staff. Many have been with us for over a decade.',
  staff: [
    {
      role: 'Executive Director',
      description:
        'Principal officer. Leads the school, its programs and its partnerships with families and employers.',
    },
    {
      role: 'Office Administrator',
      description: 'Administrative contact. Handles enrollment, donations, receipts and general questions.',
      email: 'info@hillsidelearning.org',
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

export const fullAddress = streetAddress;
export { mailingAddress };
export const mapsLink = `https://www.openstreetmap.org/?mlat=${school.map.latitude}&mlon=${school.map.longitude}#map=16/${school.map.latitude}/${school.map.longitude}`;
