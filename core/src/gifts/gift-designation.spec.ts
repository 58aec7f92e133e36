import {
  designationFromMetadata,
  designationMetadata,
  firstDesignation,
  tributeLine,
  type GiftDesignation,
} from './gift-designation.js';

const full: GiftDesignation = {
  fundId: 3,
  giftCents: 5000,
  feeCoverageCents: 180,
  tribute: {
    kind: 'memory',
    name: 'Ada Lovelace',
    notifyEmail: 'family@example.com',
    notifyAddress: null,
    showAmount: false,
  },
};

describe('gift designation metadata', () => {
  it('round-trips through Stripe metadata (strings only)', () => {
    const meta = designationMetadata(full);
    expect(Object.values(meta).every((v) => typeof v === 'string')).toBe(true);
    expect(designationFromMetadata(meta)).toEqual(full);
  });

  it('keeps the tribute’s personal details under donor_ keys, which erasure strips', () => {
    const meta = designationMetadata(full);
    const withAddress = designationMetadata({ ...full, tribute: { ...full.tribute!, notifyAddress: '9 Orchard Way' } });
    const personal = Object.keys(withAddress).filter((k) =>
      ['Ada Lovelace', 'family@example.com', '9 Orchard Way'].includes(withAddress[k]),
    );
    expect(personal.sort()).toEqual(['donor_tribute_address', 'donor_tribute_email', 'donor_tribute_name']);
    expect(meta.donor_tribute_email).toBe('family@example.com');
  });

  it('reads nothing from metadata without a designation, and ignores malformed parts', () => {
    expect(designationFromMetadata({})).toEqual({
      fundId: null,
      giftCents: null,
      feeCoverageCents: null,
      tribute: null,
    });
    expect(
      designationFromMetadata({ fund_id: 'x', gift_cents: '-5', tribute_kind: 'anniversary', donor_tribute_name: 'A' }),
    ).toEqual({ fundId: null, giftCents: null, feeCoverageCents: null, tribute: null });
  });

  it('takes each part from the first source that has it, the fee split from one source', () => {
    const sub = designationMetadata(full);
    const d = firstDesignation({}, { fund_id: '7', gift_cents: '100' }, sub);
    expect(d.fundId).toBe(7);
    expect([d.giftCents, d.feeCoverageCents]).toEqual([5000, 180]);
    expect(d.tribute?.name).toBe('Ada Lovelace');
  });

  it('words the tribute line', () => {
    expect(tributeLine({ kind: 'honor', name: 'Mrs. Smith' })).toBe('In honor of Mrs. Smith');
  });
});
