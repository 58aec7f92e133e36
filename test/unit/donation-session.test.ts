import {
  clearDonationSession,
  giftKey,
  loadDonationSession,
  saveDonationSession,
} from '../../web/src/features/donate/donation-session.js';
import { emptyDonationForm } from '../../web/src/features/donate/types.js';

/**
 * What the donate page keeps for the tab's session (web/src/features/donate/donation-session.ts), read back as the
 * form's own shape whatever is stored. The browser's sessionStorage is stood in by a Map (Node has none).
 */
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, v);
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

const g = globalThis as unknown as { window?: { sessionStorage: MemoryStorage } };
let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  g.window = { sessionStorage: storage };
});
afterAll(() => {
  delete g.window;
});

const started = {
  key: 'k',
  start: {
    clientSecret: 'pi_1_secret_2',
    recordToken: 'tok',
    chargedCents: 4025,
    paymentIntentId: 'pi_1',
    subscriptionId: undefined,
  },
};

describe('the donate page’s session', () => {
  it('gives back what was saved, and nothing after it is cleared', () => {
    const form = {
      ...emptyDonationForm,
      amount: '40.25',
      frequency: 'monthly' as const,
      firstName: 'Edna',
      coverFees: true,
      tributeKind: 'memory' as const,
    };
    saveDonationSession({ form, started });
    expect(loadDonationSession()).toEqual({ form, started });
    clearDonationSession();
    expect(storage.items.size).toBe(0);
    expect(loadDonationSession()).toEqual({ form: emptyDonationForm, started: null });
  });

  it('keeps only the form’s own fields, each of its own type; an unknown frequency or tribute kind is the default', () => {
    storage.setItem(
      'donate:gift',
      JSON.stringify({
        form: {
          amount: 25,
          firstName: 'Ann',
          coverFees: 'yes',
          frequency: 'weekly',
          tributeKind: 'party',
          cardNumber: '4242424242424242',
        },
        started: { key: 'k', start: { clientSecret: 7, recordToken: 'tok', chargedCents: 4025 } },
      }),
    );
    expect(loadDonationSession()).toEqual({ form: { ...emptyDonationForm, firstName: 'Ann' }, started: null });
    // A payment saved before the answer carried what it charges: started again rather than guessed.
    storage.setItem(
      'donate:gift',
      JSON.stringify({ form: {}, started: { key: 'k', start: { clientSecret: 'pi_1_secret_2', recordToken: 'tok' } } }),
    );
    expect(loadDonationSession().started).toBeNull();
  });

  it('starts afresh from what is not JSON, and without storage at all', () => {
    storage.setItem('donate:gift', '{not json');
    expect(loadDonationSession()).toEqual({ form: emptyDonationForm, started: null });
    delete g.window;
    expect(() => saveDonationSession({ form: emptyDonationForm, started })).not.toThrow();
    expect(loadDonationSession()).toEqual({ form: emptyDonationForm, started: null });
  });

  it('the same gift has the same key whatever the order of its fields; another amount, value or method another key', () => {
    const form = { ...emptyDonationForm, amount: '50', email: 'a@example.org' };
    const reordered = Object.fromEntries(Object.entries(form).reverse()) as typeof form;
    expect(giftKey(5000, reordered, 'card')).toBe(giftKey(5000, form, 'card'));
    expect(giftKey(6000, form, 'card')).not.toBe(giftKey(5000, form, 'card'));
    expect(giftKey(5000, { ...form, city: 'Marshall' }, 'card')).not.toBe(giftKey(5000, form, 'card'));
    expect(giftKey(5000, form, 'us_bank_account')).not.toBe(giftKey(5000, form, 'card'));
  });
});
