import { useRef, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, FieldHint, Input, Label } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { school } from '../../../content/school';
import { parseAmount } from '../../../lib/currency';
import { FREQUENCIES, PRESET_AMOUNTS, type DonationFormData, type Frequency } from '../types';

interface DonationFormProps {
  value: DonationFormData;
  onChange: (next: DonationFormData) => void;
  /** Called when the form is complete and the amount parses to more than 0. */
  onSubmit: () => void;
}

type TextField = Exclude<keyof DonationFormData, 'frequency'>;

const donorFields: Array<{ name: TextField; label: string; type?: string; autoComplete: string; required: boolean; span?: boolean; inputMode?: 'numeric' | 'tel' | 'email' }> = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name', required: true },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name', required: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', required: true, inputMode: 'email' },
  { name: 'phone', label: 'Phone (optional)', type: 'tel', autoComplete: 'tel', required: false, inputMode: 'tel' },
  { name: 'address', label: 'Address', autoComplete: 'street-address', required: true, span: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2', required: true },
  { name: 'state', label: 'State', autoComplete: 'address-level1', required: true },
  { name: 'zipCode', label: 'ZIP Code', autoComplete: 'postal-code', required: true, inputMode: 'numeric' },
];

/**
 * Step 1 (SPEC sections 2 and 5): amount with $25 / $50 / $100 presets and 'Other' (which clears the amount),
 * frequency, the donor's details, and the EIN with the tax-deductible statement. Required fields use the
 * browser's own validation; the amount must parse to a number greater than 0.
 */
export function DonationForm({ value, onChange, onSubmit }: DonationFormProps) {
  const amountRef = useRef<HTMLInputElement>(null);
  const set = (patch: Partial<DonationFormData>) => onChange({ ...value, ...patch });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amount = parseAmount(value.amount);
    if (!Number.isFinite(amount) || amount <= 0) {
      toast({ title: 'Invalid Amount', description: 'Please enter a valid donation amount greater than 0.', variant: 'destructive' });
      amountRef.current?.focus();
      return;
    }
    onSubmit();
  };

  return (
    <form onSubmit={submit} aria-labelledby="donation-form-title">
      <h3 id="donation-form-title" className="sr-only">
        Donation details
      </h3>
      <div className="stack">
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
              aria-pressed={value.amount !== '' && !PRESET_AMOUNTS.includes(value.amount as (typeof PRESET_AMOUNTS)[number])}
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
                aria-describedby="donation-amount-hint"
                value={value.amount}
                onChange={(e) => set({ amount: e.target.value })}
              />
            </div>
            <FieldHint id="donation-amount-hint">In US dollars, for example 40 or 40.00.</FieldHint>
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
                />
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
