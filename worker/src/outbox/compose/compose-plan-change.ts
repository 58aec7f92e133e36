import { readSchoolIdentity } from '../../../../core/src/site/published-school-facts.js';
import type { EnvDto } from '../../../../core/src/config/env.dto.js';
import type { Queryable } from '../../../../core/src/db/queryable.js';
import { planChanges } from '../../../../core/src/donor-access/plan-changes.js';
import { FREQUENCY_LABELS, type Frequency } from '../../../../core/src/gifts/frequencies.js';
import type { OutboxRow } from '../../../../core/src/mail-outbox/outbox.repository.js';
import { mailDate, planChangeMail } from '../../../../core/src/school/donor-mail-texts.js';
import type { Composed } from './composed.js';

/** The confirmation of a change to a recurring gift, in the words of the change as it was made. */
export async function composePlanChange(db: Queryable, row: OutboxRow, env: EnvDto): Promise<Composed> {
  const c = await planChanges.facts(db, row.subject_key);
  if (!c) return { undeliverable: 'The change or its donor is no longer in the records' };
  return {
    mail: planChangeMail(
      {
        donorName: c.donor_name,
        frequency: FREQUENCY_LABELS[c.frequency as Frequency] ?? 'Recurring',
        change: c.action,
        amountCents: Number(c.amount_cents),
        fromCents: c.from_cents === null ? null : Number(c.from_cents),
        feeCoverageCents: Number(c.fee_coverage_cents),
        method: c.method,
        madeOn: mailDate(new Date(c.created_at), env.TIME_ZONE),
        effectiveOn: c.effective_at ? mailDate(new Date(c.effective_at), env.TIME_ZONE) : null,
        byAdmin: c.actor_kind === 'admin',
        manageUrl: `${env.PUBLIC_URL.replace(/\/+$/, '')}/my-giving`,
      },
      await readSchoolIdentity(db),
    ),
  };
}
