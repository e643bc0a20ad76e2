// `npm run billing:reconcile -- --month YYYY-MM`: prints any difference between the ledger and Stripe's charges,
// refunds and invoices of a month (exit 1 when there is one). Against your account and DATABASE_URL when set, else
// against the offline stand-in and the embedded database (asked of the running `npm start` API, which owns it).
import { spawnSync } from 'node:child_process';
import { ROOT } from '../web-server/src/apps.mjs';
import { resolveLocalEnv } from '../web-server/src/local-env.mjs';

const env = process.env.STRIPE_SECRET_KEY ? process.env : { ...process.env, ...(await resolveLocalEnv()) };
const run = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'api/src/features/payments/billing-reconcile-cli.ts', ...process.argv.slice(2)],
  { cwd: ROOT, env, stdio: 'inherit' },
);
process.exit(run.status ?? 1);
