import { IRS_RECEIPT_THRESHOLD_CENTS } from '../../../../../core/src/gifts/net-amount';
import { GIFT_DESCRIPTION_REQUIRED, isCashGift } from '../../../../../core/src/gifts/gift-labels';
import { useState, type FormEvent } from 'react';
import type { CreateManualDonationDto } from '../../../lib/api-types';
import { schoolToday } from '../../../lib/school-dates';
import { DONATION_TYPES, isDonationType, type DonationType } from '../lib/transaction-labels';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { useFunds } from '../../../lib/funds';

/** SPEC section 9: $250, the server's own threshold (core's gift rules), in dollars for the live form. */
export const IRS_RECEIPT_THRESHOLD = IRS_RECEIPT_THRESHOLD_CENTS / 100;
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
  /** What a gift of property was (stock, item, crypto, other). */
  giftDescription: string;
  /** Whether the donor received goods or services in return (the quid-pro-quo disclosure). */
  receivedGoods: boolean;
  goodsDescription: string;
  goodsValue: string;
  /** The fund's id as text; '' is General. */
  fundId: string;
}

/** Gifts of property (stock, item, crypto, other): described on the donor's documents, never valued (core's rule). */
export const isPropertyType = (type: string) => !isCashGift('manual', type);

type Errors = Partial<Record<Exclude<keyof ManualDonationValues, 'receivedGoods'>, string>>;

export function amountNumber(amount: string): number {
  return Number(amount.replace(/,/g, ''));
}

export function validateManualDonation(v: ManualDonationValues): Errors {
  const errors: Errors = {};
  if (!v.donorName.trim()) errors.donorName = 'Donor name is required';
  if (v.donorEmail.trim() && !EMAIL_RE.test(v.donorEmail.trim())) errors.donorEmail = 'Enter a valid email address';
  if (!AMOUNT_RE.test(v.amount.trim()) || !(amountNumber(v.amount.trim()) > 0)) errors.amount = 'Enter a valid amount (e.g., 25.00 or 1,250.00)';
  if (!isDonationType(v.donationType)) errors.donationType = 'Choose a donation type';
  if (!v.donationDate) errors.donationDate = 'Donation date is required';
  if (isPropertyType(v.donationType) && !v.giftDescription.trim()) errors.giftDescription = GIFT_DESCRIPTION_REQUIRED;
  if (v.receivedGoods) {
    if (!v.goodsDescription.trim()) errors.goodsDescription = 'Describe what the donor received in return';
    const value = amountNumber(v.goodsValue.trim());
    if (!AMOUNT_RE.test(v.goodsValue.trim()) || !(value > 0)) errors.goodsValue = 'Enter the fair-market value as an amount (e.g., 40.00)';
    else if (!errors.amount && value > amountNumber(v.amount.trim())) errors.goodsValue = 'The value of what the donor received cannot be more than the gift';
  }
  return errors;
}

/** Noon local time on the chosen day, so the ISO timestamp never slips to the day before in any US zone. */
export function toPayload(v: ManualDonationValues, stripeCustomerId?: string): CreateManualDonationDto {
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
    giftDescription: isPropertyType(v.donationType) ? opt(v.giftDescription) : undefined,
    goodsDescription: v.receivedGoods ? opt(v.goodsDescription) : undefined,
    goodsValue: v.receivedGoods ? opt(v.goodsValue.replace(/,/g, '')) : undefined,
    fundId: v.fundId ? Number(v.fundId) : undefined,
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
    giftDescription: '', receivedGoods: false, goodsDescription: '', goodsValue: '', fundId: '',
    donationType: 'cash',
    donationDate: schoolToday(),
    ...initial,
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const funds = useFunds().data ?? [];

  const update = (next: ManualDonationValues) => {
    setValues(next);
    if (submitted) setErrors(validateManualDonation(next));
  };
  const set = (key: Exclude<keyof ManualDonationValues, 'receivedGoods'>) => (e: { target: { value: string } }) => update({ ...values, [key]: e.target.value });

  const handle = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const errs = validateManualDonation(values);
    setErrors(errs);
    if (Object.keys(errs).length === 0) onSubmit(values);
  };

  const amount = amountNumber(values.amount.trim());
  const needsIrs = Number.isFinite(amount) && amount >= IRS_RECEIPT_THRESHOLD;
  const property = isPropertyType(values.donationType);

  return (
    <form className="adm-form" onSubmit={handle} noValidate>
      <div className="adm-form__grid">
        <TextField label="Donor Name *" name="donorName" value={values.donorName} onChange={set('donorName')} error={errors.donorName} aria-required="true" />
        <TextField label="Donor Email" name="donorEmail" type="email" value={values.donorEmail} onChange={set('donorEmail')} error={errors.donorEmail} />
        <TextField label="Donor Phone" name="donorPhone" type="tel" value={values.donorPhone} onChange={set('donorPhone')} />
        <TextField
          label={property ? "School's estimate of its value *" : 'Amount *'}
          name="amount"
          inputMode="decimal"
          placeholder="0.00"
          value={values.amount}
          onChange={set('amount')}
          error={errors.amount}
          aria-required="true"
          hint={property ? "For the school's books only: the donor's receipt and statement never state it." : undefined}
        />
        <SelectField
          label="Donation Type *"
          name="donationType"
          value={values.donationType}
          onChangeEvent={set('donationType')}
          error={errors.donationType}
          options={[...DONATION_TYPES]}
        />
        {funds.length > 1 && (
          <SelectField
            label="Fund"
            name="fundId"
            value={values.fundId || '1'}
            onChangeEvent={set('fundId')}
            options={funds.map((f) => ({ value: String(f.id), label: f.archived ? `${f.name} (archived)` : f.name }))}
          />
        )}
        <TextField
          label="Donation Date *"
          name="donationDate"
          type="date"
          max={schoolToday()}
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
        <Alert variant="warning">
          <AlertTitle>IRS Receipt Required</AlertTitle>
          <AlertDescription>
            Donations of $250 or more need a written acknowledgment for the donor's tax records. This gift will be flagged for
            an IRS-compliant receipt.
          </AlertDescription>
        </Alert>
      )}
      {property && (
        <TextAreaField
          label="Description of the gift *"
          name="giftDescription"
          rows={2}
          value={values.giftDescription}
          onChange={set('giftDescription')}
          error={errors.giftDescription}
          aria-required="true"
          hint="What was given, e.g. 100 shares of Acme Corporation (ACME) or two wheelchairs. The receipt and the year-end statement describe it and state no dollar value (the donor values it; Form 8283 over $500)."
        />
      )}
      <label className="adm-check">
        <input type="checkbox" name="receivedGoods" checked={values.receivedGoods} onChange={(e) => update({ ...values, receivedGoods: e.target.checked })} />
        The donor received goods or services in return (for example a dinner or an auction item)
      </label>
      {values.receivedGoods && (
        <div className="adm-form__grid">
          <TextField label="What the donor received *" name="goodsDescription" value={values.goodsDescription} onChange={set('goodsDescription')} error={errors.goodsDescription} aria-required="true" />
          <TextField
            label="Its fair-market value *"
            name="goodsValue"
            inputMode="decimal"
            placeholder="0.00"
            value={values.goodsValue}
            onChange={set('goodsValue')}
            error={errors.goodsValue}
            aria-required="true"
            hint="The acknowledgment says only the amount above this value is deductible."
          />
        </div>
      )}
      <TextAreaField label="Notes" name="notes" rows={2} value={values.notes} onChange={set('notes')} />
      <div className="dialog__footer">
        <Button variant="outline" onClick={onCancel} disabled={pending}>Cancel</Button>
        <Button type="submit" disabled={pending}>{pending ? 'Adding...' : 'Add Donation'}</Button>
      </div>
    </form>
  );
}
