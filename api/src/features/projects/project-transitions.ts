import { transition, type Project, type ProjectEvent } from '@agency/domain';
import type { Database, Queryable } from '../../db/database';
import type { Caller } from '../../http/app-env';
import { HttpError } from '../../http/http-error';
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

export interface ProjectTransitionRequest<Effect> {
  projectId: string;
  /** Whose view of the projects applies (a client reaches only own projects); 'system' for webhooks. */
  viewer: Caller | 'system';
  actor: ProjectEventActor;
  event: ProjectEvent;
  /**
   * A money step (refund, subscription) run after the transition is known to be valid and before anything
   * is written. When it throws, nothing is written.
   */
  before?: (project: Project) => Promise<Effect>;
  /** Columns written together with the new state. */
  columns?: (project: Project, effect: Effect) => Record<string, unknown>;
  /** Further writes in the same transaction. */
  alsoInTransaction?: (tx: Queryable, project: Project, effect: Effect) => Promise<void>;
  details?: (effect: Effect) => object;
}

export interface ProjectTransitionOutcome<Effect> {
  previous: Project;
  project: Project;
  effect: Effect;
}

/**
 * The only way a project changes status: the shared state machine decides, the change and its event-log
 * row commit together, and an invalid transition is a 409 that writes nothing.
 */
export async function applyProjectTransition<Effect = undefined>(
  db: Database,
  request: ProjectTransitionRequest<Effect>,
): Promise<ProjectTransitionOutcome<Effect>> {
  const viewer = request.viewer === 'system' ? SYSTEM_VIEWER : request.viewer;
  const initial = await findVisibleProject(db, request.projectId, viewer);
  const check = transition(stateOf(initial), request.event);
  if (!check.ok) throw new HttpError(409, check.message);

  const effect = request.before ? await request.before(initial) : (undefined as Effect);

  return db.transaction(async (tx) => {
    const previous = await findVisibleProject(tx, request.projectId, viewer, { forUpdate: true });
    const result = transition(stateOf(previous), request.event);
    if (!result.ok) throw new HttpError(409, result.message);
    const { tier: _tier, ...state } = result.next;
    const project = await updateProject(tx, previous.id, {
      ...state,
      ...request.columns?.(previous, effect),
    });
    await request.alsoInTransaction?.(tx, project, effect);
    await appendProjectEvent(tx, {
      projectId: project.id,
      actor: request.actor,
      action: request.event.type,
      from: previous.status,
      to: project.status,
      details: request.details?.(effect) ?? {},
    });
    return { previous, project, effect };
  });
}

/** Webhooks act on any project. */
const SYSTEM_VIEWER: Caller = { id: 'system', email: '', fullName: null, role: 'ADMIN' };

const STATUS_COLUMNS = new Set([
  'status',
  'admin_approval_status',
  'client_approval_status',
  'overall_status',
  'is_active',
  'cancelled',
  'cancellation_reason',
]);

async function updateProject(tx: Queryable, id: string, changes: Record<string, unknown>): Promise<Project> {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  for (const [column] of entries) {
    if (!STATUS_COLUMNS.has(column) && !EXTRA_COLUMNS.has(column)) throw new Error(`Unknown project column ${column}`);
  }
  const assignments = entries.map(([column], i) => `${column} = $${i + 2}`);
  const [row] = await tx.query<Parameters<typeof toProject>[0]>(
    `update projects set ${[...assignments, 'updated_at = now()'].join(', ')} where id = $1 returning ${PROJECT_COLUMNS}`,
    [id, ...entries.map(([, v]) => v)],
  );
  return toProject(row!);
}
