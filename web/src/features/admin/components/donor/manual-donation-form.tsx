import { format } from 'date-fns';
import { useState, type FormEvent } from 'react';
import { DONATION_TYPES, type DonationType, type ManualDonationPayload } from '../../api/types';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { SelectField, TextAreaField, TextField } from '../ui/field';

export const IRS_RECEIPT_THRESHOLD = 250;
const AMOUNT_RE = /^\d[\d,]*(\.\d{1,2})?$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ManualDonationValues {
  donorName: string;
  donorEmail: string;
  donorPhone: string;
  donorAddress: string;
  amount: string;
  donationType: DonationType;
  donationDate: string;
  notes: string;
}

type Errors = Partial<Record<keyof ManualDonationValues, string>>;

export function amountNumber(amount: string): number {
  return Number(amount.replace(/,/g, ''));
}

export function validateManualDonation(v: ManualDonationValues): Errors {
  const errors: Errors = {};
  if (!v.donorName.trim()) errors.donorName = 'Donor name is required';
  if (v.donorEmail.trim() && !EMAIL_RE.test(v.donorEmail.trim())) errors.donorEmail = 'Enter a valid email address';
  if (!AMOUNT_RE.test(v.amount.trim()) || !(amountNumber(v.amount.trim()) > 0)) errors.amount = 'Enter a valid amount (e.g., 25.00 or 1,250.00)';
  if (!DONATION_TYPES.some((t) => t.value === v.donationType)) errors.donationType = 'Choose a donation type';
  if (!v.donationDate) errors.donationDate = 'Donation date is required';
  return errors;
}

/** Noon local time on the chosen day, so the ISO timestamp never slips to the day before in any US zone. */
export function toPayload(v: ManualDonationValues, stripeCustomerId?: string): ManualDonationPayload {
  const opt = (s: string) => (s.trim() ? s.trim() : undefined);
  return {
    stripeCustomerId,
    donorName: v.donorName.trim(),
    donorEmail: opt(v.donorEmail),
    donorPhone: opt(v.donorPhone),
    donorAddress: opt(v.donorAddress),
    amount: v.amount.trim().replace(/,/g, ''),
    donationType: v.donationType,
    donationDate: new Date(`${v.donationDate}T12:00:00`).toISOString(),
    notes: opt(v.notes),
  };
}

/** The manual (offline) donation form; the IRS warning follows the amount live. */
export function ManualDonationForm({ initial, pending, onSubmit, onCancel }: {
  initial: Partial<ManualDonationValues>;
  pending: boolean;
  onSubmit: (values: ManualDonationValues) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<ManualDonationValues>(() => ({
    donorName: '', donorEmail: '', donorPhone: '', donorAddress: '', amount: '', notes: '',
    donationType: 'cash',
    donationDate: format(new Date(), 'yyyy-MM-dd'),
    ...initial,
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);

  const set = (key: keyof ManualDonationValues) => (e: { target: { value: string } }) => {
    const next = { ...values, [key]: e.target.value };
    setValues(next);
    if (submitted) setErrors(validateManualDonation(next));
  };

  const handle = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const errs = validateManualDonation(values);
    setErrors(errs);
    if (Object.keys(errs).length === 0) onSubmit(values);
  };

  const amount = amountNumber(values.amount.trim());
  const needsIrs = Number.isFinite(amount) && amount >= IRS_RECEIPT_THRESHOLD;

  return (
    <form className="adm-form" onSubmit={handle} noValidate>
      <div className="adm-form__grid">
        <TextField label="Donor Name *" name="donorName" value={values.donorName} onChange={set('donorName')} error={errors.donorName} aria-required="true" />
        <TextField label="Donor Email" name="donorEmail" type="email" value={values.donorEmail} onChange={set('donorEmail')} error={errors.donorEmail} />
        <TextField label="Donor Phone" name="donorPhone" type="tel" value={values.donorPhone} onChange={set('donorPhone')} />
        <TextField
          label="Amount *"
          name="amount"
          inputMode="decimal"
          placeholder="0.00"
          value={values.amount}
          onChange={set('amount')}
          error={errors.amount}
          aria-required="true"
        />
        <SelectField label="Donation Type *" name="donationType" value={values.donationType} onChange={set('donationType')} error={errors.donationType}>
          {DONATION_TYPES.map((t) => (
            <option key={t.value} value={t.value}>{t.label}</option>
          ))}
        </SelectField>
        <TextField
          label="Donation Date *"
          name="donationDate"
          type="date"
          max={format(new Date(), 'yyyy-MM-dd')}
          value={values.donationDate}
          onChange={set('donationDate')}
          error={errors.donationDate}
          aria-required="true"
        />
      </div>
      <TextAreaField
        label="Donor Address"
        name="donorAddress"
        rows={2}
        value={values.donorAddress}
        onChange={set('donorAddress')}
        hint="Required for IRS-compliant receipts"
      />
      {needsIrs && (
        <Alert variant="warning" title="IRS Receipt Required">
          Donations of $250 or more need a written acknowledgment for the donor's tax records. This gift will be flagged for an
          IRS-compliant receipt.
        </Alert>
      )}
      <TextAreaField label="Notes" name="notes" rows={2} value={values.notes} onChange={set('notes')} />
      <div className="adm-dialog__footer">
        <Button variant="outline" onClick={onCancel} disabled={pending}>Cancel</Button>
        <Button type="submit" disabled={pending}>{pending ? 'Adding...' : 'Add Donation'}</Button>
      </div>
    </form>
  );
}
