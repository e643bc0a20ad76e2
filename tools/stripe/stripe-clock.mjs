// Make time pass for a project's subscription: Stripe's test clocks (test mode only). The product starts
// each subscription on a clock of its own when test clocks are on (offline by default, STRIPE_TEST_CLOCKS=1
// with a Stripe test key); advancing it bills the renewals the way Stripe would, webhooks included.
//
//   npm run stripe:clock -- advance <project-id> [--months 1]
//   npm run stripe:clock -- show <project-id>
import Stripe from 'stripe';

/** The official SDK pointed at STRIPE_API_URL (the offline stand-in) when set, else at Stripe. */
export function stripeClient({ apiUrl, secretKey }) {
  if (!apiUrl) return new Stripe(secretKey);
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: Number(url.port || (protocol === 'https' ? 443 : 80)),
    protocol,
  });
}

/** The live (or last) subscription Stripe holds for a project (metadata.project_id). */
export async function subscriptionOfProject(stripe, projectId) {
  const matches = [];
  for await (const subscription of stripe.subscriptions.list({ status: 'all', limit: 100 })) {
    if (subscription.metadata?.project_id === projectId) matches.push(subscription);
  }
  return matches.find((s) => s.status !== 'canceled') ?? matches[0];
}

const addMonths = (unixSeconds, months) => {
  const date = new Date(unixSeconds * 1000);
  const day = date.getUTCDate();
  date.setUTCMonth(date.getUTCMonth() + months);
  if (date.getUTCDate() < day) date.setUTCDate(0);
  return Math.floor(date.getTime() / 1000);
};

/** Advances the project's clock by whole months (plus an hour, past the renewal itself). */
export async function advanceProjectClock({ apiUrl, secretKey, projectId, months = 1 }) {
  const stripe = stripeClient({ apiUrl, secretKey });
  const subscription = await subscriptionOfProject(stripe, projectId);
  if (!subscription) throw new Error(`No Stripe subscription belongs to project ${projectId}.`);
  if (!subscription.test_clock)
    throw new Error(`The subscription of project ${projectId} runs on real time (no test clock).`);
  const clockId =
    typeof subscription.test_clock === 'string' ? subscription.test_clock : subscription.test_clock.id;
  const clock = await stripe.testHelpers.testClocks.retrieve(clockId);
  return stripe.testHelpers.testClocks.advance(clockId, {
    frozen_time: addMonths(clock.frozen_time, months) + 3600,
  });
}

async function main(argv) {
  const [command, projectId, ...rest] = argv;
  const monthsAt = rest.indexOf('--months');
  const months = monthsAt >= 0 ? Number(rest[monthsAt + 1]) : 1;
  if (!['advance', 'show'].includes(command) || !projectId || !Number.isInteger(months) || months < 1) {
    console.error('usage: npm run stripe:clock -- advance <project-id> [--months N] | show <project-id>');
    process.exit(2);
  }
  const { resolveLocalEnv } = await import('../../web-server/src/local-env.mjs');
  const env = await resolveLocalEnv();
  const options = { apiUrl: env.STRIPE_API_URL, secretKey: env.STRIPE_SECRET_KEY };
  const print = (clock) =>
    console.log(`${clock.id}: ${new Date(clock.frozen_time * 1000).toISOString()} (${clock.status})`);
  if (command === 'show') {
    const subscription = await subscriptionOfProject(stripeClient(options), projectId);
    if (!subscription?.test_clock)
      throw new Error(`No subscription on a test clock for project ${projectId}.`);
    print(await stripeClient(options).testHelpers.testClocks.retrieve(subscription.test_clock));
    return;
  }
  print(await advanceProjectClock({ ...options, projectId, months }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
