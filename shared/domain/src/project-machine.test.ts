import {
  ADMIN_PROJECT_TABS,
  CLIENT_PROJECT_TABS,
  statusLabel,
  transition,
  type ProjectEvent,
  type ProjectEventType,
} from './project-machine';
import { PROJECT_TRANSITION_MESSAGES as M } from './messages/project-messages';
import { NEW_PROJECT_STATE, type ProjectState } from './project-status';

const state = (tier: number | null, changes: Partial<ProjectState> = {}): ProjectState => ({
  ...NEW_PROJECT_STATE,
  tier,
  ...changes,
});

const accepted = {
  admin_approval_status: 'accepted',
  client_approval_status: 'accepted',
  overall_status: 'accepted',
} as const;

const STATES = {
  newTier1: state(1),
  newTier3: state(3),
  awaitingClient: state(3, { admin_approval_status: 'accepted' }),
  activeTier1: state(1, { ...accepted, status: 'active', is_active: true }),
  activeTier3: state(3, { ...accepted, status: 'active', is_active: true }),
  pendingFinal: state(2, { ...accepted, status: 'pending_final_payment', is_active: true }),
  completed: state(4, { ...accepted, status: 'completed' }),
  refusedByAdmin: state(1, {
    status: 'refused',
    admin_approval_status: 'refused',
    overall_status: 'refused',
  }),
  refusedByClient: state(3, {
    status: 'refused',
    admin_approval_status: 'accepted',
    overall_status: 'refused',
  }),
  cancelledActive: state(3, { ...accepted, status: 'active', cancelled: true, cancellation_reason: 'x' }),
  cancelledPending: state(3, {
    status: 'refused',
    overall_status: 'refused',
    cancelled: true,
    cancellation_reason: 'x',
  }),
} satisfies Record<string, ProjectState>;
type StateName = keyof typeof STATES;

const EVENTS: Record<ProjectEventType, ProjectEvent> = {
  admin_accept: { type: 'admin_accept' },
  admin_edit: { type: 'admin_edit' },
  admin_refuse: { type: 'admin_refuse' },
  client_accept: { type: 'client_accept' },
  client_refuse: { type: 'client_refuse' },
  complete: { type: 'complete' },
  final_payment_succeeded: { type: 'final_payment_succeeded' },
  cancel_by_admin: { type: 'cancel_by_admin', reason: 'budget' },
  cancel_by_client: { type: 'cancel_by_client', reason: 'budget' },
  client_cancel_pending: { type: 'client_cancel_pending', reason: 'changed my mind' },
};

/** Every event from every state: the resulting changes, or the refusal message. */
const EXPECTED: Record<ProjectEventType, Partial<Record<StateName, Partial<ProjectState> | string>>> = {
  admin_accept: {
    newTier1: {
      admin_approval_status: 'accepted',
      status: 'pending',
      overall_status: 'pending',
      is_active: false,
    },
    newTier3: { admin_approval_status: 'accepted' },
    awaitingClient: M.alreadyAcceptedByAdmin,
  },
  admin_edit: {
    newTier1: {},
    newTier3: {},
    awaitingClient: {},
    activeTier1: M.editBlocked,
    activeTier3: M.editBlocked,
    pendingFinal: M.editBlocked,
    completed: M.editBlocked,
  },
  admin_refuse: {
    newTier1: {
      status: 'refused',
      admin_approval_status: 'refused',
      overall_status: 'refused',
      is_active: false,
    },
    newTier3: { status: 'refused', admin_approval_status: 'refused', overall_status: 'refused' },
    awaitingClient: { status: 'refused', admin_approval_status: 'refused', overall_status: 'refused' },
  },
  client_accept: {
    awaitingClient: {
      status: 'active',
      client_approval_status: 'accepted',
      overall_status: 'accepted',
      is_active: true,
    },
  },
  client_refuse: { awaitingClient: { status: 'refused', overall_status: 'refused', is_active: false } },
  complete: {
    activeTier1: { status: 'pending_final_payment' },
    activeTier3: { status: 'completed', is_active: false },
  },
  final_payment_succeeded: { pendingFinal: { status: 'completed', is_active: false } },
  cancel_by_admin: {
    activeTier1: { cancelled: true, is_active: false, cancellation_reason: 'budget' },
    activeTier3: { cancelled: true, is_active: false, cancellation_reason: 'budget' },
  },
  cancel_by_client: {
    activeTier1: { cancelled: true, is_active: false, cancellation_reason: 'budget' },
    activeTier3: { cancelled: true, is_active: false, cancellation_reason: 'budget' },
  },
  client_cancel_pending: {
    newTier1: {
      status: 'refused',
      overall_status: 'refused',
      cancelled: true,
      cancellation_reason: 'changed my mind',
    },
    newTier3: {
      status: 'refused',
      overall_status: 'refused',
      cancelled: true,
      cancellation_reason: 'changed my mind',
    },
    awaitingClient: {
      status: 'refused',
      overall_status: 'refused',
      cancelled: true,
      cancellation_reason: 'changed my mind',
    },
  },
};

/** The refusal when a state is not listed for an event. */
function defaultRefusal(event: ProjectEventType, name: StateName): string {
  if (STATES[name].cancelled) return M.cancelled;
  switch (event) {
    case 'admin_accept':
    case 'admin_refuse':
      return M.notPendingForAdmin;
    case 'admin_edit':
      return M.editClosed;
    case 'client_accept':
    case 'client_refuse':
      return M.notAwaitingClient;
    case 'final_payment_succeeded':
      return M.notPendingFinalPayment;
    case 'client_cancel_pending':
      return M.notPendingForClientCancel;
    default:
      return M.notActive;
  }
}

describe('project state machine', () => {
  for (const event of Object.keys(EVENTS) as ProjectEventType[]) {
    for (const name of Object.keys(STATES) as StateName[]) {
      const expected = EXPECTED[event][name] ?? defaultRefusal(event, name);
      const title = `${event} from ${name} → ${typeof expected === 'string' ? `refused: ${expected}` : 'ok'}`;
      it(title, () => {
        const result = transition(STATES[name], EVENTS[event]);
        if (typeof expected === 'string') {
          expect(result).toEqual({ ok: false, message: expected });
        } else {
          expect(result).toEqual({ ok: true, next: { ...STATES[name], ...expected } });
        }
      });
    }
  }

  it('requires a non-blank reason to cancel a pending project', () => {
    expect(transition(STATES.newTier1, { type: 'client_cancel_pending', reason: '   ' })).toEqual({
      ok: false,
      message: M.reasonRequired,
    });
  });

  it('runs the whole fixed-price journey', () => {
    let p: ProjectState = STATES.newTier1;
    for (const type of ['admin_accept', 'client_accept', 'complete', 'final_payment_succeeded'] as const) {
      const r = transition(p, { type });
      if (!r.ok) throw new Error(r.message);
      p = r.next;
    }
    expect(p.status).toBe('completed');
    expect(statusLabel(p, 'client')).toBe('Completed');
  });
});

describe('status labels', () => {
  it.each<[StateName, string, string]>([
    ['newTier1', 'Pending', 'Pending'],
    ['awaitingClient', 'Awaiting Client Approval', 'Awaiting Your Approval'],
    ['activeTier1', 'Active', 'Active'],
    ['pendingFinal', 'Pending Final Payment', 'Pending Final Payment'],
    ['completed', 'Completed', 'Completed'],
    ['refusedByAdmin', 'Refused', 'Refused'],
    ['cancelledActive', 'Canceled', 'Canceled'],
    ['cancelledPending', 'Canceled', 'Canceled'],
  ])('%s reads %s for the admin and %s for the client', (name, admin, client) => {
    expect(statusLabel(STATES[name], 'admin')).toBe(admin);
    expect(statusLabel(STATES[name], 'client')).toBe(client);
  });
});

describe('dashboard tabs', () => {
  const tabsOf = (tabs: Record<string, (p: ProjectState) => boolean>, name: StateName) =>
    Object.entries(tabs)
      .filter(([, holds]) => holds(STATES[name]))
      .map(([tab]) => tab);

  it.each<[StateName, string[], string[]]>([
    ['newTier1', ['pending'], ['queue']],
    ['awaitingClient', ['pending'], ['queue']],
    ['activeTier3', ['active'], ['active']],
    ['pendingFinal', ['finalPayment'], ['pendingFinalPayment']],
    ['completed', ['completed'], ['completed']],
    ['refusedByClient', ['rejected'], ['refused']],
    ['cancelledActive', ['completed'], ['completed']],
    // Withdrawn while pending: listed once, under Rejected/Refused.
    ['cancelledPending', ['rejected'], ['refused']],
  ])('%s is listed under client %j and admin %j', (name, client, admin) => {
    expect(tabsOf(CLIENT_PROJECT_TABS, name)).toEqual(client);
    expect(tabsOf(ADMIN_PROJECT_TABS, name)).toEqual(admin);
  });
});
