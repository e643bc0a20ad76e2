import path from 'node:path';
import { LOCAL_DEFAULTS } from '@agency/domain';
import { openDatabase } from '../../db/database';
import { createStripeClient, stripeConfigFromEnv } from './stripe-client';
import { formatReconciliation, reconcileMonth } from './billing-reconciliation';

// `npm run billing:reconcile -- --month YYYY-MM`: the month's ledger against Stripe's charges, refunds and
// invoices. Exits 1 when they differ. On the embedded database, run it while the API is stopped (PGlite is one
// process's); on PostgreSQL (DATABASE_URL) at any time.
const args = process.argv.slice(2);
const at = args.indexOf('--month');
const month = at >= 0 ? args[at + 1] : new Date().toISOString().slice(0, 7);
if (!month || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
  console.error('usage: npm run billing:reconcile -- --month YYYY-MM');
  process.exit(2);
}
const stripeConfig = stripeConfigFromEnv(process.env);
if (!stripeConfig) {
  console.error('Stripe is not configured (STRIPE_SECRET_KEY).');
  process.exit(2);
}
// The API's database, found as config.ts finds it.
const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  pgliteDir: path.join(path.resolve(process.env.DATA_DIR || LOCAL_DEFAULTS.dataDir), 'db'),
});
try {
  const result = await reconcileMonth(
    db,
    createStripeClient(stripeConfig.secretKey, stripeConfig.apiUrl),
    month,
  );
  console.log(formatReconciliation(result));
  process.exitCode = result.differences.length ? 1 : 0;
} finally {
  await db.close();
}
