import type { Queryable } from './queryable';
import { backfillProposals } from '../project-store/proposal-backfill';

/**
 * Migrations whose rows are written by code rather than SQL: the step runs in the migration's place in the
 * sequence, in one transaction with its record in schema_migrations, under the migration lock (so once, whichever
 * API process starts first). The `.sql` file of the same name holds only comments: it keeps the step's place and
 * says what it does. A step must be idempotent (it reads the data as it finds it).
 */
export type DataStep = (tx: Queryable) => Promise<unknown>;

export const DATA_STEPS: Readonly<Record<string, DataStep>> = {
  '121_proposal_backfill.sql': (tx) => backfillProposals(tx),
};
