import type { FeatureDeps } from './feature-deps';
import type { Mailer } from './mail/mailer';
import type { StripePayments } from './features/payments/stripe-payments';
import { createPurchases, type Purchases } from './features/payments/purchases';
import { createStripeEvents, type StripeEvents } from './features/payments/stripe-events';
import { createMoneyOperations, type MoneyDeps, type MoneyOperations } from './money/money-operations';
import { MONEY_PLANS } from './money/money-plans';
import {
  createMoneyReconciliation,
  type MoneyReconciliation,
} from './features/payments/money-reconciliation';
import { createLiveHub, type LiveHub } from './features/live/live-hub';
import { createConversationMail, type ConversationMail } from './features/conversations/conversation-mail';
import type { UserDirectory } from './features/users/user-directory';
import type { SecondFactorPolicy } from './features/users/admin-second-factor';
import type { Metrics } from './ops/metrics';
import type { Lifecycle } from './ops/ops-routes';
import type { Settings } from './settings';
import type { FileStorage } from './features/files/file-storage';

/** The app's configuration: the settings features read (settings.ts) and the app's own. */
export interface AppConfig extends Settings {
  /** Two-factor sign-in for admin routes (features/users/admin-second-factor.ts); unset: not checked. */
  adminSecondFactor?: SecondFactorPolicy;
  /** POST /ops/test-clock/run (ops/test-clock.ts): only outside production (config.ts); unset: not served. */
  testClock?: boolean;
}

/** Everything the routes depend on, passed in so tests can swap the outside world (payments, mail). */
export interface AppDeps extends FeatureDeps {
  /** The Stripe module itself when Stripe is configured: purchases, webhooks and reports need more than `Payments`. */
  stripe?: StripePayments | undefined;
  mailer: Mailer;
  users: UserDirectory;
  config: AppConfig;
  /** Health, readiness and metrics (ops/ops-routes.ts). */
  ops: {
    metrics: Metrics;
    lifecycle: Lifecycle;
    migrationsDir: string;
    metricsToken: string | null | undefined;
  };
  /** Supabase Storage's private bucket of project files (features/files). */
  fileStorage: FileStorage;
  /** Fault injection for failure tests (never set in production). */
  moneyFaults?: MoneyDeps['faults'];
}

/** The product's services, created once per process and shared by the routes and the job workers. */
export interface AppServices {
  money: MoneyOperations;
  /** Pushes project changes to open dashboards; start() it before serving. */
  live: LiveHub;
  purchases?: Purchases | undefined;
  stripeEvents?: StripeEvents | undefined;
  reconciliation?: MoneyReconciliation | undefined;
  /** Issue 34: the unseen-message e-mails and the daily ticket digest (jobs on a schedule). */
  conversationMail?: ConversationMail;
}

export function createServices(deps: AppDeps): AppServices {
  const money = createMoneyOperations(
    {
      db: deps.db,
      payments: deps.payments,
      jobs: deps.jobs,
      logger: deps.logger.child({ module: 'money' }),
      config: deps.config,
      faults: deps.moneyFaults,
      onOutcome: (kind, outcome) => deps.ops.metrics.moneyOperation(kind, outcome),
    },
    MONEY_PLANS,
  );
  const live = createLiveHub({ db: deps.db, logger: deps.logger.child({ module: 'live' }) });
  const conversationMail = createConversationMail({
    db: deps.db,
    jobs: deps.jobs,
    config: deps.config,
    logger: deps.logger.child({ module: 'conversations' }),
  });
  if (!deps.stripe) return { money, live, conversationMail };
  const logger = deps.logger.child({ module: 'payments' });
  const purchases = createPurchases({
    db: deps.db,
    stripe: deps.stripe,
    jobs: deps.jobs,
    config: deps.config,
    logger,
    findProfileIdByEmail: (q, email) => deps.users.findProfileIdByEmail(q, email),
  });
  const stripeEvents = createStripeEvents({
    db: deps.db,
    stripe: deps.stripe,
    purchases,
    jobs: deps.jobs,
    config: deps.config,
    logger,
  });
  const reconciliation = createMoneyReconciliation({
    db: deps.db,
    stripe: deps.stripe.stripe,
    jobs: deps.jobs,
    logger,
    config: deps.config,
  });
  return { money, live, purchases, stripeEvents, reconciliation, conversationMail };
}
