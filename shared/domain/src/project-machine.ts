import { isFixedPriceTier } from './tiers';
import { PROJECT_TRANSITION_MESSAGES as M } from './messages/project-messages';
import { PROJECT_STATUS_LABELS, type ProjectState, type ProjectViewer } from './project-status';

/**
 * The one project state machine (spec section 4). The server applies it inside a transaction;
 * the portals use the labels and list predicates below to show the same truth.
 */
export type ProjectEvent =
  | { type: 'admin_accept' }
  | { type: 'admin_edit' }
  | { type: 'admin_refuse' }
  | { type: 'client_accept' }
  | { type: 'client_refuse' }
  | { type: 'complete' }
  | { type: 'final_payment_succeeded' }
  | { type: 'cancel_by_admin'; reason?: string | null }
  | { type: 'cancel_by_client'; reason?: string | null }
  | { type: 'client_cancel_pending'; reason: string };

export type ProjectEventType = ProjectEvent['type'];

export type TransitionResult = { ok: true; next: ProjectState } | { ok: false; message: string };

const refuse = (message: string): TransitionResult => ({ ok: false, message });

/** Admin, client and overall approval all accepted. */
export function isFullyAccepted(p: ProjectState): boolean {
  return (
    p.admin_approval_status === 'accepted' &&
    p.client_approval_status === 'accepted' &&
    p.overall_status === 'accepted'
  );
}

/** Active: all three accepted, neither completed nor awaiting the final payment, not cancelled. */
export function isActiveProject(p: ProjectState): boolean {
  return (
    isFullyAccepted(p) && !p.cancelled && p.status !== 'completed' && p.status !== 'pending_final_payment'
  );
}

/** Still in the queue: no side has refused and the client has not accepted yet. */
export function isPendingProject(p: ProjectState): boolean {
  return !p.cancelled && p.status === 'pending' && p.overall_status === 'pending';
}

export function isAwaitingClientApproval(p: ProjectState): boolean {
  return (
    isPendingProject(p) && p.admin_approval_status === 'accepted' && p.client_approval_status === 'pending'
  );
}

export function isRefusedProject(p: ProjectState): boolean {
  return p.status === 'refused' || p.overall_status === 'refused';
}

export function transition(project: ProjectState, event: ProjectEvent): TransitionResult {
  if (project.cancelled) return refuse(M.cancelled);
  const p = project;
  switch (event.type) {
    case 'admin_accept':
      if (!isPendingProject(p)) return refuse(M.notPendingForAdmin);
      if (p.admin_approval_status === 'accepted') return refuse(M.alreadyAcceptedByAdmin);
      return ok(p, {
        status: 'pending',
        admin_approval_status: 'accepted',
        overall_status: 'pending',
        is_active: false,
      });
    case 'admin_edit':
      if (isFullyAccepted(p)) return refuse(M.editBlocked);
      if (!isPendingProject(p)) return refuse(M.editClosed);
      return ok(p, {});
    case 'admin_refuse':
      if (!isPendingProject(p)) return refuse(M.notPendingForAdmin);
      return ok(p, {
        status: 'refused',
        admin_approval_status: 'refused',
        overall_status: 'refused',
        is_active: false,
      });
    case 'client_accept':
      if (!isAwaitingClientApproval(p)) return refuse(M.notAwaitingClient);
      return ok(p, {
        status: 'active',
        client_approval_status: 'accepted',
        overall_status: 'accepted',
        is_active: true,
      });
    case 'client_refuse':
      if (!isAwaitingClientApproval(p)) return refuse(M.notAwaitingClient);
      return ok(p, { status: 'refused', overall_status: 'refused', is_active: false });
    case 'complete':
      if (!isActiveProject(p)) return refuse(M.notActive);
      return isFixedPriceTier(p.tier ?? 0)
        ? ok(p, { status: 'pending_final_payment' })
        : ok(p, { status: 'completed', is_active: false });
    case 'final_payment_succeeded':
      if (p.status !== 'pending_final_payment') return refuse(M.notPendingFinalPayment);
      return ok(p, { status: 'completed', is_active: false });
    case 'cancel_by_admin':
    case 'cancel_by_client':
      if (!isActiveProject(p)) return refuse(M.notActive);
      return ok(p, { cancelled: true, is_active: false, cancellation_reason: clean(event.reason) });
    case 'client_cancel_pending': {
      if (!isPendingProject(p)) return refuse(M.notPendingForClientCancel);
      const reason = clean(event.reason);
      if (!reason) return refuse(M.reasonRequired);
      return ok(p, {
        status: 'refused',
        overall_status: 'refused',
        is_active: false,
        cancelled: true,
        cancellation_reason: reason,
      });
    }
  }
}

function ok(p: ProjectState, changes: Partial<ProjectState>): TransitionResult {
  return { ok: true, next: { ...p, ...changes } };
}

function clean(reason: string | null | undefined): string | null {
  const trimmed = reason?.trim();
  return trimmed ? trimmed : null;
}

/** The badge text of a project (spec section 4, status labels). */
export function statusLabel(p: ProjectState, viewer: ProjectViewer): string {
  if (p.cancelled) return PROJECT_STATUS_LABELS.canceled;
  if (p.status === 'completed') return PROJECT_STATUS_LABELS.completed;
  if (p.status === 'pending_final_payment') return PROJECT_STATUS_LABELS.pendingFinalPayment;
  if (isActiveProject(p)) return PROJECT_STATUS_LABELS.active;
  if (isRefusedProject(p)) return PROJECT_STATUS_LABELS.refused;
  if (isAwaitingClientApproval(p)) {
    return viewer === 'admin'
      ? PROJECT_STATUS_LABELS.awaitingClientApproval
      : PROJECT_STATUS_LABELS.awaitingYourApproval;
  }
  return p.status.charAt(0).toUpperCase() + p.status.slice(1);
}

/**
 * Completed, or cancelled once it had started (shown as Canceled). A request withdrawn while still pending is
 * refused as well as cancelled: it is listed once, under Refused/Rejected, never under Completed too. The admin's
 * Completed stat card counts this same list.
 */
const isCompletedOrCanceled = (p: ProjectState) =>
  p.status === 'completed' || (p.cancelled && !isRefusedProject(p));
const isAwaitingFinalPayment = (p: ProjectState) => p.status === 'pending_final_payment' && !p.cancelled;
/**
 * Completed for real, cancelled projects left out. Only for GET /api/project-counts' `completedOnly`, which admin
 * releases built before the stat card counted the Completed tab still read.
 */
export const isCompletedProject = (p: ProjectState) => p.status === 'completed' && !p.cancelled;

/**
 * The lists the portals show, by name: the server filters with the same rules in SQL (api project-views.ts,
 * tested equal to these) so a list can be paged without loading every project.
 */
export const PROJECT_VIEWS = {
  pending: isPendingProject,
  active: isActiveProject,
  completed: isCompletedOrCanceled,
  refused: isRefusedProject,
  finalPayment: isAwaitingFinalPayment,
} as const;
export type ProjectView = keyof typeof PROJECT_VIEWS;

/** Client dashboard tabs. Cancelled projects show as Canceled under Completed, and also under Rejected when refused. */
export const CLIENT_TAB_VIEWS = {
  pending: 'pending',
  active: 'active',
  completed: 'completed',
  rejected: 'refused',
  finalPayment: 'finalPayment',
} as const satisfies Record<string, ProjectView>;

/** Admin dashboard tabs and stat cards. */
export const ADMIN_TAB_VIEWS = {
  queue: 'pending',
  active: 'active',
  pendingFinalPayment: 'finalPayment',
  completed: 'completed',
  refused: 'refused',
} as const satisfies Record<string, ProjectView>;

export type ClientProjectTab = keyof typeof CLIENT_TAB_VIEWS;
export type AdminProjectTab = keyof typeof ADMIN_TAB_VIEWS;

const predicatesOf = <T extends Record<string, ProjectView>>(views: T) =>
  Object.fromEntries(Object.entries(views).map(([tab, view]) => [tab, PROJECT_VIEWS[view]])) as {
    [K in keyof T]: (p: ProjectState) => boolean;
  };

export const CLIENT_PROJECT_TABS = predicatesOf(CLIENT_TAB_VIEWS);
export const ADMIN_PROJECT_TABS = predicatesOf(ADMIN_TAB_VIEWS);
