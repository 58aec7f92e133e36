import { GIFT_AMOUNT_MESSAGES } from '../../../../core/src/gifts/gift-amount';
import { emptyDonationForm, type DonationFormData } from './types';
import { FIELD_IDS, fieldError, validateDonation } from './validate';

/** The donate form's rules (step 1), with the words the donor reads; the amount by core's gift rules. */
const filled: DonationFormData = {
  ...emptyDonationForm,
  amount: '50',
  firstName: 'Jane',
  lastName: "O'Brien",
  email: 'jane@example.org',
  address: '1 Elm St',
  city: 'Mountain View',
  state: 'AR',
  zipCode: '72560',
};
const problem = (patch: Partial<DonationFormData>, field: Parameters<typeof fieldError>[0]) =>
  fieldError(field, { ...filled, ...patch });

describe("the donate form's rules", () => {
  it('passes a filled form, phone and tribute left empty', () => {
    expect(validateDonation(filled)).toEqual({});
  });

  it('names every missing required field, in the order the form shows them', () => {
    const errors = validateDonation(emptyDonationForm);
    expect(Object.keys(errors)).toEqual([
      'amount',
      'firstName',
      'lastName',
      'email',
      'address',
      'city',
      'state',
      'zipCode',
    ]);
    expect(Object.keys(errors)).toEqual(Object.keys(FIELD_IDS).filter((f) => f in errors));
    expect(errors.email).toBe('Enter your e-mail address, so we can send your receipt.');
  });

  it.each([
    ['50', null],
    ['$1,250.50', null],
    [' 25 ', null],
    ['1', null],
    ['100,000', null],
    ['', GIFT_AMOUNT_MESSAGES.invalid],
    ['abc', GIFT_AMOUNT_MESSAGES.invalid],
    ['0', GIFT_AMOUNT_MESSAGES.invalid],
    ['-5', GIFT_AMOUNT_MESSAGES.invalid],
    ['40.', GIFT_AMOUNT_MESSAGES.invalid],
    ['0.001', GIFT_AMOUNT_MESSAGES.invalid],
    ['12,50', GIFT_AMOUNT_MESSAGES.invalid],
    ['0.99', GIFT_AMOUNT_MESSAGES.min],
    ['100000.01', GIFT_AMOUNT_MESSAGES.max],
  ])('amount %j: %s', (amount, message) => {
    expect(problem({ amount }, 'amount')).toBe(message);
  });

  it('keeps the SPEC words for an amount that is not above 0', () => {
    expect(problem({ amount: '0' }, 'amount')).toBe('Please enter a valid donation amount greater than 0.');
  });

  it('checks names by the server rule, e-mail and ZIP by their shapes', () => {
    expect(problem({ firstName: 'Visit www.example.com' }, 'firstName')).toBe(
      'First Name cannot contain a web or e-mail address',
    );
    expect(problem({ lastName: '<b>' }, 'lastName')).toBe('Last Name cannot contain < or >');
    expect(problem({ email: 'jane@example' }, 'email')).toBe('Enter an e-mail address like name@example.com.');
    expect(problem({ zipCode: '7256' }, 'zipCode')).toBe('Enter a 5-digit ZIP code, like 72650.');
    expect(problem({ zipCode: '72560-1234' }, 'zipCode')).toBeNull();
    expect(problem({ phone: '' }, 'phone')).toBeNull();
  });

  it('asks for the honoree only when a notice is wanted, and checks an e-mail to notify', () => {
    expect(problem({}, 'tributeName')).toBeNull();
    expect(problem({ tributeEmail: 'grandma@example.org' }, 'tributeName')).toBe(
      'Enter the name of the person your gift honors or remembers.',
    );
    expect(problem({ tributeAddress: '2 Oak St' }, 'tributeName')).toBe(
      'Enter the name of the person your gift honors or remembers.',
    );
    expect(problem({ tributeName: 'Grandma\nclick here' }, 'tributeName')).toBe(
      'The name must be one line of plain text',
    );
    expect(problem({ tributeEmail: 'grandma' }, 'tributeEmail')).toBe('Enter an e-mail address like name@example.com.');
    expect(problem({ tributeEmail: '' }, 'tributeEmail')).toBeNull();
  });
});
