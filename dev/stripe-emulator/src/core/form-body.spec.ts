import { encodeForm, parseFormBody, splitKey } from './form-body.js';

describe('parseFormBody (Stripe bracket notation)', () => {
  it('reads flat pairs, decoding %xx and +', () => {
    expect(parseFormBody('amount=2500&currency=usd&description=Gift+for+the%20school%26co')).toEqual({
      amount: '2500',
      currency: 'usd',
      description: 'Gift for the school&co',
    });
  });

  it('nests objects and arrays as the SDK encodes them (qs, indices)', () => {
    const body = encodeForm({
      customer: 'cus_1',
      items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: 1000,
            product_data: { name: 'Monthly' },
            recurring: { interval: 'month', interval_count: 3 },
          },
        },
      ],
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payment_intent'],
      metadata: { donation_id: '42' },
    });
    expect(parseFormBody(body)).toEqual({
      customer: 'cus_1',
      items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: '1000',
            product_data: { name: 'Monthly' },
            recurring: { interval: 'month', interval_count: '3' },
          },
        },
      ],
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payment_intent'],
      metadata: { donation_id: '42' },
    });
  });

  it('appends with [] and orders sparse indices', () => {
    expect(parseFormBody('expand[]=a&expand[]=b')).toEqual({ expand: ['a', 'b'] });
    expect(parseFormBody('a[2]=z&a[0]=x&a[1]=y')).toEqual({ a: ['x', 'y', 'z'] });
    expect(parseFormBody('a[b][0][c]=1&a[b][0][d]=2&a[b][1][c]=3')).toEqual({
      a: { b: [{ c: '1', d: '2' }, { c: '3' }] },
    });
  });

  it('keeps empty values (Stripe uses metadata[k]= to unset) and range filters', () => {
    expect(parseFormBody('metadata[old]=&metadata[new]=v&created[gte]=10&created[lt]=20')).toEqual({
      metadata: { old: '', new: 'v' },
      created: { gte: '10', lt: '20' },
    });
  });

  it('ignores empty pairs and tolerates malformed escapes and keys', () => {
    expect(parseFormBody('&&a=%E0%A4%A&b')).toEqual({ a: '%E0%A4%A', b: '' });
    expect(splitKey('a[b]c')).toEqual(['a', 'bc']);
    expect(parseFormBody('')).toEqual({});
  });

  it('round-trips with encodeForm', () => {
    const value = { a: { b: ['1', { c: 'x y' }] }, d: 'é&=' };
    expect(parseFormBody(encodeForm(value))).toEqual(value);
  });
});
