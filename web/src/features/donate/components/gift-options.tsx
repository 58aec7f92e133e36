import { useState } from 'react';
import { Field, FieldHint, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { formatUsd } from '../../../../../core/src/gifts/money';
import { useDonationOptions } from '../../../lib/donation-options';
import { useGiftTotal } from '../../../lib/gift-total';
import type { DonationFormData, TributeKindChoice } from '../types';
import type { DonationErrors } from '../validate';

interface GiftOptionsProps {
  value: DonationFormData;
  errors: DonationErrors;
  set: (patch: Partial<DonationFormData>) => void;
}

/** "$50" for whole dollars, "$40.25" otherwise: the way a donor says their own gift. */
function spoken(cents: number): string {
  return formatUsd(cents).replace(/\.00$/, '');
}

const TRIBUTE_CHOICES: Array<{ value: TributeKindChoice; label: string }> = [
  { value: 'honor', label: 'In honor of' },
  { value: 'memory', label: 'In memory of' },
];

/**
 * What a donor may add to a gift without making the form longer for one who wants none of it: the fee
 * checkbox (one line, once an amount is entered), the fund (only when the school has more than one), and a
 * tribute behind one disclosure, opened by the donor or by an error in it.
 */
export function GiftOptions({ value, errors, set }: GiftOptionsProps) {
  const { data: options } = useDonationOptions();
  const total = useGiftTotal({ amount: value.amount, coverFees: true });
  // Open when it holds something (a donor back from step 2, or after a reload, sees what they wrote there).
  const [tributeOpen, setTributeOpen] = useState(() =>
    Boolean(value.tributeName || value.tributeEmail || value.tributeAddress),
  );
  const open = tributeOpen || Boolean(errors.tributeName || errors.tributeEmail);
  const funds = options?.funds ?? [];

  return (
    <div className="gift-options stack">
      {value.appeal && (
        <label className="check-row">
          <input
            type="checkbox"
            name="showName"
            checked={value.showName}
            onChange={(e) => set({ showName: e.target.checked })}
          />
          <span>
            Show my name with my gift
            <span className="check-row__hint">
              When this appeal lists its recent gifts, yours shows as, for example, “Maria from Marshall”. Never the
              amount.
            </span>
          </span>
        </label>
      )}
      {total && total.feeCents > 0 && (
        <label className="check-row">
          <input
            type="checkbox"
            name="coverFees"
            checked={value.coverFees}
            onChange={(e) => set({ coverFees: e.target.checked })}
          />
          <span>
            Add {formatUsd(total.feeCents)} so all of my {spoken(total.giftCents)} goes to the school
            <span className="check-row__hint">
              It covers the card processing fee (less if you pay by bank account). The whole amount is tax-deductible.
            </span>
          </span>
        </label>
      )}

      {funds.length > 1 && (
        <SelectField
          id="donation-fund"
          name="fundId"
          label="Where should your gift go?"
          hint="Choose a fund, or leave it with General, where the school needs it most."
          value={value.fundId || String(funds[0].id)}
          onValueChange={(v) => set({ fundId: v })}
          options={funds.map((f) => ({ value: String(f.id), label: f.name }))}
        />
      )}

      <details
        className="tribute"
        open={open}
        onToggle={(e) => setTributeOpen((e.currentTarget as HTMLDetailsElement).open)}
      >
        <summary>Give in honor or memory of someone (optional)</summary>
        <div className="stack tribute__body">
          <fieldset>
            <legend>This gift is</legend>
            <div className="radio-row">
              {TRIBUTE_CHOICES.map((c) => (
                <label key={c.value} className="check-row">
                  <input
                    type="radio"
                    name="tributeKind"
                    value={c.value}
                    checked={value.tributeKind === c.value}
                    onChange={() => set({ tributeKind: c.value })}
                  />
                  <span>{c.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <TextField
            id="tribute-name"
            name="tributeName"
            label="Their name"
            autoComplete="off"
            maxLength={120}
            value={value.tributeName}
            onChange={(e) => set({ tributeName: e.target.value })}
            error={errors.tributeName}
          />
          <Field>
            <p className="tribute__notify">We can let someone know about your gift (optional):</p>
            <FieldHint>
              We send it with your receipt. It does not state the amount unless you tick the box below.
            </FieldHint>
          </Field>
          <div className="form-grid form-grid--2">
            <TextField
              id="tribute-email"
              name="tributeEmail"
              type="email"
              inputMode="email"
              label="Their e-mail"
              autoComplete="off"
              maxLength={254}
              value={value.tributeEmail}
              onChange={(e) => set({ tributeEmail: e.target.value })}
              error={errors.tributeEmail}
            />
            <TextAreaField
              id="tribute-address"
              name="tributeAddress"
              label="Or where we should mail a card"
              hint="A postal address. We mail a card."
              rows={2}
              maxLength={300}
              value={value.tributeAddress}
              onChange={(e) => set({ tributeAddress: e.target.value })}
            />
          </div>
          <label className="check-row">
            <input
              type="checkbox"
              name="tributeShowAmount"
              checked={value.tributeShowAmount}
              onChange={(e) => set({ tributeShowAmount: e.target.checked })}
            />
            <span>The notice may say how much I gave</span>
          </label>
        </div>
      </details>
    </div>
  );
}
