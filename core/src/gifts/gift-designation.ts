/**
 * Where a website gift goes and in whose name: its fund, the fee coverage the donor added, and a tribute ("in
 * honor of" / "in memory of" someone, with whom to tell). Our server writes these into the metadata of the
 * payment it starts (a one-time PaymentIntent, or a recurring gift's subscription, which every renewal inherits)
 * from the validated request; the worker reads them back into the read model. The tribute's personal details
 * use `donor_` keys, so erasure's removal of the donor's metadata keys takes them too.
 * No Node imports: the web app reads the types and labels.
 */
import { PAYMENT_METHOD_TYPES, type PaymentMethodType } from './fee-coverage.js';

export const TRIBUTE_KINDS = ['honor', 'memory'] as const;
export type TributeKind = (typeof TRIBUTE_KINDS)[number];

export const TRIBUTE_LABELS: Record<TributeKind, string> = { honor: 'In honor of', memory: 'In memory of' };

export interface Tribute {
  kind: TributeKind;
  name: string;
  /** Whom to tell of the gift: an e-mail address (the notice goes with the acknowledgment), or a postal address. */
  notifyEmail: string | null;
  notifyAddress: string | null;
  /** Whether the notice may state the amount (off unless the donor ticks it). */
  showAmount: boolean;
}

export interface GiftDesignation {
  fundId: number | null;
  /** What the donor meant to give and what they added to cover the fees; null when they did not cover them. */
  giftCents: number | null;
  feeCoverageCents: number | null;
  /** The method whose fee the coverage was computed for (absent on payments started before it was recorded). */
  feeMethod?: PaymentMethodType | null;
  tribute: Tribute | null;
}

const KEYS = {
  fundId: 'fund_id',
  giftCents: 'gift_cents',
  feeCoverageCents: 'fee_coverage_cents',
  feeMethod: 'fee_method',
  tributeKind: 'tribute_kind',
  tributeName: 'donor_tribute_name',
  tributeEmail: 'donor_tribute_email',
  tributeAddress: 'donor_tribute_address',
  tributeShowAmount: 'tribute_show_amount',
} as const;

/** "In memory of Ada Lovelace" */
export function tributeLine(t: Pick<Tribute, 'kind' | 'name'>): string {
  return `${TRIBUTE_LABELS[t.kind]} ${t.name}`;
}

/** The metadata entries of a designation (empty parts left out). */
export function designationMetadata(d: GiftDesignation): Record<string, string> {
  const meta: Record<string, string> = {};
  if (d.fundId !== null) meta[KEYS.fundId] = String(d.fundId);
  if (d.feeCoverageCents && d.giftCents) {
    meta[KEYS.giftCents] = String(d.giftCents);
    meta[KEYS.feeCoverageCents] = String(d.feeCoverageCents);
    if (d.feeMethod) meta[KEYS.feeMethod] = d.feeMethod;
  }
  if (d.tribute) {
    meta[KEYS.tributeKind] = d.tribute.kind;
    meta[KEYS.tributeName] = d.tribute.name;
    if (d.tribute.notifyEmail) meta[KEYS.tributeEmail] = d.tribute.notifyEmail;
    if (d.tribute.notifyAddress) meta[KEYS.tributeAddress] = d.tribute.notifyAddress;
    if (d.tribute.showAmount) meta[KEYS.tributeShowAmount] = 'true';
  }
  return meta;
}

const wholeCents = (v: string | undefined): number | null => (v && /^\d{1,12}$/.test(v) ? Number(v) : null);

/** The designation a payment's metadata carries; parts that are missing or malformed are null. */
export function designationFromMetadata(meta: Record<string, string> | null | undefined): GiftDesignation {
  const m = meta ?? {};
  const kind = TRIBUTE_KINDS.find((k) => k === m[KEYS.tributeKind]);
  const name = m[KEYS.tributeName]?.trim();
  const feeMethod = PAYMENT_METHOD_TYPES.find((t) => t === m[KEYS.feeMethod]);
  return {
    fundId: wholeCents(m[KEYS.fundId]),
    giftCents: wholeCents(m[KEYS.giftCents]),
    feeCoverageCents: wholeCents(m[KEYS.feeCoverageCents]),
    ...(feeMethod ? { feeMethod } : {}),
    tribute:
      kind && name
        ? {
            kind,
            name,
            notifyEmail: m[KEYS.tributeEmail] || null,
            notifyAddress: m[KEYS.tributeAddress] || null,
            showAmount: m[KEYS.tributeShowAmount] === 'true',
          }
        : null,
  };
}

/** The first source that has the part: the charge's own metadata, then its payment intent's, then its subscription's. */
export function firstDesignation(...sources: Array<Record<string, string> | null | undefined>): GiftDesignation {
  const all = sources.map(designationFromMetadata);
  const pick = <K extends keyof GiftDesignation>(k: K) => all.find((d) => d[k] !== null)?.[k] ?? null;
  // The gift and its coverage travel together: take both from one source.
  const fees = all.find((d) => d.giftCents !== null && d.feeCoverageCents !== null);
  return {
    fundId: pick('fundId'),
    giftCents: fees?.giftCents ?? null,
    feeCoverageCents: fees?.feeCoverageCents ?? null,
    ...(fees?.feeMethod ? { feeMethod: fees.feeMethod } : {}),
    tribute: pick('tribute') as Tribute | null,
  };
}
