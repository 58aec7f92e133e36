import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { CreateManualDonationDto } from './dto/create-manual-donation.dto.js';
import { parseAmountCents, resolveDonationDate } from './manual-donation.rules.js';
import { GIFT_DESCRIPTION_REQUIRED, isCashGift } from '../../../core/src/gifts/gift-labels.js';

export interface ManualDonationInput {
  stripeCustomerId: string | null;
  donorName: string;
  donorEmail: string | null;
  donorPhone: string | null;
  donorAddress: string | null;
  amountCents: number;
  donationType: string;
  donationDate: Date;
  notes: string | null;
  /** The fund (1, General, unless another was chosen). */
  fundId: number;
  giftDescription: string | null;
  /** What the donor received in return and its fair-market value (cents): both or neither. */
  goods: { description: string; valueCents: number } | null;
}

export type ManualValidation = { ok: true; value: ManualDonationInput } | { ok: false; message: string };

function firstMessage(errors: ValidationError[]): string {
  for (const e of errors) {
    if (e.constraints) return Object.values(e.constraints)[0];
    if (e.children?.length) return firstMessage(e.children);
  }
  return 'Invalid manual donation';
}

const isBlankValue = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const blankToNull = (v: string | undefined | null) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

/** The manual donation body, checked field by field in form order; the first problem is the answer. */
export async function validateManualDonation(body: unknown, timeZone: string, now: Date = new Date()): Promise<ManualValidation> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, message: 'Send the manual donation as a JSON object' };
  const dto = plainToInstance(CreateManualDonationDto, body);
  const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
  if (errors.length) return { ok: false, message: firstMessage(errors) };
  const date = resolveDonationDate(dto.donationDate, timeZone, now);
  if (!date.ok) return { ok: false, message: date.message };
  const amountCents = parseAmountCents(dto.amount)!;
  const giftDescription = blankToNull(dto.giftDescription);
  // A gift of property is described on everything the donor receives (its amount is only the school's estimate).
  if (!isCashGift('manual', dto.donationType) && !giftDescription) return { ok: false, message: GIFT_DESCRIPTION_REQUIRED };
  const goodsDescription = blankToNull(dto.goodsDescription);
  const goodsValue = isBlankValue(dto.goodsValue) ? null : parseAmountCents(dto.goodsValue);
  if (goodsDescription && goodsValue === null) return { ok: false, message: 'Enter the fair-market value of what the donor received' };
  if (!goodsDescription && goodsValue !== null) return { ok: false, message: 'Describe what the donor received in return' };
  if (goodsValue !== null && goodsValue > amountCents) return { ok: false, message: 'The value of what the donor received cannot be more than the gift' };
  return {
    ok: true,
    value: {
      stripeCustomerId: blankToNull(dto.stripeCustomerId),
      donorName: dto.donorName.trim(),
      donorEmail: blankToNull(dto.donorEmail),
      donorPhone: blankToNull(dto.donorPhone),
      donorAddress: blankToNull(dto.donorAddress),
      amountCents,
      donationType: dto.donationType,
      donationDate: date.at,
      notes: blankToNull(dto.notes),
      fundId: dto.fundId ?? 1,
      giftDescription,
      goods: goodsDescription && goodsValue !== null ? { description: goodsDescription, valueCents: goodsValue } : null,
    },
  };
}
