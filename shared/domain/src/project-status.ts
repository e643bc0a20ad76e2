/** Project and ticket statuses of spec sections 3 and 4. */
export const PROJECT_STATUSES = [
  'pending',
  'accepted',
  'refused',
  'completed',
  'pending_final_payment',
  'active',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const ADMIN_APPROVAL_STATUSES = ['pending', 'accepted', 'refused'] as const;
export type AdminApprovalStatus = (typeof ADMIN_APPROVAL_STATUSES)[number];

export const CLIENT_APPROVAL_STATUSES = ['pending', 'accepted'] as const;
export type ClientApprovalStatus = (typeof CLIENT_APPROVAL_STATUSES)[number];

/** overall_status uses the project status vocabulary (pending, accepted, refused, ...). */
export type OverallStatus = ProjectStatus;

/** The status part of a project: everything the state machine reads and writes. */
export interface ProjectState {
  tier: number | null;
  status: ProjectStatus;
  admin_approval_status: AdminApprovalStatus;
  client_approval_status: ClientApprovalStatus;
  overall_status: OverallStatus;
  is_active: boolean;
  cancelled: boolean;
  cancellation_reason: string | null;
}

export const NEW_PROJECT_STATE: Omit<ProjectState, 'tier'> = {
  status: 'pending',
  admin_approval_status: 'pending',
  client_approval_status: 'pending',
  overall_status: 'pending',
  is_active: false,
  cancelled: false,
  cancellation_reason: null,
};

export type ProjectViewer = 'admin' | 'client';

export const PROJECT_STATUS_LABELS = {
  canceled: 'Canceled',
  completed: 'Completed',
  pendingFinalPayment: 'Pending Final Payment',
  active: 'Active',
  refused: 'Refused',
  awaitingClientApproval: 'Awaiting Client Approval',
  awaitingYourApproval: 'Awaiting Your Approval',
} as const;

export const TICKET_STATUSES = ['not-started', 'in-progress', 'in-review', 'done'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  'not-started': 'Not Started',
  'in-progress': 'In Progress',
  'in-review': 'In Review',
  done: 'Done',
};

/** The next column of the board, or undefined when the ticket is done. */
export function nextTicketStatus(status: TicketStatus): TicketStatus | undefined {
  return TICKET_STATUSES[TICKET_STATUSES.indexOf(status) + 1];
}

export const BOARD_TYPES = ['main', 'maintenance'] as const;
export type BoardType = (typeof BOARD_TYPES)[number];

/** Who a new ticket is assigned to when the admin leaves the field empty. */
export const DEFAULT_TICKET_ASSIGNEE = 'Lead Engineer';

export const ROLES = ['ADMIN', 'CLIENT'] as const;
export type Role = (typeof ROLES)[number];

/** Any stored value other than ADMIN is a client (spec section 3). */
export function normaliseRole(value: unknown): Role {
  return value === 'ADMIN' ? 'ADMIN' : 'CLIENT';
}

/** Rejected (client) and Refused (admin) project lists show this many per page (spec section 9). */
export const REFUSED_PAGE_SIZE = 10;
