/** SPEC section 3, Donation form data; section 4, Frequency options; section 9, preset amounts. */
export type Frequency = 'one-time' | 'monthly' | 'quarterly' | 'annual';

export const FREQUENCIES: ReadonlyArray<{ value: Frequency; label: string; summary: string }> = [
  { value: 'one-time', label: 'One-time', summary: '' },
  { value: 'monthly', label: 'Monthly', summary: 'monthly' },
  { value: 'quarterly', label: 'Quarterly', summary: 'quarterly' },
  { value: 'annual', label: 'Annual', summary: 'annually' },
];

export const PRESET_AMOUNTS = ['25', '50', '100'] as const;

export interface DonationFormData {
  /** Dollars as typed (text entry). */
  amount: string;
  frequency: Frequency;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
}

export const emptyDonationForm: DonationFormData = {
  amount: '',
  frequency: 'one-time',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
};
