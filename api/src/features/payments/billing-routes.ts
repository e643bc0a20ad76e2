import { Hono } from 'hono';
import {
  API_MESSAGES,
  fromCents,
  isFixedPriceTier,
  isSubscriptionTier,
  TIER4_MINIMUM_TERM_MONTHS,
  type Project,
} from '@agency/domain';
import {
  BILLING_API_MESSAGES,
  type BillingDetails,
  type BillingOverview,
  type SavedCard,
  type UpcomingCharge,
} from '@agency/domain/billing';
import type { FeatureDeps } from '../../feature-deps';
import type { Queryable } from '../../db/database';
import type { AppEnv } from '../../http/app-env';
import { defineRoute } from '../../http/define-route';
import { HttpError } from '../../http/http-error';
import { clientDocuments, findDocument } from '../../money/billing-documents';
import { projectPaymentHistory } from '../../money/payment-ledger';
import { currentMonth, ledgerCsv, ledgerEntries, revenueReport } from '../../money/revenue-report';
import {
  DEFAULT_SELLER,
  documentFileName,
  renderBillingDocument,
} from '../../documents/billing-document-pdf';
import { findVisibleProject } from '../../project-store/project-repository';
import { SYSTEM_VIEWER } from '../../project-store/project-transitions';
import { balanceDue } from './balance';
import { formatReconciliation, reconcileMonth } from './billing-reconciliation';
import type { StripePayments } from './stripe-payments';

const mounted = { mountedAt: '/api' };

export async function billingDetailsOf(q: Queryable, userId: string): Promise<BillingDetails | null> {
  const [row] = await q.query<{
    name: string;
    company: string | null;
    address: string;
    tax_id: string | null;
  }>('select name, company, address, tax_id from billing_details where user_id = $1', [userId]);
  return row ? { name: row.name, company: row.company, address: row.address, taxId: row.tax_id } : null;
}

export async function savedCardOf(q: Queryable, userId: string): Promise<SavedCard | null> {
  const [row] = await q.query<{
    brand: string;
    last4: string;
    exp_month: number | null;
    exp_year: number | null;
    stripe_payment_method_id: string;
  }>(
    'select brand, last4, exp_month, exp_year, stripe_payment_method_id from saved_cards where user_id = $1',
    [userId],
  );
  return row
    ? {
        brand: row.brand,
        last4: row.last4,
        expMonth: row.exp_month,
        expYear: row.exp_year,
        paymentMethodId: row.stripe_payment_method_id,
      }
    : null;
}

/** The same day `months` later (UTC), as Stripe counts a monthly billing cycle. */
function addMonths(at: string, months: number): string {
  const date = new Date(at);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.toISOString();
}

interface ClientSubscription {
  status: string;
  monthlyCost: number | null;
  startDate: string | null;
  endDate: string | null;
}

async function listProjectsOfClient(
  q: Queryable,
  clientId: string,
): Promise<Array<{ project: Project; subscription: ClientSubscription | null }>> {
  const rows = await q.query<{
    id: string;
    status: string | null;
    monthly_cost: string | number | null;
    start_date: Date | string | null;
    end_date: Date | string | null;
  }>(
    `select p.id, s.status, s.monthly_cost, s.start_date, s.end_date
       from projects p left join subscriptions s on s.project_id = p.id
      where p.client_id = $1 and not p.cancelled and p.status not in ('refused', 'completed')
      order by p.created_at`,
    [clientId],
  );
  const iso = (at: Date | string | null) => (at ? new Date(at).toISOString() : null);
  return Promise.all(
    rows.map(async (row) => ({
      project: await findVisibleProject(q, row.id, SYSTEM_VIEWER),
      subscription: row.status
        ? {
            status: row.status,
            monthlyCost: row.monthly_cost === null ? null : Number(row.monthly_cost),
            startDate: iso(row.start_date),
            endDate: iso(row.end_date),
          }
        : null,
    })),
  );
}

/** A subscription's next charge and minimum-term end; a fixed-price project's balance. */
async function upcomingCharges(q: Queryable, clientId: string): Promise<UpcomingCharge[]> {
  const projects = await listProjectsOfClient(q, clientId);
  const upcoming: UpcomingCharge[] = [];
  for (const { project, subscription } of projects) {
    const tier = project.tier ?? 0;
    if (isSubscriptionTier(tier) && subscription && subscription.status !== 'cancelled') {
      const failed = balanceDue(project, await projectPaymentHistory(q, project.id));
      upcoming.push({
        projectId: project.id,
        projectTitle: project.title,
        kind: 'subscription',
        nextChargeAt: subscription.endDate,
        amount: (subscription.monthlyCost ?? 0) + failed,
        minimumTermEndsAt:
          tier === 4 && subscription.startDate
            ? addMonths(subscription.startDate, TIER4_MINIMUM_TERM_MONTHS)
            : null,
        finalPaymentDue: false,
      });
    } else if (isFixedPriceTier(tier) && project.status !== 'completed') {
      const balance = balanceDue(project, await projectPaymentHistory(q, project.id));
      if (balance > 0)
        upcoming.push({
          projectId: project.id,
          projectTitle: project.title,
          kind: 'balance',
          nextChargeAt: null,
          amount: balance,
          minimumTermEndsAt: null,
          finalPaymentDue: project.status === 'pending_final_payment',
        });
    }
  }
  return upcoming;
}

/**
 * The billing centre (issue 35): the client's billing details, invoices and credit notes (PDF), what is coming
 * and the saved card; for the admin, the month's revenue report and the ledger as CSV.
 */
export function billingRoutes(
  deps: FeatureDeps,
  { stripe }: { stripe?: StripePayments | undefined },
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db } = deps;

  defineRoute(
    app,
    'billingOverview',
    async ({ caller }): Promise<BillingOverview> => {
      const [details, documents, upcoming, savedCard] = await Promise.all([
        billingDetailsOf(db, caller.id),
        clientDocuments(db, caller.id),
        upcomingCharges(db, caller.id),
        savedCardOf(db, caller.id),
      ]);
      return {
        details,
        documents: documents.map((d) => ({
          id: d.id,
          kind: d.kind,
          number: d.number,
          issuedAt: d.issuedAt,
          amount: fromCents(d.amountCents),
          projectTitle: d.projectTitle,
          invoiceNumber: d.invoiceNumber,
          cardLast4: d.cardLast4,
        })),
        upcoming,
        savedCard,
      };
    },
    mounted,
  );

  defineRoute(
    app,
    'updateBillingDetails',
    async ({ caller, readBody }) => {
      const body = await readBody();
      const optional = (value: string | null | undefined) => value?.trim() || null;
      const details: BillingDetails = {
        name: body.name.trim(),
        company: optional(body.company),
        address: body.address.trim(),
        taxId: optional(body.taxId),
      };
      await db.query(
        `insert into billing_details (user_id, name, company, address, tax_id) values ($1, $2, $3, $4, $5)
         on conflict (user_id) do update set name = excluded.name, company = excluded.company,
           address = excluded.address, tax_id = excluded.tax_id, updated_at = now()`,
        [caller.id, details.name, details.company, details.address, details.taxId],
      );
      return { details };
    },
    mounted,
  );

  defineRoute(
    app,
    'billingDocumentPdf',
    async ({ c, caller }) => {
      // A client sees the documents of their own projects; anyone else's is not found (404), as a project is.
      const document = await findDocument(
        db,
        c.req.param('id') ?? '',
        caller.role === 'ADMIN' ? undefined : caller.id,
      );
      if (!document) throw new HttpError(404, BILLING_API_MESSAGES.documentNotFound);
      const pdf = await renderBillingDocument(document, deps.config.seller ?? DEFAULT_SELLER);
      // The file itself, as the signed agreement is (through c.body, which keeps the CORS headers).
      return c.body(new Uint8Array(pdf), 200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${documentFileName(document)}"`,
        'cache-control': 'private, no-store',
      });
    },
    mounted,
  );

  defineRoute(
    app,
    'saveCard',
    async ({ caller, readBody }) => {
      const body = await readBody();
      if (!stripe) throw new HttpError(503, API_MESSAGES.paymentsNotConfigured);
      const savedCard = await stripe.saveCard(
        { id: caller.id, email: caller.email, name: caller.fullName },
        body.paymentMethodId,
      );
      return { savedCard };
    },
    mounted,
  );

  defineRoute(
    app,
    'revenueReport',
    async ({ readQuery }) => revenueReport(db, (await readQuery()).month ?? currentMonth()),
    mounted,
  );

  defineRoute(
    app,
    'ledgerExport',
    async ({ readQuery }) => {
      const month = (await readQuery()).month ?? currentMonth();
      return { fileName: `ledger-${month}.csv`, csv: ledgerCsv(await ledgerEntries(db, month)) };
    },
    mounted,
  );

  defineRoute(
    app,
    'billingReconciliation',
    async ({ readQuery }) => {
      const month = (await readQuery()).month ?? currentMonth();
      if (!stripe) throw new HttpError(503, API_MESSAGES.paymentsNotConfigured);
      const books = await reconcileMonth(db, stripe.stripe, month);
      return { ...books, report: formatReconciliation(books) };
    },
    mounted,
  );

  return app;
}
