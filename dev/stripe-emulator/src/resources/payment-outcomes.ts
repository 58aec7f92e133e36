import type { Ctx } from '../core/context.js';
import type { Obj } from '../core/store.js';

/** Ties a payment intent's outcome to whatever created it (an invoice); registered by the billing module. */
export type PaymentOutcomeHook = (ctx: Ctx, pi: Obj, charge: Obj, pm: Obj) => void;
export const paymentOutcomeHooks: PaymentOutcomeHook[] = [];
