import { writeCustomer } from '../../../core/src/read-model/donor-writer.js';
import type { Projection } from './projection.js';

/** customer.created/updated/deleted -> donors, through the one donor writer (tombstones and is_donor: there). */
export const customerUpserted: Projection = (ctx, o, at) => writeCustomer(ctx, o, at, false);
export const customerDeleted: Projection = (ctx, o, at) => writeCustomer(ctx, o, at, true);
