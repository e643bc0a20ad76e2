import type { ActivityEntry } from '../activity';
import type { ProjectView } from '../project-machine';
import type { PenaltyQuoteResponse, Project, RefundOutcome } from '../records';
import type { RouteEntry } from '../route';

/** Projects: requests, their lists and counts, the admin's and the client's decisions, cancellation. */
export const PROJECT_ROUTES = {
  createProject: {
    method: 'POST',
    path: '/api/create-project',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
    body: 'createProjectSchema',
    response: {} as { id: string; project: Project },
  },
  cancelProject: {
    method: 'POST',
    path: '/api/cancel-project',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
    body: 'cancelProjectSchema',
    response: {} as RefundOutcome & {
      project: Project;
      penaltyPaymentIntentId?: string;
      penaltyAmount?: number;
    },
  },
  clientCancelPendingProject: {
    method: 'POST',
    path: '/api/client-cancel-pending-project',
    access: 'client',
    projectScoped: true,
    feature: 'core',
    body: 'clientCancelPendingSchema',
    response: {} as RefundOutcome & { project: Project },
  },
  checkPenalty: {
    method: 'POST',
    path: '/api/check-penalty',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
    body: 'projectIdSchema',
    response: {} as PenaltyQuoteResponse,
  },
  clientApproveProject: {
    method: 'POST',
    path: '/api/client-approve-project',
    access: 'client',
    projectScoped: true,
    feature: 'core',
    body: 'clientApproveSchema',
    response: {} as { project: Project },
  },
  completeProject: {
    method: 'POST',
    path: '/api/complete-project',
    access: 'admin',
    projectScoped: true,
    feature: 'core',
    body: 'projectIdSchema',
    response: {} as { project: Project },
  },
  /**
   * Without a query: every project the caller sees (deprecated). With `view`, `q`, `tier`, `sort`, `limit`: one
   * page. `total` comes with the first page (no cursor) and is null on later pages.
   */
  listProjects: {
    method: 'GET',
    path: '/api/projects',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
    query: 'projectListQuerySchema',
    response: {} as { projects: Project[]; nextCursor?: string | null; total?: number | null },
  },
  getProject: {
    method: 'GET',
    path: '/api/projects/:id',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
    response: {} as { project: Project },
  },
  /** The project's history, oldest first: who did what, when, from which status to which. */
  projectEvents: {
    method: 'GET',
    path: '/api/projects/:id/events',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
    response: {} as { events: ActivityEntry[] },
  },
  /** How many projects each view holds for the caller (the stat cards, tab counts). */
  projectCounts: {
    method: 'GET',
    path: '/api/project-counts',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
    response: {} as { counts: Record<ProjectView, number> & { completedOnly: number } },
  },
  updateProject: {
    method: 'PATCH',
    path: '/api/projects/:id',
    access: 'admin',
    projectScoped: true,
    feature: 'core',
    body: 'updateProjectSchema',
    response: {} as { project: Project },
  },
  acceptProject: {
    method: 'POST',
    path: '/api/projects/:id/accept',
    access: 'admin',
    projectScoped: true,
    feature: 'core',
    response: {} as { project: Project },
  },
  refuseProject: {
    method: 'POST',
    path: '/api/projects/:id/refuse',
    access: 'admin',
    projectScoped: true,
    feature: 'core',
    response: {} as RefundOutcome & { project: Project },
  },
  projectSubscription: {
    method: 'GET',
    path: '/api/projects/:id/subscription',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
    response: {} as { end_date: string | null },
  },
} as const satisfies Record<string, RouteEntry>;
