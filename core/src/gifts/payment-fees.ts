import type { EnvDto } from '../config/env.dto.js';
import type { PaymentFees } from './fee-coverage.js';

/** The configured card and bank fees, as the API charges by them and the donate page is told them. */
export function paymentFees(
  env: Pick<EnvDto, 'CARD_FEE_BASIS_POINTS' | 'CARD_FEE_FIXED_CENTS' | 'BANK_FEE_BASIS_POINTS' | 'BANK_FEE_CAP_CENTS'>,
): PaymentFees {
  return {
    cardFee: { basisPoints: env.CARD_FEE_BASIS_POINTS, fixedCents: env.CARD_FEE_FIXED_CENTS },
    bankFee: { basisPoints: env.BANK_FEE_BASIS_POINTS, capCents: env.BANK_FEE_CAP_CENTS },
  };
}
