import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, FieldHint, Input, Label } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { school } from '../../../content/school';
import { FREQUENCIES, PRESET_AMOUNTS, type DonationFormData, type Frequency } from '../types';
import { fieldError, FIELD_IDS, validateDonation, type DonationErrors, type DonationField } from '../validate';
import { ErrorSummary } from './error-summary';
import { GiftOptions } from './gift-options';

interface DonationFormProps {
  value: DonationFormData;
  onChange: (next: DonationFormData) => void;
  /** Called when every field is valid (the amount by the gift rules: $1 to $100,000 in whole cents). */
  onSubmit: () => void;
}

type TextField = Exclude<DonationField, 'amount' | 'tributeName' | 'tributeEmail'>;

const donorFields: Array<{
  name: TextField;
  label: string;
  type?: string;
  autoComplete: string;
  required: boolean;
  span?: boolean;
  inputMode?: 'numeric' | 'tel' | 'email';
}> = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name', required: true },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name', required: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', required: true, inputMode: 'email' },
  { name: 'phone', label: 'Phone (optional)', type: 'tel', autoComplete: 'tel', required: false, inputMode: 'tel' },
  { name: 'address', label: 'Address', autoComplete: 'street-address', required: true, span: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2', required: true },
  { name: 'state', label: 'State', autoComplete: 'address-level1', required: true },
  { name: 'zipCode', label: 'ZIP Code', autoComplete: 'postal-code', required: true, inputMode: 'numeric' },
];

/** aria-invalid and aria-describedby (hint, then error) of a field with this error state. */
function errorProps(field: DonationField, error: string | undefined, hintId?: string) {
  const describedBy = [hintId, error ? `${FIELD_IDS[field]}-error` : ''].filter(Boolean).join(' ') || undefined;
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy };
}

function InlineError({ field, error }: { field: DonationField; error: string | undefined }) {
  return error ? (
    <p className="field__error" id={`${FIELD_IDS[field]}-error`}>
      <span className="sr-only">Error: </span>
      {error}
    </p>
  ) : null;
}

/**
 * Step 1 (SPEC sections 2 and 5): amount with $25 / $50 / $100 presets and 'Other' (which clears the amount),
 * frequency, the donor's details, and the EIN with the tax-deductible statement. The form checks itself (not the
 * browser's one bubble at a time): on Continue every problem shows next to its field (aria-invalid,
 * aria-describedby) and in a summary at the top that links to each; an error stays until its field is fixed.
 * The amount follows the gift rules ($1 to $100,000 in whole cents); a bad one also gets the SPEC's toast.
 */
export function DonationForm({ value, onChange, onSubmit }: DonationFormProps) {
  const amountRef = useRef<HTMLInputElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<DonationErrors>({});
  const set = (patch: Partial<DonationFormData>) => {
    const next = { ...value, ...patch };
    onChange(next);
    // A shown error follows its field as it is edited and goes once the field is right; no new ones while typing.
    const shown = (Object.keys(patch) as DonationField[]).filter((f) => errors[f]);
    if (shown.length) {
      setErrors((prev) => {
        const updated = { ...prev };
        for (const f of shown) {
          const message = fieldError(f, next);
          if (message) updated[f] = message;
          else delete updated[f];
        }
        return updated;
      });
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateDonation(value);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      onSubmit();
      return;
    }
    if (found.amount) toast({ title: 'Invalid Amount', description: found.amount, variant: 'destructive' });
    // After React has drawn the summary: focus it, so it is read out and the links to each field are next.
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  return (
    <form onSubmit={submit} aria-labelledby="donation-form-title" noValidate>
      <h3 id="donation-form-title" className="sr-only">
        Donation details
      </h3>
      <div className="stack">
        <ErrorSummary ref={summaryRef} errors={errors} />
        <fieldset>
          <legend>Choose an amount</legend>
          <div className="amount-presets" role="group" aria-label="Preset amounts">
            {PRESET_AMOUNTS.map((a) => (
              <Button key={a} variant="outline" aria-pressed={value.amount === a} onClick={() => set({ amount: a })}>
                ${a}
              </Button>
            ))}
            <Button
              variant="outline"
              aria-pressed={
                value.amount !== '' && !PRESET_AMOUNTS.includes(value.amount as (typeof PRESET_AMOUNTS)[number])
              }
              onClick={() => {
                set({ amount: '' });
                amountRef.current?.focus();
              }}
            >
              Other
            </Button>
          </div>
        </fieldset>

        <div className="form-grid form-grid--2">
          <Field>
            <Label htmlFor="donation-amount" required>
              Donation Amount
            </Label>
            <div className="amount-input">
              <span className="amount-input__prefix" aria-hidden="true">
                $
              </span>
              <Input
                ref={amountRef}
                id="donation-amount"
                name="amount"
                type="text"
                inputMode="decimal"
                autoComplete="transaction-amount"
                required
                {...errorProps('amount', errors.amount, 'donation-amount-hint')}
                value={value.amount}
                onChange={(e) => set({ amount: e.target.value })}
              />
            </div>
            <FieldHint id="donation-amount-hint">
              In US dollars, from $1 to $100,000, for example 40 or 40.25.
            </FieldHint>
            <InlineError field="amount" error={errors.amount} />
          </Field>
          <Field>
            <Label htmlFor="donation-frequency">Frequency</Label>
            <Select
              id="donation-frequency"
              name="frequency"
              value={value.frequency}
              onValueChange={(v) => set({ frequency: v as Frequency })}
              options={FREQUENCIES.map((f) => ({ value: f.value, label: f.label }))}
            />
          </Field>
        </div>

        <GiftOptions value={value} errors={errors} set={set} />

        <fieldset>
          <legend>Your details</legend>
          <div className="form-grid form-grid--2">
            {donorFields.map((f) => (
              <Field key={f.name} className={f.span ? 'span-2' : undefined}>
                <Label htmlFor={`donor-${f.name}`} required={f.required}>
                  {f.label}
                </Label>
                <Input
                  id={`donor-${f.name}`}
                  name={f.name}
                  type={f.type ?? 'text'}
                  inputMode={f.inputMode}
                  autoComplete={f.autoComplete}
                  required={f.required}
                  maxLength={f.name === 'zipCode' ? 10 : f.name === 'state' ? 40 : 120}
                  value={value[f.name]}
                  onChange={(e) => set({ [f.name]: e.target.value })}
                  {...errorProps(f.name, errors[f.name])}
                />
                <InlineError field={f.name} error={errors[f.name]} />
              </Field>
            ))}
          </div>
        </fieldset>

        <div className="tax-note">
          <p>
            <strong>EIN: {school.ein}</strong>
          </p>
          <p>{school.taxStatement}</p>
        </div>

        <Button type="submit" size="lg" style={{ width: '100%' }}>
          Continue to Payment
        </Button>
      </div>
    </form>
  );
}
