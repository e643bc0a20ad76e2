import path from 'node:path';
import { API_ROUTES, LOCAL_DEFAULTS } from '@agency/domain';
import type { BillingReconciliation } from '@agency/domain/billing';
import { openDatabase } from '../../db/database';
import { createStripeClient, stripeConfigFromEnv } from './stripe-client';
import { formatReconciliation, reconcileMonth } from './billing-reconciliation';

// `npm run billing:reconcile -- --month YYYY-MM`: the month's ledger against Stripe's charges, refunds and
// invoices. Exits 1 when they differ. On PostgreSQL (DATABASE_URL) it reads the database; on the embedded one it
// asks the running API (which owns it), or reads it when the API is stopped.
const args = process.argv.slice(2);
const at = args.indexOf('--month');
const month = at >= 0 ? args[at + 1] : new Date().toISOString().slice(0, 7);
if (!month || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
  console.error('usage: npm run billing:reconcile -- --month YYYY-MM');
  process.exit(2);
}
/**
 * With the product running on the embedded database, the API process owns that database (PGlite is one
 * process's): the report is asked of the API (GET /api/billing-reconciliation, as the admin) instead. Undefined
 * when no API answers at API_URL, or when the database is a server (DATABASE_URL), read directly.
 */
async function fromRunningApi(): Promise<BillingReconciliation | undefined> {
  const apiUrl = process.env.API_URL;
  if (process.env.DATABASE_URL || !apiUrl) return undefined;
  const route = `${apiUrl}${API_ROUTES.billingReconciliation.path}?month=${month}`;
  try {
    await fetch(route, { signal: AbortSignal.timeout(3000) });
  } catch {
    return undefined;
  }
  const token = process.env.ADMIN_TOKEN || (await adminToken());
  const answer = await fetch(route, { headers: { authorization: `Bearer ${token}` } });
  if (!answer.ok)
    throw new Error(`The API refused the reconciliation: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as BillingReconciliation;
}

/** The admin's access token, signed in through the auth service (ADMIN_EMAIL / ADMIN_PASSWORD). */
async function adminToken(): Promise<string> {
  const { SUPABASE_URL, SUPABASE_ANON_KEY, ADMIN_EMAIL, ADMIN_PASSWORD } = process.env;
  if (!SUPABASE_URL || !SUPABASE_ANON_KEY || !ADMIN_EMAIL || !ADMIN_PASSWORD)
    throw new Error('The API is running: set ADMIN_TOKEN, or ADMIN_EMAIL and ADMIN_PASSWORD, to ask it.');
  const session = await fetch(`${SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: SUPABASE_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (!session.ok) throw new Error(`The admin could not sign in: ${session.status} ${await session.text()}`);
  return ((await session.json()) as { access_token: string }).access_token;
}

const running = await fromRunningApi();
if (running) {
  console.log(`(asked of the running API at ${process.env.API_URL})`);
  console.log(running.report);
  process.exit(running.differences.length ? 1 : 0);
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
