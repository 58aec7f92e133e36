/**
 * How a gift's appeal travels: our server writes it into the payment's Stripe metadata (the PaymentIntent of a
 * one-time gift, the Subscription of a plan) and the worker reads it back from Stripe's objects, never from the
 * browser. One writer and one reader, so the keys cannot drift apart.
 */
export const APPEAL_KEYS = {
  appealId: 'appeal_id',
  utmSource: 'utm_source',
  utmCampaign: 'utm_campaign',
  showName: 'show_name',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A tracked link's utm value: kept as typed, up to 100 printable characters (Stripe allows 500 per value). */
export const UTM_MAX = 100;

export interface GiftAttribution {
  appealId: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
  /** The donor chose "show my name with my gift" (first name and city on the appeal page). Off by default. */
  showName: boolean;
}

export const NO_ATTRIBUTION: GiftAttribution = { appealId: null, utmSource: null, utmCampaign: null, showName: false };

/** A utm value as kept: printable, trimmed, at most UTM_MAX characters; empty becomes null. */
export function cleanUtm(v: string | null | undefined): string | null {
  const s = (v ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, UTM_MAX);
  return s || null;
}

/** The metadata entries of a gift's attribution (empty values left out: Stripe drops them anyway). */
export function attributionMetadata(a: GiftAttribution): Record<string, string> {
  const meta: Record<string, string> = {};
  if (a.appealId) meta[APPEAL_KEYS.appealId] = a.appealId;
  const source = cleanUtm(a.utmSource);
  const campaign = cleanUtm(a.utmCampaign);
  if (source) meta[APPEAL_KEYS.utmSource] = source;
  if (campaign) meta[APPEAL_KEYS.utmCampaign] = campaign;
  if (a.showName) meta[APPEAL_KEYS.showName] = 'yes';
  return meta;
}

/**
 * The attribution the first of the metadata sets that names one carries (the charge's own, then its payment
 * intent's, then its subscription's). An appeal id that is not a UUID is ignored (not a payment of our form).
 */
export function attributionFromMetadata(...sets: Array<Record<string, string> | null | undefined>): GiftAttribution {
  for (const m of sets) {
    if (!m) continue;
    const id = m[APPEAL_KEYS.appealId];
    const source = cleanUtm(m[APPEAL_KEYS.utmSource]);
    const campaign = cleanUtm(m[APPEAL_KEYS.utmCampaign]);
    if (!id && !source && !campaign && !m[APPEAL_KEYS.showName]) continue;
    return {
      appealId: id && UUID.test(id) ? id : null,
      utmSource: source,
      utmCampaign: campaign,
      showName: m[APPEAL_KEYS.showName] === 'yes',
    };
  }
  return NO_ATTRIBUTION;
}

export function isAppealId(s: string | null | undefined): s is string {
  return !!s && UUID.test(s);
}

/** The attribution columns of a charges row. */
export interface ChargeAppealColumns {
  appeal_id: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
  show_name: boolean;
  /** The first gift of a plan started through the appeal. */
  appeal_plan_start: boolean;
}

/**
 * Which appeal a charge is credited to. A one-time gift: the appeal its payment names. A plan's gift: the plan's
 * appeal for its first gift (the invoice Stripe made when the plan was created, billing_reason
 * subscription_create), and for a renewal only when that appeal's goal counts recurring donors
 * (`renewalsCount`, from the appeal's goal kind: renewalsCountFor). An appeal we do not hold credits nothing.
 * Until the charge's invoice is known a plan's gift is not called its first: the invoice's event relinks it.
 */
export function chargeAppealColumns(s: {
  own: GiftAttribution;
  plan: GiftAttribution | null;
  firstOfPlan: boolean;
  renewalsCount: boolean;
  appealExists: boolean;
}): ChargeAppealColumns {
  const a = s.plan ?? s.own;
  const credited = s.appealExists && !!a.appealId && (!s.plan || s.firstOfPlan || s.renewalsCount);
  return {
    appeal_id: credited ? a.appealId : null,
    utm_source: a.utmSource,
    utm_campaign: a.utmCampaign,
    show_name: a.showName,
    appeal_plan_start: credited && !!s.plan && s.firstOfPlan,
  };
}
