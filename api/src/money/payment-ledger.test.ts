import path from 'node:path';
import type { Database } from '../db/database';
import { runMigrations } from '../db/migrations';
import { openTestDatabase } from '../test-support/test-api';
import { monthlyRevenueCents } from './payment-ledger';

describe('payment ledger', () => {
  let db: Database;
  let dropDatabase: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dropDatabase } = await openTestDatabase());
    await runMigrations(db, path.join(__dirname, '../../migrations'));
  });
  afterAll(async () => {
    await db.close();
    await dropDatabase();
  });

  it("counts this month's revenue in UTC whatever the database session's time zone", async () => {
    const utcMonthStart = new Date();
    utcMonthStart.setUTCDate(1);
    utcMonthStart.setUTCHours(0, 0, 0, 0);
    const thisMonth = utcMonthStart.toISOString().slice(0, 7);
    // The last hour of last month in UTC: already this month at UTC+14, and the first hour this month is still
    // last month at UTC-12.
    const at = (offsetMs: number) => new Date(utcMonthStart.getTime() + offsetMs).toISOString();
    await db.query(
      `insert into payments (stripe_payment_intent_id, kind, amount_cents, status, succeeded_at)
       values ('pi_last_month', 'deposit', 10000, 'succeeded', $1), ('pi_this_month', 'deposit', 25000, 'succeeded', $2)`,
      [at(-3_600_000), at(3_600_000)],
    );

    for (const zone of ['UTC', 'Pacific/Kiritimati', 'Etc/GMT+12']) {
      const revenue = await db.transaction(async (tx) => {
        await tx.query(`select set_config('timezone', $1, true)`, [zone]);
        return [await monthlyRevenueCents(tx), await monthlyRevenueCents(tx, thisMonth)];
      });
      expect({ zone, revenue }).toEqual({ zone, revenue: [25000, 25000] });
    }
  });
});
