import { InitialSchema1763760000000 } from './1763760000000-InitialSchema.js';
import { EventPipelineGuards1763770000000 } from './1763770000000-EventPipelineGuards.js';
import { AdminApiIndexes1763800000000 } from './1763800000000-AdminApiIndexes.js';
import { MonthlyTotals1763900000000 } from './1763900000000-MonthlyTotals.js';

/** Every migration, oldest first. A new migration is added here as well as in its own file. */
export const migrations = [InitialSchema1763760000000, EventPipelineGuards1763770000000, AdminApiIndexes1763800000000, MonthlyTotals1763900000000];
