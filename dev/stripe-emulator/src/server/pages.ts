import type { Obj, Store } from '../core/store.js';

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (cents: number, currency: string) =>
  `${(cents / 100).toLocaleString('en-US', { style: 'currency', currency: currency.toUpperCase() })}`;
const date = (ts: number) =>
  new Date(ts * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${esc(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}` +
    `dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#555}</style></head><body>${body}</body></html>`
  );
}

/** The simple receipt page a charge's `receipt_url` points at (Stripe hosts the real one). */
export function receiptPage(store: Store, chargeId: string): string | undefined {
  const ch = store.get('charges', chargeId);
  if (!ch) return undefined;
  const pmd = ch.payment_method_details ?? {};
  const bank = pmd.us_bank_account;
  const method = bank
    ? `${esc(bank.bank_name)} account ending in ${esc(bank.last4)}`
    : `${esc(pmd.card?.brand)} ending in ${esc(pmd.card?.last4)}`;
  const refunded = ch.amount_refunded ? `<dt>Refunded</dt><dd>${money(ch.amount_refunded, ch.currency)}</dd>` : '';
  return page(
    `Receipt ${ch.id}`,
    `<h1>Receipt from Hillside Learning Center</h1>` +
      `<p>Test mode receipt served by the local Stripe emulator.</p><dl>` +
      `<dt>Amount paid</dt><dd>${money(ch.amount, ch.currency)}</dd>${refunded}` +
      `<dt>Date paid</dt><dd>${date(ch.created)}</dd>` +
      `<dt>Payment method</dt><dd>${method}</dd>` +
      `<dt>Status</dt><dd>${esc(ch.status)}</dd>` +
      (ch.description ? `<dt>Description</dt><dd>${esc(ch.description)}</dd>` : '') +
      `<dt>Receipt number</dt><dd>${esc(ch.id)}</dd></dl>`,
  );
}

export function invoicePage(store: Store, invoiceId: string): string | undefined {
  const inv: Obj | undefined = store.get('invoices', invoiceId);
  if (!inv) return undefined;
  const lines = (inv.lines.data as Obj[])
    .map((l) => `<dt>${esc(l.description)}</dt><dd>${money(l.amount, inv.currency)}</dd>`)
    .join('');
  return page(
    `Invoice ${inv.number ?? inv.id}`,
    `<h1>Invoice ${esc(inv.number ?? inv.id)}</h1><dl>${lines}` +
      `<dt>Total</dt><dd>${money(inv.total, inv.currency)}</dd><dt>Status</dt><dd>${esc(inv.status)}</dd></dl>`,
  );
}
