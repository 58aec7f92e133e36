import {
  FREQUENCIES as FREQUENCY_VALUES,
  FREQUENCY_LABELS,
  type Frequency,
} from '../../../../core/src/gifts/frequencies';

export type { Frequency };

/** How the donate page's summary line words each frequency ("You're donating $25.00 monthly"). */
const SUMMARY: Record<Frequency, string> = {
  'one-time': '',
  monthly: 'monthly',
  quarterly: 'quarterly',
  annual: 'annually',
};

/** SPEC section 3, Donation form data; section 4, Frequency options (the server's one list); section 9, preset amounts. */
export const FREQUENCIES: ReadonlyArray<{ value: Frequency; label: string; summary: string }> = FREQUENCY_VALUES.map(
  (value) => ({ value, label: FREQUENCY_LABELS[value], summary: SUMMARY[value] }),
);

export const PRESET_AMOUNTS = ['25', '50', '100'] as const;

export type TributeKindChoice = 'honor' | 'memory';

export interface DonationFormData {
  /** Dollars as typed (text entry). */
  amount: string;
  frequency: Frequency;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  /** Add the fee (the card's, or the bank's when paying by bank) so the school nets the whole gift. */
  coverFees: boolean;
  /** The chosen fund's id as text; '' is General. */
  fundId: string;
  /** A tribute applies once its name is filled in (the kind alone is just the radio's default). */
  tributeKind: TributeKindChoice;
  tributeName: string;
  tributeEmail: string;
  tributeAddress: string;
  tributeShowAmount: boolean;
  /** The appeal the gift is credited to (its slug; '' none): set by the appeal page or an ?appeal= link, never typed. */
  appeal: string;
  /** A tracked link's utm_source / utm_campaign, kept with the gift. */
  utmSource: string;
  utmCampaign: string;
  /** "Show my name with my gift" on an appeal page's recent gifts (first name and city only); off unless ticked. */
  showName: boolean;
}

export const emptyDonationForm: DonationFormData = {
  amount: '',
  frequency: 'one-time',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  coverFees: false,
  fundId: '',
  tributeKind: 'honor',
  tributeName: '',
  tributeEmail: '',
  tributeAddress: '',
  tributeShowAmount: false,
  appeal: '',
  utmSource: '',
  utmCampaign: '',
  showName: false,
};

/** Where a gift came from: the page or link that brought the donor (SPEC: appeals' attribution). */
export type GiftAttribution = Pick<DonationFormData, 'appeal' | 'utmSource' | 'utmCampaign'>;

/** The attribution in a page's address: ?appeal=<slug>, utm_source, utm_campaign (each at most 100 characters). */
export function attributionFromSearch(search: string): GiftAttribution {
  const q = new URLSearchParams(search);
  const take = (k: string) => (q.get(k) ?? '').trim().slice(0, 100);
  return { appeal: take('appeal').toLowerCase(), utmSource: take('utm_source'), utmCampaign: take('utm_campaign') };
}
