// `npm run stripe:setup`: creates (once) the Stripe products and monthly prices the subscription tiers need,
// with the lookup keys the API finds them by (tier_3_monthly, tier_4_monthly). Against your account with
// STRIPE_SECRET_KEY (test or live), or against the offline stand-in when it is unset (started by npm start).
import { spawnSync } from 'node:child_process';
import { ROOT } from '../web-server/src/apps.mjs';
import { resolveLocalEnv } from '../web-server/src/local-env.mjs';

const env = process.env.STRIPE_SECRET_KEY ? process.env : { ...process.env, ...(await resolveLocalEnv()) };
const run = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'api/src/features/payments/stripe-catalog-cli.ts'],
  { cwd: ROOT, env, stdio: 'inherit' },
);
process.exit(run.status ?? 1);
