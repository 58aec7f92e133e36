import type { PaymentIntentResponseDto } from '../../lib/api-types';
import { emptyDonationForm, FREQUENCIES, type DonationFormData } from './types';

/** The payment this tab started, and for what (amount, form and method): a retry of the same gift confirms it again. */
export interface StartedPayment {
  key: string;
  start: PaymentIntentResponseDto;
}

/**
 * What the donate page keeps for the tab's session (sessionStorage), so that a reload (a phone reloads a tab the
 * donor left to find a card) or Back and Forward bring the donor back to where they were: the form's values and the
 * payment already started for them. Never card or bank details: those live only in Stripe's element.
 */
export interface DonationSession {
  form: DonationFormData;
  started: StartedPayment | null;
}

const KEY = 'donate:gift';

/** Storage may be missing or refuse (a private window, a full quota): the page then works as before, in memory. */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Only the fields the form has, each of its own type; anything else stored (an older shape, a hand edit) is dropped. */
function formFrom(saved: unknown): DonationFormData {
  const form = { ...emptyDonationForm };
  if (!saved || typeof saved !== 'object') return form;
  const values = saved as Record<string, unknown>;
  for (const k of Object.keys(form) as Array<keyof DonationFormData>) {
    if (typeof values[k] === typeof form[k]) (form as Record<string, unknown>)[k] = values[k];
  }
  if (!FREQUENCIES.some((f) => f.value === form.frequency)) form.frequency = emptyDonationForm.frequency;
  if (form.tributeKind !== 'honor' && form.tributeKind !== 'memory') form.tributeKind = emptyDonationForm.tributeKind;
  return form;
}

function startedFrom(saved: unknown): StartedPayment | null {
  const s = saved as Partial<StartedPayment> | null;
  const start = s?.start as Partial<PaymentIntentResponseDto> | undefined;
  if (
    typeof s?.key !== 'string' ||
    typeof start?.clientSecret !== 'string' ||
    typeof start.recordToken !== 'string' ||
    typeof start.chargedCents !== 'number'
  )
    return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    key: s.key,
    start: {
      clientSecret: start.clientSecret,
      recordToken: start.recordToken,
      chargedCents: start.chargedCents,
      paymentIntentId: text(start.paymentIntentId),
      subscriptionId: text(start.subscriptionId),
    },
  };
}

export function loadDonationSession(): DonationSession {
  let saved: Partial<Record<keyof DonationSession, unknown>> = {};
  try {
    saved = JSON.parse(storage()?.getItem(KEY) ?? '{}') ?? {};
  } catch {
    // Not ours, or cut short: start afresh.
  }
  return { form: formFrom(saved.form), started: startedFrom(saved.started) };
}

export function saveDonationSession(session: DonationSession): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(session));
  } catch {
    // Full or refused: the values stay in memory for this page.
  }
}

/** After a paid gift: the next gift starts from an empty form and a new payment. */
export function clearDonationSession(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

/** What makes a gift the same gift: its amount, every value of the form (in one order) and the payment method. */
export function giftKey(cents: number, form: DonationFormData, method: string): string {
  return JSON.stringify([
    cents,
    method,
    (Object.keys(emptyDonationForm) as Array<keyof DonationFormData>).map((k) => form[k]),
  ]);
}
