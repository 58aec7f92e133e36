import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { CreateManualDonationDto } from './dto/create-manual-donation.dto.js';
import { parseAmountCents, resolveDonationDate } from './manual-donation.rules.js';

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
}

export type ManualValidation = { ok: true; value: ManualDonationInput } | { ok: false; message: string };

function firstMessage(errors: ValidationError[]): string {
  for (const e of errors) {
    if (e.constraints) return Object.values(e.constraints)[0];
    if (e.children?.length) return firstMessage(e.children);
  }
  return 'Invalid manual donation';
}

const blankToNull = (v: string | undefined | null) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

/** The manual donation body, checked field by field in form order; the first problem is the answer. */
export async function validateManualDonation(body: unknown, timeZone: string, now: Date = new Date()): Promise<ManualValidation> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, message: 'Send the manual donation as a JSON object' };
  const dto = plainToInstance(CreateManualDonationDto, body);
  const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
  if (errors.length) return { ok: false, message: firstMessage(errors) };
  const date = resolveDonationDate(dto.donationDate, timeZone, now);
  if (!date.ok) return { ok: false, message: date.message };
  return {
    ok: true,
    value: {
      stripeCustomerId: blankToNull(dto.stripeCustomerId),
      donorName: dto.donorName.trim(),
      donorEmail: blankToNull(dto.donorEmail),
      donorPhone: blankToNull(dto.donorPhone),
      donorAddress: blankToNull(dto.donorAddress),
      amountCents: parseAmountCents(dto.amount)!,
      donationType: dto.donationType,
      donationDate: date.at,
      notes: blankToNull(dto.notes),
    },
  };
}
