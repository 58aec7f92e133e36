import type { Queryable } from '../db/queryable.js';
import { defineSetting, settings } from '../settings/settings.repository.js';

/**
 * Automatic acknowledgments: whether the worker e-mails every new gift's acknowledgment, and since when.
 * Only gifts dated at or after `since` are acknowledged automatically, so history that reaches the read model
 * later (a backfill, a replay, demo history, an import of old gifts) is never mailed: those gifts carry their
 * real, earlier dates. Switching on stamps `since` with that moment; switching off keeps it for the record.
 * The migration that created the outbox stored `{enabled: true, since: <its time>}`; with no row at all the
 * switch reads as off.
 */
export interface AutomaticAcknowledgments {
  enabled: boolean;
  /** ISO timestamp: when the switch was last turned on. */
  since: string | null;
}

const isIsoTime = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));

export const AUTOMATIC_ACKNOWLEDGMENTS = defineSetting<AutomaticAcknowledgments>(
  'acknowledgments.automatic',
  { enabled: false, since: null },
  (v: unknown): v is AutomaticAcknowledgments => {
    const o = v as AutomaticAcknowledgments | null;
    return (
      !!o &&
      typeof o === 'object' &&
      typeof o.enabled === 'boolean' &&
      (o.since === null || isIsoTime(o.since)) &&
      (!o.enabled || o.since !== null)
    );
  },
);

/**
 * Turns the switch (inside the caller's transaction). Switching on stamps `since` with now, so gifts made while
 * it was off stay unmailed; switching off keeps the last `since` for the record. Answers the value before and
 * after, or null when `enabled` is what it already was (nothing written).
 */
export async function switchAutomaticAcknowledgments(
  db: Queryable,
  enabled: boolean,
  adminId: string | null,
): Promise<{ from: AutomaticAcknowledgments; to: AutomaticAcknowledgments } | null> {
  const from = (await settings.read(db, AUTOMATIC_ACKNOWLEDGMENTS)).value;
  if (from.enabled === enabled) return null;
  const to = { enabled, since: enabled ? new Date().toISOString() : from.since };
  await settings.write(db, AUTOMATIC_ACKNOWLEDGMENTS, to, adminId);
  return { from, to };
}

/**
 * How far back the acknowledger looks for new gifts: a gift that reaches the read model more than this long
 * after its date (a worker stopped for weeks) is left for the admin's Send on the donor's page. It also keeps
 * the acknowledger's scan to a few days of gifts however long the history. Bank payments settle within a
 * week, so 14 days covers them.
 */
export const ACKNOWLEDGE_WITHIN_DAYS = 14;

/**
 * A card gift whose donor's e-mail is not in the read model yet (its customer event not projected) waits this
 * long for it before it is acknowledged without an e-mail (its receipt number is still assigned).
 */
export const RECIPIENT_GRACE_MINUTES = 10;
