import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { CreateManualDonationDto } from './dto/create-manual-donation.dto.js';
import { manualAmountCents } from '../../../core/src/gifts/manual-amount.js';
import { resolveDonationDate } from './manual-donation.rules.js';
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
  /** The appeal the gift is credited to (its totals), or none. */
  appealId?: string | null;
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
const blankToNull = (v: string | undefined | null) =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim();

/** One problem of a manual donation body: the field (a property of CreateManualDonationDto) and its sentence. */
export interface ManualDonationProblem {
  field: string;
  message: string;
}

export type ManualCheck = { ok: true; value: ManualDonationInput } | { ok: false; problems: ManualDonationProblem[] };

/**
 * Every problem of the body at once, one per field: the fields' own rules in form order, then the date's calendar
 * rules (when its text passed), then the goods rules (when the amount did). validateManualDonation answers the first.
 */
export async function checkManualDonation(
  body: unknown,
  timeZone: string,
  now: Date = new Date(),
): Promise<ManualCheck> {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, problems: [{ field: 'body', message: 'Send the manual donation as a JSON object' }] };
  const dto = plainToInstance(CreateManualDonationDto, body);
  const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
  const problems: ManualDonationProblem[] = errors.map((e) => ({ field: e.property, message: firstMessage([e]) }));
  const failed = new Set(problems.map((p) => p.field));
  const date = failed.has('donationDate') ? null : resolveDonationDate(dto.donationDate, timeZone, now);
  if (date && !date.ok) problems.push({ field: 'donationDate', message: date.message });
  const amountCents = manualAmountCents(dto.amount);
  // The goods rules read the goods fields only once their own rules passed (a non-string is no description).
  const goodsChecked = !failed.has('goodsValue') && !failed.has('goodsDescription');
  const goodsDescription = goodsChecked ? blankToNull(dto.goodsDescription) : null;
  const goodsValue = goodsChecked && !isBlankValue(dto.goodsValue) ? manualAmountCents(dto.goodsValue) : null;
  if (goodsChecked) {
    if (goodsDescription && goodsValue === null)
      problems.push({ field: 'goodsValue', message: 'Enter the fair-market value of what the donor received' });
    else if (!goodsDescription && goodsValue !== null)
      problems.push({ field: 'goodsDescription', message: 'Describe what the donor received in return' });
    else if (goodsValue !== null && amountCents !== null && goodsValue > amountCents) {
      problems.push({
        field: 'goodsValue',
        message: 'The value of what the donor received cannot be more than the gift',
      });
    }
  }
  const giftDescription =
    typeof dto.giftDescription === 'string' || dto.giftDescription == null ? blankToNull(dto.giftDescription) : null;
  // A gift of property is described on everything the donor receives (its amount is only the school's estimate).
  if (
    !failed.has('donationType') &&
    !failed.has('giftDescription') &&
    !isCashGift('manual', dto.donationType) &&
    !giftDescription
  ) {
    problems.push({ field: 'giftDescription', message: GIFT_DESCRIPTION_REQUIRED });
  }
  if (problems.length || !date?.ok || amountCents === null) return { ok: false, problems };
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
      appealId: dto.appealId ?? null,
      giftDescription,
      goods: goodsDescription && goodsValue !== null ? { description: goodsDescription, valueCents: goodsValue } : null,
    },
  };
}

/** The manual donation body, checked field by field in form order; the first problem is the answer. */
export async function validateManualDonation(
  body: unknown,
  timeZone: string,
  now: Date = new Date(),
): Promise<ManualValidation> {
  const checked = await checkManualDonation(body, timeZone, now);
  return checked.ok ? checked : { ok: false, message: checked.problems[0]?.message ?? 'Invalid manual donation' };
}
