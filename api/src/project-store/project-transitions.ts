import { API_MESSAGES, transition, type Project, type ProjectEvent } from '@agency/domain';
import type { Database, Queryable } from '../db/database';
import type { Caller } from '../http/app-env';
import { HttpError } from '../http/http-error';
import {
  appendProjectEvent,
  findVisibleProject,
  PROJECT_COLUMNS,
  stateOf,
  toProject,
  type ProjectEventActor,
} from './project-repository';

/** Columns a transition may write besides the status fields. */
const EXTRA_COLUMNS = new Set([
  'title',
  'description',
  'tier',
  'client_name',
  'client_email',
  'company',
  'cost',
  'downpayment',
  'stripe_price_id',
  'stripe_payment_intent_id',
  'stripe_customer_id',
  'stripe_subscription_id',
  'final_payment_amount',
]);

const STATUS_COLUMNS = new Set([
  'status',
  'admin_approval_status',
  'client_approval_status',
  'overall_status',
  'is_active',
  'cancelled',
  'cancellation_reason',
]);

/** Webhooks, jobs and recovery act on any project. */
export const SYSTEM_VIEWER: Caller = { id: 'system', email: '', fullName: null, role: 'ADMIN' };

export interface ProjectTransitionRequest {
  projectId: string;
  /** Whose view of the projects applies (a client reaches only own projects); 'system' for jobs. */
  viewer: Caller | 'system';
  actor: ProjectEventActor;
  event: ProjectEvent;
  /** Columns written together with the new state. */
  columns?: (project: Project) => Record<string, unknown>;
  /** Further writes in the same transaction (queued mails, for instance). */
  alsoInTransaction?: (tx: Queryable, project: Project, previous: Project) => Promise<void>;
  details?: object;
}

/**
 * A change of status that moves no money: the shared state machine decides, the change and its event-log row
 * commit together, an invalid transition is a 409 that writes nothing, and so is a change while a money
 * operation on the project is under way (money-operations.ts).
 */
export async function applyProjectTransition(
  db: Database,
  request: ProjectTransitionRequest,
): Promise<{ previous: Project; project: Project }> {
  const viewer = request.viewer === 'system' ? SYSTEM_VIEWER : request.viewer;
  return db.transaction(async (tx) => {
    const previous = await findVisibleProject(tx, request.projectId, viewer, { forUpdate: true });
    await assertNoOpenOperation(tx, previous.id);
    const project = await writeTransition(tx, previous, request.event, request.columns?.(previous) ?? {});
    await request.alsoInTransaction?.(tx, project, previous);
    await appendProjectEvent(tx, {
      projectId: project.id,
      actor: request.actor,
      action: request.event.type,
      from: previous.status,
      to: project.status,
      details: request.details ?? {},
    });
    return { previous, project };
  });
}

/** Refuses (409) while a money operation holds the project: its outcome decides what comes next. */
export async function assertNoOpenOperation(tx: Queryable, projectId: string): Promise<void> {
  const open = await tx.query(
    `select 1 from money_operations where project_id = $1 and status in ('claimed', 'compensating') limit 1`,
    [projectId],
  );
  if (open.length) throw new HttpError(409, API_MESSAGES.operationInProgress);
}

/** Checks `event` against the state machine and writes the next state with `columns`, on a locked row. */
export async function writeTransition(
  tx: Queryable,
  previous: Project,
  event: ProjectEvent,
  columns: Record<string, unknown>,
): Promise<Project> {
  const result = transition(stateOf(previous), event);
  if (!result.ok) throw new HttpError(409, result.message);
  const { tier: _tier, ...state } = result.next;
  return updateProject(tx, previous.id, { ...state, ...columns });
}

export async function updateProject(
  tx: Queryable,
  id: string,
  changes: Record<string, unknown>,
): Promise<Project> {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  for (const [column] of entries) {
    if (!STATUS_COLUMNS.has(column) && !EXTRA_COLUMNS.has(column))
      throw new Error(`Unknown project column ${column}`);
  }
  const assignments = entries.map(([column], i) => `${column} = $${i + 2}`);
  const [row] = await tx.query<Parameters<typeof toProject>[0]>(
    `update projects set ${[...assignments, 'updated_at = now()'].join(', ')} where id = $1 returning ${PROJECT_COLUMNS}`,
    [id, ...entries.map(([, v]) => v)],
  );
  return toProject(row!);
}
