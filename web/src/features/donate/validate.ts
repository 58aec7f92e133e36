import { checkGiftAmount } from '../../../../core/src/gifts/gift-amount';
import { nameProblem } from '../../../../core/src/people/person-name';
import type { DonationFormData } from './types';

/** The form's text fields that can be wrong (the checkboxes, choices and the postal address cannot). */
export type DonationField =
  | 'amount'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'address'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'tributeName'
  | 'tributeEmail';
export type DonationErrors = Partial<Record<DonationField, string>>;

/** Field -> input id, in the order the form shows them (the error summary lists them in this order). */
export const FIELD_IDS: Record<DonationField, string> = {
  amount: 'donation-amount',
  firstName: 'donor-firstName',
  lastName: 'donor-lastName',
  email: 'donor-email',
  phone: 'donor-phone',
  address: 'donor-address',
  city: 'donor-city',
  state: 'donor-state',
  zipCode: 'donor-zipCode',
  tributeName: 'tribute-name',
  tributeEmail: 'tribute-email',
};

export const FIELD_LABELS: Record<DonationField, string> = {
  amount: 'Donation Amount',
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP Code',
  tributeName: 'Name of the person honored or remembered',
  tributeEmail: 'E-mail to notify',
};

const REQUIRED: Partial<Record<DonationField, string>> = {
  firstName: 'Enter your first name.',
  lastName: 'Enter your last name.',
  email: 'Enter your e-mail address, so we can send your receipt.',
  address: 'Enter your street address.',
  city: 'Enter your city.',
  state: 'Enter your state.',
  zipCode: 'Enter your ZIP code.',
};

/** As the API's class-validator IsEmail would take it, loosely: something@something.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const ZIP = /^\d{5}(-\d{4})?$/;

/** The one problem with one field, or null: the amount by the gift rules (core/src/gifts), the rest as the SPEC requires. */
export function fieldError(field: DonationField, form: DonationFormData): string | null {
  const value = form[field].trim();
  if (field === 'amount') {
    const check = checkGiftAmount(value);
    return check.ok ? null : check.message;
  }
  if (field === 'tributeName') {
    const wantsNotice = form.tributeEmail.trim() || form.tributeAddress.trim();
    if (!value) return wantsNotice ? 'Enter the name of the person your gift honors or remembers.' : null;
    return nameProblem(value, 'The name');
  }
  if (!value) return REQUIRED[field] ?? null;
  // The server's rule for names (no link, < or >, or line break), with the same words.
  if (field === 'firstName' || field === 'lastName') return nameProblem(value, FIELD_LABELS[field]);
  if ((field === 'email' || field === 'tributeEmail') && !EMAIL.test(value))
    return 'Enter an e-mail address like name@example.com.';
  if (field === 'zipCode' && !ZIP.test(value)) return 'Enter a 5-digit ZIP code, like 72650.';
  return null;
}

/** Every field's problem, in the form's order. */
export function validateDonation(form: DonationFormData): DonationErrors {
  const errors: DonationErrors = {};
  for (const field of Object.keys(FIELD_IDS) as DonationField[]) {
    const message = fieldError(field, form);
    if (message) errors[field] = message;
  }
  return errors;
}
