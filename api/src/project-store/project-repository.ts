import {
  API_MESSAGES,
  type ActivityEntry,
  type Project,
  type ProjectState,
  type TierId,
} from '@agency/domain';
import type { Database, Queryable } from '../db/database';
import type { Caller } from '../http/app-env';
import { HttpError } from '../http/http-error';

export const PROJECT_COLUMNS = `id, title, description, tier, client_id, client_name, client_email, company, cost,
  downpayment, stripe_price_id, stripe_payment_intent_id, stripe_customer_id, monthly_budget_range, timeline,
  status, admin_approval_status, client_approval_status, overall_status, is_active, cancelled,
  cancellation_reason, final_payment_amount, created_at,
  (select s.status from subscriptions s where s.project_id = projects.id) as subscription_status,
  (select json_build_object('date', c.preferred_date, 'time', c.preferred_time, 'timeZone', c.preferred_time_zone)
     from consultation_requests c
     where c.project_id = projects.id and (c.preferred_date is not null or c.preferred_time is not null)
     limit 1) as preferred_slot,
  (select max(pr.version) from proposals pr where pr.project_id = projects.id) as proposal_version,
  case when projects.client_approval_status = 'accepted' then
    (select max(ps.version) from proposal_signatures ps left join money_operations mo on mo.id = ps.operation_id
     where ps.project_id = projects.id and (mo.status is null or mo.status in ('succeeded', 'claimed')))
  end as signed_version`;

type ProjectRow = Omit<Project, 'cost' | 'downpayment' | 'final_payment_amount' | 'created_at' | 'tier'> & {
  tier: number | null;
  cost: number | string | null;
  downpayment: number | string | null;
  final_payment_amount: number | string | null;
  created_at: Date | string;
};

const money = (v: number | string | null): number | null => (v === null ? null : Number(v));

export function toProject(row: ProjectRow): Project {
  return {
    ...row,
    tier: row.tier === null ? null : (Number(row.tier) as TierId),
    cost: money(row.cost),
    downpayment: money(row.downpayment),
    final_payment_amount: money(row.final_payment_amount),
    created_at: new Date(row.created_at).toISOString(),
    proposal_version: row.proposal_version == null ? null : Number(row.proposal_version),
    signed_version: row.signed_version == null ? null : Number(row.signed_version),
  };
}

export function stateOf(p: Project): ProjectState {
  return {
    tier: p.tier,
    status: p.status,
    admin_approval_status: p.admin_approval_status,
    client_approval_status: p.client_approval_status,
    overall_status: p.overall_status,
    is_active: p.is_active,
    cancelled: p.cancelled,
    cancellation_reason: p.cancellation_reason,
  };
}

/**
 * The project as the caller may see it: the admin sees every project, a client only their own.
 * Anything else is 404, so a client cannot learn that another's project exists.
 */
export async function findVisibleProject(
  q: Queryable,
  projectId: string,
  caller: Caller | undefined,
  options: { forUpdate?: boolean } = {},
): Promise<Project> {
  // NO KEY: exclusive against every other change of the project, yet a row that references it (a document, a
  // refund, an event written by a webhook's transaction) can still be inserted meanwhile. FOR UPDATE would also
  // block those foreign-key checks, and a webhook holding the refund this change then inserts deadlocks with it.
  const lock = options.forUpdate ? ' for no key update' : '';
  const rows = UUID.test(projectId)
    ? caller?.role === 'ADMIN'
      ? await q.query<ProjectRow>(`select ${PROJECT_COLUMNS} from projects where id = $1${lock}`, [projectId])
      : caller
        ? await q.query<ProjectRow>(
            `select ${PROJECT_COLUMNS} from projects where id = $1 and client_id = $2${lock}`,
            [projectId, caller.id],
          )
        : []
    : [];
  const row = rows[0];
  if (!row) throw new HttpError(404, API_MESSAGES.projectNotFound);
  return toProject(row);
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function listVisibleProjects(db: Database, caller: Caller): Promise<Project[]> {
  const isAdmin = caller.role === 'ADMIN';
  return db.readThrough(isAdmin ? 'projects:all' : `projects:${caller.id}`, async () => {
    const rows = isAdmin
      ? await db.query<ProjectRow>(`select ${PROJECT_COLUMNS} from projects order by created_seq desc`)
      : await db.query<ProjectRow>(
          `select ${PROJECT_COLUMNS} from projects where client_id = $1 order by created_seq desc`,
          [caller.id],
        );
    return rows.map(toProject);
  });
}

/** Columns a new project may be created with; status fields always start as a new project. */
export interface NewProject {
  title: string;
  description: string;
  tier: number | null;
  client_id: string | null;
  client_name: string;
  client_email: string;
  company?: string | null;
  cost?: number | null;
  downpayment?: number | null;
  stripe_price_id?: string | null;
  stripe_payment_intent_id?: string | null;
  stripe_customer_id?: string | null;
  monthly_budget_range?: string | null;
  timeline?: string | null;
}

export async function insertProject(q: Queryable, p: NewProject): Promise<Project> {
  const [row] = await q.query<ProjectRow>(
    `insert into projects (title, description, tier, client_id, client_name, client_email, company, cost, downpayment,
       stripe_price_id, stripe_payment_intent_id, stripe_customer_id, monthly_budget_range, timeline)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     returning ${PROJECT_COLUMNS}`,
    [
      p.title,
      p.description,
      p.tier,
      p.client_id,
      p.client_name,
      p.client_email,
      p.company ?? null,
      p.cost ?? null,
      p.downpayment ?? null,
      p.stripe_price_id ?? null,
      p.stripe_payment_intent_id ?? null,
      p.stripe_customer_id ?? null,
      p.monthly_budget_range ?? null,
      p.timeline ?? null,
    ],
  );
  return toProject(row!);
}

export interface ProjectEventActor {
  id: string | null;
  /** ADMIN, CLIENT, or SYSTEM for changes driven by a payment provider's event. */
  role: string;
}

export async function appendProjectEvent(
  q: Queryable,
  e: {
    projectId: string;
    actor: ProjectEventActor;
    action: string;
    from: string | null;
    to: string | null;
    details?: object;
  },
): Promise<void> {
  await q.query(
    `insert into project_events (project_id, actor_id, actor_role, action, from_status, to_status, details)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [e.projectId, e.actor.id, e.actor.role, e.action, e.from, e.to, JSON.stringify(e.details ?? {})],
  );
}

/** A row of the event log as the timeline and the bell read it (joined with the actor's profile). */
export interface EventRow {
  id: number;
  action: string;
  actor_role: string;
  actor_name: string | null;
  from_status: string | null;
  to_status: string | null;
  at: Date | string;
  details: Record<string, unknown>;
}

/** The columns of an EventRow, for `project_events e left join profiles a on a.id = e.actor_id`. */
export const EVENT_COLUMNS =
  'e.id::int as id, e.action, e.actor_role, a.full_name as actor_name, e.from_status, e.to_status, e.at, e.details';

/** What the timeline may show of an event's details: amounts and titles, never ids of Stripe objects or operations. */
const PUBLIC_DETAILS = [
  'title',
  'from',
  'to',
  'board',
  'amount',
  'refundAmount',
  'refundIssued',
  'penaltyAmount',
  'changes',
  // A message's id (issue 34): a notification about it opens the conversation on it.
  'messageId',
];

export function toActivityEntry(row: EventRow): ActivityEntry {
  return {
    id: row.id,
    action: row.action,
    actorRole: row.actor_role,
    actorName: row.actor_name,
    from: row.from_status,
    to: row.to_status,
    at: new Date(row.at).toISOString(),
    details: Object.fromEntries(
      Object.entries(row.details ?? {}).filter(([key]) => PUBLIC_DETAILS.includes(key)),
    ),
  };
}
