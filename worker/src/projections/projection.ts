import type { ReadModelWrite } from '../../../core/src/read-model/later-state.js';

export interface ProjectionContext extends ReadModelWrite {
  timeZone: string;
}

/** Applies one Stripe object, seen at `at` (event.created, or when a backfill read it), to the read model. */
export type Projection = (ctx: ProjectionContext, object: any, at: number) => Promise<void>;
