import { chargeDisplayStatus } from '../../../core/src/gifts/gift-labels.js';
import { isBankDebit } from '../../../core/src/read-model/to-charge-row.js';
import { tributeLine, type TributeKind } from '../../../core/src/gifts/gift-designation.js';
import type { TransactionDto } from './dto/transaction.dto.js';

/** One row of the card + manual union, as the transactions repository reads it. */
export interface GiftRow {
  kind: 'card' | 'manual';
  id: string;
  created: string | number;
  amount: string | number;
  amount_refunded: string | number;
  currency: string;
  status: string;
  disputed: boolean;
  dispute_status: string | null;
  frequency: string | null;
  donation_type: string | null;
  manual_donation_id: string | null;
  requires_irs_receipt: boolean | null;
  receipt_url: string | null;
  name: string | null;
  email: string | null;
  brand: string | null;
  last4: string | null;
  customer_id: string | null;
  notes: string | null;
  fund_id: number;
  fund_name: string | null;
  fee_coverage: string | number;
  tribute_kind: TributeKind | null;
  tribute_name: string | null;
  tribute_notify_address: string | null;
  appeal_id: string | null;
  appeal_name: string | null;
}

/** 'In memory of Ada Lovelace', or null for a gift without a tribute (or whose tribute was erased). */
export function rowTribute(r: Pick<GiftRow, 'tribute_kind' | 'tribute_name'>): string | null {
  return r.tribute_kind && r.tribute_name ? tributeLine({ kind: r.tribute_kind, name: r.tribute_name }) : null;
}

/**
 * The Transaction shape of SPEC section 3 (amounts in cents, `created` in unix seconds). The donor's own list
 * carries the card under `payment_method.card` as well, which is where the donor page reads it.
 */
export function toTransaction(r: GiftRow, opts: { withPaymentMethod?: boolean } = {}): TransactionDto {
  const amount = Number(r.amount);
  const refunded = Number(r.amount_refunded);
  const card = r.kind === 'card' && r.brand ? { brand: r.brand, last4: r.last4 ?? '' } : null;
  const tx: TransactionDto = {
    id: r.id,
    created: Number(r.created),
    amount,
    amount_refunded: refunded,
    currency: r.currency,
    status:
      r.kind === 'manual'
        ? 'succeeded'
        : chargeDisplayStatus({
            status: r.status,
            amount,
            amount_refunded: refunded,
            disputed: r.disputed,
            dispute_status: r.dispute_status,
          }),
    type: r.kind,
    frequency: r.kind === 'card' ? r.frequency : null,
    donation_type: r.kind === 'manual' ? r.donation_type : null,
    manual_donation_id: r.manual_donation_id,
    requires_irs_receipt: r.kind === 'manual' ? Boolean(r.requires_irs_receipt) : false,
    receipt_url: r.receipt_url,
    customer: r.customer_id,
    billing_details: { name: r.name, email: r.email },
    card,
    bank_last4: r.kind === 'card' && isBankDebit(r) ? r.last4 : null,
    notes: r.kind === 'manual' ? r.notes : null,
    fund: { id: Number(r.fund_id), name: r.fund_name ?? `Fund ${r.fund_id}` },
    fee_coverage: Number(r.fee_coverage ?? 0),
    tribute: rowTribute(r),
    tribute_mail_to: r.tribute_notify_address ?? null,
    appeal: r.appeal_id ? { id: r.appeal_id, name: r.appeal_name ?? '' } : null,
  };
  if (opts.withPaymentMethod) tx.payment_method = { card };
  return tx;
}
