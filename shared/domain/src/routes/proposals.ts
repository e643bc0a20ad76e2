import type { ProposalView } from '../proposals';
import type { Project } from '../records';
import type { RouteEntry } from '../route';

/** Proposals the admin sends and the client signs, and the signed agreement (issue 33). */
export const PROPOSAL_ROUTES = {
  /** The admin sends a proposal (accepting the request) or revises it: each call makes a new version. */
  sendProposal: {
    method: 'POST',
    path: '/api/projects/:id/proposal',
    access: 'admin',
    projectScoped: true,
    feature: 'core',
    body: 'sendProposalSchema',
    response: {} as { project: Project; proposal: ProposalView },
  },
  /** The latest version (the admin also gets the history), with its signature once signed; null before sending. */
  getProposal: {
    method: 'GET',
    path: '/api/projects/:id/proposal',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
    response: {} as { proposal: ProposalView | null },
  },
  /** The signed agreement as a PDF (application/pdf); 404 until signed. */
  agreementPdf: {
    method: 'GET',
    path: '/api/projects/:id/agreement.pdf',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
    response: {} as never,
  },
} as const satisfies Record<string, RouteEntry>;
