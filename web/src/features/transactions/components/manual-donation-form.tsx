import { useState, type FormEvent } from 'react';
import { schoolToday } from '../../../lib/school-dates';
import { DONATION_TYPES } from '../lib/transaction-labels';
import {
  emptyManualDonation,
  isPropertyType,
  showsIrsWarning,
  validateManualDonation,
  type ManualDonationErrors,
  type ManualDonationValues,
} from '../lib/manual-donation-rules';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { useFunds } from '../../../lib/funds';
import { useAppeals } from '../../../lib/appeals';
import { AppealSelect } from '../../../components/appeal-select';
import type { AppealAdminDto } from '../../../lib/api-types';
import { offeredForOfflineGifts, STAFF_CREDIT_DAYS_AFTER_END } from '../../../../../core/src/appeals/appeal-rules';

/** The appeals a gift received offline may name (core's rule: open ones, and those ended lately). */
const offeredNow = (a: AppealAdminDto) =>
  offeredForOfflineGifts({ status: a.status, state: a.page.state, endsAt: a.page.endsAt });

/** The manual (offline) donation form; the IRS warning follows the amount live. */
export function ManualDonationForm({
  initial,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: Partial<ManualDonationValues>;
  pending: boolean;
  /** `appealName`: the name of the appeal picked, for the confirmation; null when none. */
  onSubmit: (values: ManualDonationValues, appealName: string | null) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<ManualDonationValues>(() => ({
    ...emptyManualDonation(schoolToday()),
    ...initial,
  }));
  const [errors, setErrors] = useState<ManualDonationErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const funds = useFunds().data ?? [];
  const appeals = (useAppeals().data ?? []).filter(offeredNow);

  const update = (next: ManualDonationValues) => {
    setValues(next);
    if (submitted) setErrors(validateManualDonation(next));
  };
  const set = (key: Exclude<keyof ManualDonationValues, 'receivedGoods'>) => (e: { target: { value: string } }) =>
    update({ ...values, [key]: e.target.value });

  const handle = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const errs = validateManualDonation(values);
    setErrors(errs);
    if (Object.keys(errs).length === 0)
      onSubmit(values, appeals.find((a) => a.id === values.appealId)?.page.name ?? null);
  };

  const needsIrs = showsIrsWarning(values.amount);
  const property = isPropertyType(values.donationType);

  return (
    <form className="adm-form" onSubmit={handle} noValidate>
      <div className="adm-form__grid">
        <TextField
          label="Donor Name *"
          name="donorName"
          value={values.donorName}
          onChange={set('donorName')}
          error={errors.donorName}
          aria-required="true"
        />
        <TextField
          label="Donor Email"
          name="donorEmail"
          type="email"
          value={values.donorEmail}
          onChange={set('donorEmail')}
          error={errors.donorEmail}
        />
        <TextField
          label="Donor Phone"
          name="donorPhone"
          type="tel"
          value={values.donorPhone}
          onChange={set('donorPhone')}
        />
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
        <AppealSelect
          name="appealId"
          none="None"
          value={values.appealId}
          onValueChange={(appealId) => update({ ...values, appealId })}
          hint={`Open appeals, and those ended in the last ${STAFF_CREDIT_DAYS_AFTER_END} days.`}
          offered={offeredNow}
          labelOf={(a) => (a.page.state === 'open' ? a.page.name : `${a.page.name} (ended)`)}
        />
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
            Donations of $250 or more need a written acknowledgment for the donor's tax records. This gift will be
            flagged for an IRS-compliant receipt.
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
        <input
          type="checkbox"
          name="receivedGoods"
          checked={values.receivedGoods}
          onChange={(e) => update({ ...values, receivedGoods: e.target.checked })}
        />
        The donor received goods or services in return (for example a dinner or an auction item)
      </label>
      {values.receivedGoods && (
        <div className="adm-form__grid">
          <TextField
            label="What the donor received *"
            name="goodsDescription"
            value={values.goodsDescription}
            onChange={set('goodsDescription')}
            error={errors.goodsDescription}
            aria-required="true"
          />
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
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Adding...' : 'Add Donation'}
        </Button>
      </div>
    </form>
  );
}
