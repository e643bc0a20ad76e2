import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@agency/auth';
import type { Project, Ticket } from '@agency/domain';
import { toaster } from '@agency/ui';
import {
  activeProject,
  aProject,
  aTicket,
  awaitingApproval,
  completedProject,
  fakePortalApi,
  listsReadAgain,
  renderAt,
  requestBody,
  requestsTo,
  setTestAppConfig,
  type FakePortalApi,
  type PortalHandler,
} from '../testing/render-dashboard';
import { stubLayout } from '../testing/layout-stub';
import ClientDashboard from './client-dashboard';

// Payments are mocked at their boundary: the card field reports complete on a click, the Stripe calls are jest.fns.
const mockCreatePaymentMethod = jest.fn();
const mockConfirmCardPayment = jest.fn();
jest.mock('@agency/payments', () =>
  require('../../../tools/jest/fake-payments').fakePayments(() => ({
    confirmCardPayment: mockConfirmCardPayment,
    createPaymentMethod: mockCreatePaymentMethod,
  })),
);

const mockLogout = jest.fn<Promise<void>, []>();
jest.mock('@agency/auth', () => ({
  ...jest.requireActual('@agency/auth'),
  getAccessToken: async () => 'user-token',
  logout: () => mockLogout(),
  loadChangePasswordForm: async () => ({
    ChangePasswordForm: () => <form aria-label="Change password">change-password form</form>,
  }),
}));

stubLayout();

const USER = { id: 'u1', email: 'ada@example.test', fullName: 'Ada Lovelace' };

let server: FakePortalApi;
/** The client's API: lists, counts, boards and live as the server answers them, plus the routes a test adds. */
function api(projects: Project[], tickets: Ticket[] = [], extra: Record<string, PortalHandler> = {}) {
  server = fakePortalApi({ projects, tickets }, extra);
  return server.fetchMock;
}

/** A route answering with the project changed as the server would change it (and kept so). */
function changes(
  projectId: string,
  change: Partial<Project>,
  extra: Record<string, unknown> = {},
): PortalHandler {
  return (_init, _url, fake) => {
    const next = { ...fake.state.projects.find((p) => p.id === projectId)!, ...change };
    fake.state.projects = fake.state.projects.map((p) => (p.id === projectId ? next : p));
    return { body: { ...extra, project: next } };
  };
}
const ACCEPTED = {
  status: 'active',
  client_approval_status: 'accepted',
  overall_status: 'accepted',
  is_active: true,
} as const;
const REFUSED_BY_CLIENT = { status: 'refused', overall_status: 'refused', is_active: false } as const;
const CANCELLED = { cancelled: true, is_active: false } as const;

async function renderDashboard() {
  const user = userEvent.setup();
  renderAt(<ClientDashboard />);
  await screen.findByRole('tab', { name: /^Pending Projects/ });
  return user;
}

const card = (title: string) => screen.getByRole('article', { name: title });
/** The signature the approval needs: "I agree" ticked and the full name typed (issue 33). */
async function sign(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name = 'Ada Lovelace') {
  await user.click(await within(dialog).findByRole('checkbox', { name: /I agree to this proposal/ }));
  await user.type(within(dialog).getByRole('textbox', { name: /Your full name/ }), name);
}
const SIGNED = { proposalVersion: 1, proposalHash: 'f'.repeat(64), agreed: true, signedName: 'Ada Lovelace' };
/** Tabs are named with their count ("Active Projects (2 projects)"). */
const openTab = (user: ReturnType<typeof userEvent.setup>, name: string) =>
  user.click(screen.getByRole('tab', { name: new RegExp(`^${name}`) }));
/** The panel of the selected tab (a closing panel may still be in the DOM while it animates out). */
const selectedPanel = () => {
  const tab = screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')!;
  return document.getElementById(tab.getAttribute('aria-controls')!)!;
};

beforeEach(() => {
  setTestAppConfig();
  mockCreatePaymentMethod.mockReset();
  mockConfirmCardPayment.mockReset();
  mockLogout.mockReset().mockResolvedValue();
  useAuthStore.setState({
    status: 'logged-in',
    user: USER,
    role: 'CLIENT',
    roleLoading: false,
    roleFetchFailed: false,
  });
});
afterEach(() => act(() => toaster.remove()));

describe('ClientDashboard: header, loading and errors', () => {
  it("shows the user's name and e-mail with Request Service, the bell, Profile and Logout; a loading state first", async () => {
    const fetchMock = api([]);
    renderAt(<ClientDashboard />);
    expect((await screen.findAllByRole('status')).map((s) => s.textContent)).toContain('Loading projects...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.test')).toBeInTheDocument();
    for (const name of ['Request Service', 'Notifications', 'Profile', 'Logout'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    await screen.findByRole('tab', { name: /^Pending Projects/ });
    expect(await screen.findByText('Live updates on')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0]!;
    expect((init as RequestInit).headers).toMatchObject({ authorization: 'Bearer user-token' });
  });

  it("says 'We're having trouble loading your projects.' when the lists fail, and retries", async () => {
    let fail = true;
    api([aProject({ title: 'Back again' })], [], {
      'GET /api/projects': (init, url, fake) =>
        fail
          ? { status: 500, body: { error: 'boom' } }
          : { body: { projects: fake.state.projects, nextCursor: null, total: 1 } },
      'GET /api/project-counts': () =>
        fail
          ? { status: 500, body: {} }
          : {
              body: {
                counts: {
                  pending: 1,
                  active: 0,
                  completed: 0,
                  refused: 0,
                  finalPayment: 0,
                  completedOnly: 0,
                },
              },
            },
    });
    const user = userEvent.setup();
    renderAt(<ClientDashboard />);
    expect(
      (await screen.findAllByText("We're having trouble loading your projects.")).length,
    ).toBeGreaterThanOrEqual(1);
    fail = false;
    await user.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByRole('article', { name: 'Back again' })).toBeInTheDocument();
  });

  it('Logout signs out through the auth store, then goes to /', async () => {
    api([]);
    const user = await renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /' })).toBeInTheDocument();
    expect(mockLogout).toHaveBeenCalledTimes(1);
  });

  it('Profile opens a dialog with name, e-mail and the shared change-password form', async () => {
    api([]);
    const user = await renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile' });
    expect(within(dialog).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(dialog).getByText('ada@example.test')).toBeInTheDocument();
    expect(await within(dialog).findByRole('form', { name: 'Change password' })).toBeInTheDocument();
  });
});

describe('ClientDashboard: tabs are the server views, paged and searchable', () => {
  const projects = [
    aProject({ id: 'new', title: 'Fresh request' }),
    awaitingApproval({ id: 'awaiting', title: 'Proposal ready' }),
    activeProject({ id: 'active', title: 'Running project', tier: 1 }),
    completedProject({ id: 'done', title: 'Shipped project' }),
    activeProject({
      id: 'stopped',
      title: 'Stopped project',
      cancelled: true,
      cancellation_reason: 'Budget cut',
    }),
    aProject({
      id: 'refused',
      title: 'Refused project',
      status: 'refused',
      admin_approval_status: 'refused',
      overall_status: 'refused',
    }),
    aProject({
      id: 'withdrawn',
      title: 'Withdrawn request',
      status: 'refused',
      overall_status: 'refused',
      cancelled: true,
      cancellation_reason: 'Changed my mind',
    }),
    activeProject({ id: 'final', title: 'Awaiting final', tier: 2, status: 'pending_final_payment' }),
  ];

  it('sorts each project into its tab with its client label; the tabs show their counts', async () => {
    api(projects);
    const user = await renderDashboard();
    const titles = () =>
      within(selectedPanel())
        .queryAllByRole('article')
        .map((a) => a.getAttribute('aria-label'));

    await waitFor(() => expect(titles()).toEqual(['Fresh request', 'Proposal ready']));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /^Completed Projects/ })).toHaveAccessibleName(
        'Completed Projects (2 projects)',
      ),
    );
    expect(within(card('Proposal ready')).getByText('Awaiting Your Approval')).toBeInTheDocument();
    expect(within(card('Fresh request')).getByText('Pending')).toBeInTheDocument();
    expect(within(card('Proposal ready')).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(card('Fresh request')).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();

    await openTab(user, 'Active Projects');
    await waitFor(() => expect(titles()).toEqual(['Running project']));
    expect(within(card('Running project')).getByText('Active')).toBeInTheDocument();
    expect(within(card('Running project')).getByText('$500')).toBeInTheDocument();

    await openTab(user, 'Completed Projects');
    await waitFor(() =>
      // The request withdrawn while pending is listed once, under Rejected.
      expect(titles()).toEqual(['Shipped project', 'Stopped project']),
    );
    expect(within(card('Shipped project')).getByText('Completed')).toBeInTheDocument();
    expect(within(card('Stopped project')).getByText('Canceled')).toBeInTheDocument();
    expect(within(card('Stopped project')).getByText('Budget cut')).toBeInTheDocument();

    await openTab(user, 'Rejected Projects');
    await waitFor(() => expect(titles()).toEqual(['Refused project', 'Withdrawn request']));
    expect(within(card('Refused project')).getByText('Refused')).toBeInTheDocument();

    await openTab(user, 'Final Payment');
    await waitFor(() => expect(titles()).toEqual(['Awaiting final']));
    expect(within(card('Awaiting final')).getByText('Pending Final Payment')).toBeInTheDocument();
    expect(within(card('Awaiting final')).getByRole('button', { name: 'Pay $700' })).toBeInTheDocument();
  });

  it('shows an empty message in a tab without projects', async () => {
    api([]);
    const user = await renderDashboard();
    expect(await screen.findByText('You have no pending projects.')).toBeInTheDocument();
    await openTab(user, 'Final Payment');
    expect(await screen.findByText('No projects are awaiting a final payment.')).toBeInTheDocument();
  });

  it('pages rejected projects 10 at a time, from the server', async () => {
    const refused = Array.from({ length: 12 }, (_, i) =>
      aProject({
        id: `r${i + 1}`,
        title: `Refused ${i + 1}`,
        status: 'refused',
        admin_approval_status: 'refused',
        overall_status: 'refused',
      }),
    );
    const fetchMock = api(refused);
    const user = await renderDashboard();
    await openTab(user, 'Rejected Projects');
    await waitFor(() => expect(within(selectedPanel()).getAllByRole('article')).toHaveLength(10));
    expect(screen.getByText('Page 1 of 2 (12 projects)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(
        within(selectedPanel())
          .getAllByRole('article')
          .map((a) => a.getAttribute('aria-label')),
      ).toEqual(['Refused 11', 'Refused 12']),
    );
    const pageCalls = fetchMock.mock.calls
      .map(([u]) => new URL(String(u)))
      .filter((u) => u.pathname === '/api/projects' && u.searchParams.get('view') === 'refused');
    expect(pageCalls.at(-1)!.searchParams.get('cursor')).toBe('o10');
    expect(pageCalls.at(-1)!.searchParams.get('limit')).toBe('10');
  });

  it('search and sort are asked of the server', async () => {
    const fetchMock = api([
      aProject({ title: 'Bakery site' }),
      aProject({ title: 'Apple orchard' }),
      aProject({ title: 'Car repair', description: 'Bakery partner' }),
    ]);
    const user = await renderDashboard();
    await screen.findByRole('article', { name: 'Car repair' });
    const search = screen.getByRole('search', { name: 'Search and sort Pending Projects' });
    await user.selectOptions(within(search).getByRole('combobox', { name: 'Sort' }), 'title');
    await waitFor(() =>
      expect(
        within(selectedPanel())
          .getAllByRole('article')
          .map((a) => a.getAttribute('aria-label')),
      ).toEqual(['Apple orchard', 'Bakery site', 'Car repair']),
    );
    await user.type(within(search).getByRole('searchbox', { name: 'Search' }), 'bakery');
    const last = await waitFor(() => {
      const url = fetchMock.mock.calls
        .map(([u]) => new URL(String(u)))
        .filter((u) => u.pathname === '/api/projects')
        .at(-1)!;
      expect(url.searchParams.get('q')).toBe('bakery');
      return url;
    });
    await waitFor(() =>
      expect(
        within(selectedPanel())
          .getAllByRole('article')
          .map((a) => a.getAttribute('aria-label')),
      ).toEqual(['Bakery site', 'Car repair']),
    );
    expect(Object.fromEntries(last.searchParams)).toEqual({
      view: 'pending',
      sort: 'title',
      limit: '10',
      q: 'bakery',
    });
  });
});

describe('ClientDashboard: boards and history', () => {
  it('an active project shows its read-only main board', async () => {
    api(
      [activeProject({ id: 'p1', title: 'Running project' })],
      [
        aTicket({
          project_id: 'p1',
          title: 'Design login',
          status: 'in-progress',
          assignee: 'Lead Engineer',
        }),
        aTicket({ project_id: 'p1', title: 'Fix typo', board_type: 'maintenance' }),
      ],
    );
    const user = await renderDashboard();
    await openTab(user, 'Active Projects');
    await user.click(
      await within(await screen.findByRole('article', { name: 'Running project' })).findByRole('button', {
        name: 'Show Board',
      }),
    );
    const board = await screen.findByRole('region', { name: 'Project Board: Running project' });
    for (const column of ['Not Started', 'In Progress', 'In Review', 'Done']) {
      expect(within(board).getByRole('heading', { name: new RegExp(`^${column}`) })).toBeInTheDocument();
    }
    const inProgress = within(board).getByRole('region', { name: /In Progress/ });
    expect(await within(inProgress).findByText('Design login')).toBeInTheDocument();
    expect(within(inProgress).getByText('Assigned to Lead Engineer')).toBeInTheDocument();
    expect(within(board).queryByText('Fix typo')).not.toBeInTheDocument();
    // Read-only: no move, no edit; only each ticket's comments, open to both sides (issue 34).
    expect(
      within(board)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(
      within(board)
        .getAllByRole('listitem')
        .map((item) => `Comments on ${item.querySelector('p')?.textContent}`),
    );
    expect(
      within(board).getByText('Read-only: our team moves tickets as work progresses.'),
    ).toBeInTheDocument();
  });

  it('a completed project keeps its delivered main board (read-only) beside its maintenance board', async () => {
    api(
      [completedProject({ id: 'p2', title: 'Shipped' })],
      [
        aTicket({ project_id: 'p2', title: 'Build checkout', status: 'done' }),
        aTicket({ project_id: 'p2', title: 'Patch security', board_type: 'maintenance', status: 'done' }),
      ],
    );
    const user = await renderDashboard();
    await openTab(user, 'Completed Projects');
    await user.click(
      await within(await screen.findByRole('article', { name: 'Shipped' })).findByRole('button', {
        name: 'Show Boards',
      }),
    );
    const delivered = await screen.findByRole('region', { name: 'Delivered Project Board: Shipped' });
    expect(within(delivered).getByText('Read-only: the work as it was delivered.')).toBeInTheDocument();
    expect(
      await within(within(delivered).getByRole('region', { name: /Done/ })).findByText('Build checkout'),
    ).toBeInTheDocument();
    const maintenance = screen.getByRole('region', { name: 'Maintenance Board: Shipped' });
    expect(
      await within(within(maintenance).getByRole('region', { name: /Done/ })).findByText('Patch security'),
    ).toBeInTheDocument();
    expect(within(maintenance).queryByText('Build checkout')).not.toBeInTheDocument();
  });

  it('the Activity button shows the project journey in the client’s words', async () => {
    const fetchMock = api([activeProject({ id: 'p1', title: 'Running project' })]);
    server.state.events.p1 = [
      {
        id: 1,
        action: 'created',
        actorRole: 'CLIENT',
        actorName: 'Ada Lovelace',
        from: null,
        to: 'pending',
        at: '2026-01-15T10:00:00.000Z',
      },
      {
        id: 2,
        action: 'admin_accept',
        actorRole: 'ADMIN',
        actorName: 'Site Admin',
        from: 'pending',
        to: 'pending',
        at: '2026-01-16T10:00:00.000Z',
      },
      {
        id: 3,
        action: 'client_accept',
        actorRole: 'CLIENT',
        actorName: 'Ada Lovelace',
        from: 'pending',
        to: 'active',
        at: '2026-01-17T10:00:00.000Z',
      },
    ];
    const user = await renderDashboard();
    await openTab(user, 'Active Projects');
    await user.click(
      await within(await screen.findByRole('article', { name: 'Running project' })).findByRole('button', {
        name: 'Activity',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Activity: Running project' });
    const items = within(
      await within(dialog).findByRole('list', { name: 'History of Running project' }),
    ).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('You requested this project'),
      expect.stringContaining('The consultancy accepted the request and sent a proposal'),
      expect.stringContaining('You approved the proposalStatus: Pending → Active'),
    ]);
    expect(requestsTo(fetchMock, 'GET /api/projects/p1/events')).toHaveLength(1);
  });
});

describe('ClientDashboard: live', () => {
  it("the admin's accept shows on the open dashboard without a reload, with Approve", async () => {
    api([aProject({ id: 'p1', title: 'Platform rebuild' })]);
    await renderDashboard();
    const pending = await screen.findByRole('article', { name: 'Platform rebuild' });
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    await waitFor(() => expect(server.streams).toBe(1));
    act(() =>
      server.changeProject(awaitingApproval({ id: 'p1', title: 'Platform rebuild' }), {
        action: 'admin_accept',
        actorRole: 'ADMIN',
        from: 'pending',
        to: 'pending',
      }),
    );
    await waitFor(() =>
      expect(within(card('Platform rebuild')).getByText('Awaiting Your Approval')).toBeInTheDocument(),
    );
    expect(within(card('Platform rebuild')).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('a ticket the admin moves shows on the open board', async () => {
    api(
      [activeProject({ id: 'p1', title: 'Running project' })],
      [aTicket({ id: 't1', project_id: 'p1', title: 'Design login' })],
    );
    const user = await renderDashboard();
    await openTab(user, 'Active Projects');
    await user.click(
      await within(await screen.findByRole('article', { name: 'Running project' })).findByRole('button', {
        name: 'Show Board',
      }),
    );
    const board = await screen.findByRole('region', { name: 'Project Board: Running project' });
    await within(within(board).getByRole('region', { name: /Not Started/ })).findByText('Design login');
    await waitFor(() => expect(server.streams).toBe(1));
    server.state.tickets = server.state.tickets.map((t) => ({ ...t, status: 'in-review' }));
    act(() => server.emit({ projectId: 'p1', action: 'ticket_moved', actorRole: 'ADMIN' }));
    expect(
      await within(within(board).getByRole('region', { name: /In Review/ })).findByText('Design login'),
    ).toBeInTheDocument();
  });
});

describe('ClientDashboard: own changes', () => {
  it("the client's own change is read once: its live echo, even ahead of the answer, fetches nothing again", async () => {
    api([awaitingApproval({ id: 'p1', title: 'Proposal' })], [], {
      'POST /api/client-approve-project': (init, url, fake) => {
        const answer = changes('p1', REFUSED_BY_CLIENT)(init, url, fake) as { body: { project: Project } };
        // The server tells the open dashboards before it answers: the echo comes first.
        fake.emit({ projectId: 'p1', action: 'client_refuse', actorRole: 'CLIENT', notifies: false });
        return answer;
      },
    });
    const user = await renderDashboard();
    await waitFor(() => expect(server.streams).toBe(1));
    await user.click(
      within(await screen.findByRole('article', { name: 'Proposal' })).getByRole('button', {
        name: 'Refuse',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Refuse Project' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuse Project' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Proposal' })).not.toBeInTheDocument());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(server.routes()).not.toContain('GET /api/projects/p1');
  });
});

describe('Approve and Refuse', () => {
  it('tier 3 approval needs a complete card, then sends the payment method; the project moves to Active in place', async () => {
    const fetchMock = api([awaitingApproval({ id: 'p1', title: 'Senior help', tier: 3, cost: 12000 })], [], {
      'POST /api/client-approve-project': changes('p1', ACCEPTED),
    });
    mockCreatePaymentMethod.mockResolvedValue({ ok: true, paymentMethod: { id: 'pm_1' } });
    const user = await renderDashboard();
    await user.click(
      within(await screen.findByRole('article', { name: 'Senior help' })).getByRole('button', {
        name: 'Approve',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve Project' });
    // The proposal reads as a page: its sections, the price in the business's terms, the terms version.
    expect(await within(dialog).findByRole('heading', { name: 'Proposal: Senior help' })).toBeInTheDocument();
    expect(within(dialog).getByText('$12,000/month')).toBeInTheDocument();
    expect(within(dialog).getByText(/version 1.0 dated June 15, 2025/)).toBeInTheDocument();

    // Unsigned: the box, then the name, are asked for before anything else; nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Sign and Approve' }));
    expect(await within(dialog).findByText('Tick "I agree" to sign the proposal.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /I agree to this proposal/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Sign and Approve' }));
    expect(await within(dialog).findByText('Type your full name to sign the proposal.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/client-approve-project')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Your full name/ }), 'Ada Lovelace');

    await user.click(within(dialog).getByRole('button', { name: 'Sign and Approve' }));
    expect(await within(dialog).findByText('Invalid card details.')).toBeInTheDocument();
    expect(mockCreatePaymentMethod).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Enter test card' }));
    const reads = fetchMock.mock.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Sign and Approve' }));
    expect(await screen.findByText('Project Accepted')).toBeInTheDocument();
    expect(mockCreatePaymentMethod).toHaveBeenCalledWith({ name: 'Ada Lovelace', email: 'ada@example.test' });
    expect(requestBody(fetchMock, 'POST /api/client-approve-project')).toEqual({
      projectId: 'p1',
      action: 'accept',
      paymentMethodId: 'pm_1',
      monthlyFee: 12000,
      ...SIGNED,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Senior help' })).not.toBeInTheDocument(),
    );
    // Focus does not fall to the page: the project left this tab, so the tab has it.
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Pending Projects/ })).toHaveFocus());
    await openTab(user, 'Active Projects');
    expect(await screen.findByRole('article', { name: 'Senior help' })).toBeInTheDocument();
    // The card moved with the server's answer: only the two pages it left and joined are read again.
    const readAgain = listsReadAgain(fetchMock, reads);
    expect(readAgain).toContain('pending');
    expect(readAgain.filter((view) => view !== 'pending' && view !== 'active')).toEqual([]);
  });

  it("a refused card: 'Invalid card details.' beside the card and no approval call", async () => {
    const fetchMock = api([awaitingApproval({ id: 'p1', title: 'CTO help', tier: 4 })]);
    mockCreatePaymentMethod.mockResolvedValue({
      ok: false,
      error: 'Invalid card details.',
      stripeError: { type: 'validation_error' },
    });
    const user = await renderDashboard();
    await user.click(
      within(await screen.findByRole('article', { name: 'CTO help' })).getByRole('button', {
        name: 'Approve',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve Project' });
    await sign(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Enter test card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sign and Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid card details.');
    expect(requestsTo(fetchMock, 'POST /api/client-approve-project')).toHaveLength(0);
  });

  it('a card the bank declines when the subscription starts says so beside the card; the next card works', async () => {
    let declined = true;
    api([awaitingApproval({ id: 'p1', title: 'CTO help', tier: 4 })], [], {
      'POST /api/client-approve-project': (init, url, fake) =>
        declined
          ? { status: 402, body: { error: 'Payment failed, please try again.', code: 'card_declined' } }
          : changes('p1', ACCEPTED)(init, url, fake),
    });
    mockCreatePaymentMethod.mockResolvedValue({ ok: true, paymentMethod: { id: 'pm_1' } });
    const user = await renderDashboard();
    await user.click(
      within(await screen.findByRole('article', { name: 'CTO help' })).getByRole('button', {
        name: 'Approve',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve Project' });
    await sign(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Enter test card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sign and Approve' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined. Payment failed, please try again.');
    expect(screen.queryByText('something went wrong while approving the project')).not.toBeInTheDocument();
    declined = false;
    await user.click(within(dialog).getByRole('button', { name: 'Enter test card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sign and Approve' }));
    expect(await screen.findByText('Project Accepted')).toBeInTheDocument();
    expect(screen.queryByText('Your card was declined.')).not.toBeInTheDocument();
  });

  it('tier 1 approval needs no card; a server failure shows the approve error', async () => {
    const fetchMock = api([awaitingApproval({ id: 'p1', title: 'Small site', tier: 1 })], [], {
      'POST /api/client-approve-project': () => ({ status: 500, body: { error: 'Internal error' } }),
    });
    const user = await renderDashboard();
    await user.click(
      within(await screen.findByRole('article', { name: 'Small site' })).getByRole('button', {
        name: 'Approve',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve Project' });
    expect(within(dialog).queryByRole('group', { name: 'Card Information' })).not.toBeInTheDocument();
    expect(
      await within(dialog).findByText(
        'Nothing is charged now. The remaining $250 is due when the project is completed.',
      ),
    ).toBeInTheDocument();
    await sign(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Sign and Approve' }));
    expect(await screen.findByText('something went wrong while approving the project')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST /api/client-approve-project')).toEqual({
      projectId: 'p1',
      action: 'accept',
      ...SIGNED,
    });
  });

  it('Refuse sends action refuse and says Project Refused; the project moves to Rejected', async () => {
    const fetchMock = api([awaitingApproval({ id: 'p1', title: 'Proposal' })], [], {
      'POST /api/client-approve-project': changes('p1', REFUSED_BY_CLIENT),
    });
    const user = await renderDashboard();
    await user.click(
      within(await screen.findByRole('article', { name: 'Proposal' })).getByRole('button', {
        name: 'Refuse',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Refuse Project' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Back' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Refuse Project' }));
    expect(await screen.findByText('Project Refused')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST /api/client-approve-project')).toEqual({
      projectId: 'p1',
      action: 'refuse',
    });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Proposal' })).not.toBeInTheDocument());
    await openTab(user, 'Rejected Projects');
    expect(await screen.findByRole('article', { name: 'Proposal' })).toBeInTheDocument();
  });
});

/** Opens Cancel Project on the active project "CTO"; resolves with the dialog it opens (plain or penalty). */
async function openCancelDialog(user: ReturnType<typeof userEvent.setup>, dialogName: string) {
  await openTab(user, 'Active Projects');
  await user.click(
    within(await screen.findByRole('article', { name: 'CTO' })).getByRole('button', {
      name: 'Cancel Project',
    }),
  );
  return screen.findByRole('dialog', { name: dialogName });
}

describe('Cancelling', () => {
  it('a pending project needs a non-blank reason; the refund amount is shown', async () => {
    const fetchMock = api([aProject({ id: 'p1', title: 'Paid request', tier: 1 })], [], {
      'POST /api/client-cancel-pending-project': changes(
        'p1',
        { ...REFUSED_BY_CLIENT, cancelled: true },
        { refundIssued: true, refundAmount: 250 },
      ),
    });
    const user = await renderDashboard();
    await user.click(
      within(await screen.findByRole('article', { name: 'Paid request' })).getByRole('button', {
        name: 'Cancel Request',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Pending Project' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason for cancellation/ });
    await waitFor(() => expect(reason).toHaveFocus());
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Request' }));
    expect(await within(dialog).findByText('Please provide a reason for cancellation.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/client-cancel-pending-project')).toHaveLength(0);

    await user.type(reason, 'No longer needed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Request' }));
    expect(await screen.findByText('A refund of $250 has been issued.')).toBeInTheDocument();
    expect(screen.getByText('Project Cancelled')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST /api/client-cancel-pending-project')).toEqual({
      projectId: 'p1',
      cancellationReason: 'No longer needed',
    });
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Paid request' })).not.toBeInTheDocument(),
    );
  });

  it('an active tier 3 project cancels directly; a server error shows its message', async () => {
    const fetchMock = api([activeProject({ id: 'p1', title: 'Subscription', tier: 3 })], [], {
      'POST /api/cancel-project': () => ({
        status: 409,
        body: { error: 'Only an active project can be completed or cancelled.' },
      }),
    });
    const user = await renderDashboard();
    await openTab(user, 'Active Projects');
    await user.click(
      within(await screen.findByRole('article', { name: 'Subscription' })).getByRole('button', {
        name: 'Cancel Project',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Project' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Project paused');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Project' }));
    expect(
      await screen.findByText('Only an active project can be completed or cancelled.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/check-penalty')).toHaveLength(0);
    expect(requestBody(fetchMock, 'POST /api/cancel-project')).toEqual({
      projectId: 'p1',
      cancelledBy: 'client',
      cancellationReason: 'Project paused',
    });
  });

  it('tier 4 without a penalty due cancels with a plain reason dialog', async () => {
    const fetchMock = api([activeProject({ id: 'p1', title: 'CTO', tier: 4 })], [], {
      'POST /api/check-penalty': () => ({
        body: { hasPenalty: false, penaltyAmount: 0, monthsRemaining: 0, subscriptionFee: 25000 },
      }),
      'POST /api/cancel-project': changes('p1', CANCELLED, { refundIssued: false, refundAmount: 0 }),
    });
    const user = await renderDashboard();
    const dialog = await openCancelDialog(user, 'Cancel Project');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Done with it');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Project' }));
    expect(await screen.findByText('Project Cancelled')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST /api/check-penalty')).toEqual({ projectId: 'p1' });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'CTO' })).not.toBeInTheDocument());
  });

  it('tier 4 with a penalty: shows amount, months and fee, then cancels with a payment method the server charges', async () => {
    let declined = true;
    const fetchMock = api([activeProject({ id: 'p1', title: 'CTO', tier: 4, cost: 25000 })], [], {
      'POST /api/check-penalty': () => ({
        body: { hasPenalty: true, penaltyAmount: 30000, monthsRemaining: 2, subscriptionFee: 25000 },
      }),
      'POST /api/cancel-project': (init, url, fake) =>
        declined
          ? { status: 402, body: { error: 'Payment failed, please try again.', code: 'card_declined' } }
          : changes('p1', CANCELLED, { refundIssued: false, refundAmount: 0 })(init, url, fake),
    });
    mockCreatePaymentMethod
      .mockResolvedValueOnce({ ok: true, paymentMethod: { id: 'pm_declined' } })
      .mockResolvedValueOnce({ ok: true, paymentMethod: { id: 'pm_ok' } });
    const user = await renderDashboard();
    const dialog = await openCancelDialog(user, 'Early-Cancellation Penalty');
    expect(within(dialog).getByText('$30,000')).toBeInTheDocument();
    expect(within(dialog).getByText('2')).toBeInTheDocument();
    expect(within(dialog).getByText('$25,000')).toBeInTheDocument();

    const pay = () => within(dialog).getByRole('button', { name: 'Pay $30,000 and Cancel' });
    await user.click(pay());
    expect(await within(dialog).findByText('Please provide a reason for cancellation.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Moving on');
    await user.click(pay());
    expect(await within(dialog).findByText('Invalid card details.')).toBeInTheDocument();
    expect(mockCreatePaymentMethod).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Enter test card' }));

    // A declined card: the server cancels nothing, the dialog stays and says the card was declined.
    await user.click(pay());
    expect(await within(dialog).findByText('Payment failed, please try again.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Your card was declined\./)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Early-Cancellation Penalty' })).toBeInTheDocument();

    declined = false;
    await user.click(within(dialog).getByRole('button', { name: 'Enter test card' }));
    await user.click(pay());
    expect(await screen.findByText('Project Cancelled')).toBeInTheDocument();
    expect(mockCreatePaymentMethod).toHaveBeenLastCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@example.test',
    });
    expect(requestsTo(fetchMock, 'POST /api/cancel-project')).toEqual([
      {
        projectId: 'p1',
        cancelledBy: 'client',
        cancellationReason: 'Moving on',
        paymentMethodId: 'pm_declined',
      },
      { projectId: 'p1', cancelledBy: 'client', cancellationReason: 'Moving on', paymentMethodId: 'pm_ok' },
    ]);
    // No payment intent from the browser: the server charges the penalty itself.
    expect(requestsTo(fetchMock, 'POST /api/stripe-downpayment-intent')).toHaveLength(0);
    expect(mockConfirmCardPayment).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('tier 4 penalty: a card Stripe.js refuses shows its message and nothing is sent', async () => {
    const fetchMock = api([activeProject({ id: 'p1', title: 'CTO', tier: 4, cost: 25000 })], [], {
      'POST /api/check-penalty': () => ({
        body: { hasPenalty: true, penaltyAmount: 15000, monthsRemaining: 1, subscriptionFee: 25000 },
      }),
    });
    mockCreatePaymentMethod.mockResolvedValue({ ok: false, error: 'Invalid card details.' });
    const user = await renderDashboard();
    const dialog = await openCancelDialog(user, 'Early-Cancellation Penalty');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Moving on');
    await user.click(within(dialog).getByRole('button', { name: 'Enter test card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay $15,000 and Cancel' }));
    expect(await screen.findByText('Invalid card details.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/cancel-project')).toHaveLength(0);
  });
});

describe('Final payment', () => {
  const finalProject = (overrides: Partial<Project> = {}) =>
    activeProject({ id: 'p1', title: 'Basic site', tier: 1, status: 'pending_final_payment', ...overrides });

  it('defaults to $250 for tier 1, pays with a payment method and says Payment Successful; the project is completed in place', async () => {
    const fetchMock = api([finalProject()], [], {
      'POST /api/process-final-payment': changes('p1', { status: 'completed', is_active: false }),
    });
    mockCreatePaymentMethod.mockResolvedValue({ ok: true, paymentMethod: { id: 'pm_7' } });
    const user = await renderDashboard();
    await openTab(user, 'Final Payment');
    await user.click(
      within(await screen.findByRole('article', { name: 'Basic site' })).getByRole('button', {
        name: 'Pay $250',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Final Payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay $250' }));
    expect(await within(dialog).findByText('Invalid card details.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enter test card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay $250' }));
    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST /api/process-final-payment')).toEqual({
      projectId: 'p1',
      paymentMethodId: 'pm_7',
    });
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Basic site' })).not.toBeInTheDocument(),
    );
    await openTab(user, 'Completed Projects');
    expect(
      within(await screen.findByRole('article', { name: 'Basic site' })).getByText('Completed'),
    ).toBeInTheDocument();
  });

  it("uses the stored amount; a declined charge says 'Your card was declined.' and 'Payment failed, please try again.' in the dialog", async () => {
    api([finalProject({ final_payment_amount: 900 })], [], {
      'POST /api/process-final-payment': () => ({
        status: 402,
        body: { error: 'Payment failed, please try again.', code: 'card_declined' },
      }),
    });
    mockCreatePaymentMethod.mockResolvedValue({ ok: true, paymentMethod: { id: 'pm_7' } });
    const user = await renderDashboard();
    await openTab(user, 'Final Payment');
    await user.click(
      within(await screen.findByRole('article', { name: 'Basic site' })).getByRole('button', {
        name: 'Pay $900',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Final Payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Enter test card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay $900' }));
    expect(await within(dialog).findByText('Payment failed, please try again.')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Your card was declined. Payment failed, please try again.',
    );
    expect(screen.getByRole('dialog', { name: 'Final Payment' })).toBeInTheDocument();
  });

  /** GET /api/billing as the server answers it for a client with a Visa ending in 4242 on file. */
  const withSavedCard: Record<string, PortalHandler> = {
    'GET /api/billing': () => ({
      body: {
        details: null,
        documents: [],
        upcoming: [],
        savedCard: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, paymentMethodId: 'pm_saved' },
      },
    }),
  };
  async function openFinalPayment(user: ReturnType<typeof userEvent.setup>, pay = 'Pay $250') {
    await openTab(user, 'Final Payment');
    await user.click(
      within(await screen.findByRole('article', { name: 'Basic site' })).getByRole('button', { name: pay }),
    );
    return screen.findByRole('dialog', { name: 'Final Payment' });
  }

  it('offers the saved card first: paid with it, no card typed and no payment method made', async () => {
    const fetchMock = api([finalProject()], [], {
      ...withSavedCard,
      'POST /api/process-final-payment': changes('p1', { status: 'completed', is_active: false }),
    });
    const user = await renderDashboard();
    const dialog = await openFinalPayment(user);
    const saved = await within(dialog).findByRole('radio', {
      name: 'Pay with the saved card (Visa •••• 4242)',
    });
    expect(saved).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'A new card' })).not.toBeChecked();
    expect(within(dialog).queryByRole('button', { name: 'Enter test card' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $250' }));
    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    expect(mockCreatePaymentMethod).not.toHaveBeenCalled();
    expect(requestBody(fetchMock, 'POST /api/process-final-payment')).toEqual({
      projectId: 'p1',
      paymentMethodId: 'saved_card',
    });
  });

  it('a new card instead of the saved one: the card field appears and its payment method pays', async () => {
    const fetchMock = api([finalProject()], [], {
      ...withSavedCard,
      'POST /api/process-final-payment': changes('p1', { status: 'completed', is_active: false }),
    });
    mockCreatePaymentMethod.mockResolvedValue({ ok: true, paymentMethod: { id: 'pm_new' } });
    const user = await renderDashboard();
    const dialog = await openFinalPayment(user);
    await user.click(await within(dialog).findByRole('radio', { name: 'A new card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay $250' }));
    expect(await within(dialog).findByText('Invalid card details.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enter test card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay $250' }));
    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST /api/process-final-payment')).toEqual({
      projectId: 'p1',
      paymentMethodId: 'pm_new',
    });
  });

  it('the early-cancellation penalty offers the saved card the same way: paid with it, no card typed', async () => {
    const fetchMock = api([activeProject({ id: 'p1', title: 'CTO', tier: 4, cost: 25000 })], [], {
      ...withSavedCard,
      'POST /api/check-penalty': () => ({
        body: { hasPenalty: true, penaltyAmount: 30000, monthsRemaining: 2, subscriptionFee: 25000 },
      }),
      'POST /api/cancel-project': changes('p1', CANCELLED, { refundIssued: false, refundAmount: 0 }),
    });
    const user = await renderDashboard();
    const dialog = await openCancelDialog(user, 'Early-Cancellation Penalty');
    expect(
      await within(dialog).findByRole('radio', { name: 'Pay with the saved card (Visa •••• 4242)' }),
    ).toBeChecked();
    expect(within(dialog).queryByRole('button', { name: 'Enter test card' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Moving on');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $30,000 and Cancel' }));
    expect(await screen.findByText('Project Cancelled')).toBeInTheDocument();
    expect(mockCreatePaymentMethod).not.toHaveBeenCalled();
    expect(requestBody(fetchMock, 'POST /api/cancel-project')).toEqual({
      projectId: 'p1',
      cancelledBy: 'client',
      cancellationReason: 'Moving on',
      paymentMethodId: 'saved_card',
    });
  });

  it("the saved card declined: the bank's reason under the choice, the dialog stays open to try a new card", async () => {
    api([finalProject()], [], {
      ...withSavedCard,
      'POST /api/process-final-payment': () => ({
        status: 402,
        body: { error: 'Payment failed, please try again.', code: 'card_declined' },
      }),
    });
    const user = await renderDashboard();
    const dialog = await openFinalPayment(user);
    await within(dialog).findByRole('radio', { name: /saved card/ });
    await user.click(within(dialog).getByRole('button', { name: 'Pay $250' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your card was declined. Payment failed, please try again.',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'A new card' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Enter test card' })).toBeInTheDocument();
  });

  it("shows the payment library's own message when Stripe is not loaded", async () => {
    api([finalProject()]);
    mockCreatePaymentMethod.mockResolvedValue({
      ok: false,
      error: 'Stripe is not loaded. Please refresh the page.',
    });
    const user = await renderDashboard();
    await openTab(user, 'Final Payment');
    await user.click(
      within(await screen.findByRole('article', { name: 'Basic site' })).getByRole('button', {
        name: 'Pay $250',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Final Payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Enter test card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay $250' }));
    expect(await screen.findByText('Stripe is not loaded. Please refresh the page.')).toBeInTheDocument();
  });
});

describe('Request a Service', () => {
  async function openRequest(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'Request Service' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a Service' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Service Type/ })).toHaveFocus());
    return dialog;
  }

  it("an empty form: 'Please fill out all required fields.' and nothing is sent", async () => {
    const fetchMock = api([]);
    const user = await renderDashboard();
    const dialog = await openRequest(user);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please fill out all required fields.',
    );
    expect(within(dialog).getByRole('combobox', { name: /Service Type/ })).toHaveFocus();
    expect(fetchMock.mock.calls.filter(([, init]) => (init as RequestInit).method === 'POST')).toHaveLength(
      0,
    );
  });

  it('tier 3 needs budget and timeline, then creates the project and says Service Request Submitted; it shows in Pending', async () => {
    const created = aProject({
      id: 'new',
      title: 'Platform rebuild',
      tier: 3,
      monthly_budget_range: '15k-50k',
      timeline: '2-3-months',
    });
    const fetchMock = api([], [], {
      'POST /api/create-project': (_init, _url, fake) => {
        fake.state.projects = [...fake.state.projects, created];
        return { status: 201, body: { id: 'new', project: created } };
      },
    });
    const user = await renderDashboard();
    const dialog = await openRequest(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Service Type/ }), '3');
    await user.type(within(dialog).getByRole('textbox', { name: /Project Name/ }), 'Platform rebuild');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Description/ }),
      'Rebuild our data platform',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please fill out all required fields.',
    );
    expect(within(dialog).getByRole('combobox', { name: /Monthly Budget/ })).toHaveFocus();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Monthly Budget/ }), '15k-50k');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Timeline/ }), '2-3-months');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Service Request Submitted')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST /api/create-project')).toEqual({
      title: 'Platform rebuild',
      tier: 3,
      status: 'pending',
      description: 'Rebuild our data platform',
      client: 'Ada Lovelace',
      clientEmail: 'ada@example.test',
      monthly_budget_range: '15k-50k',
      timeline: '2-3-months',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const newCard = await screen.findByRole('article', { name: 'Platform rebuild' });
    expect(within(newCard).getByText('$15,000 - $50,000')).toBeInTheDocument();
    expect(within(newCard).getByText('$15,000/month')).toBeInTheDocument();
  });

  it("a too-short description is flagged; a failed create says 'Failed to create project.'", async () => {
    api([], [], { 'POST /api/create-project': () => ({ status: 500, body: { error: 'db down' } }) });
    const user = await renderDashboard();
    const dialog = await openRequest(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Service Type/ }), '4');
    await user.type(within(dialog).getByRole('textbox', { name: /Project Name/ }), 'CTO');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'short');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Monthly Budget/ }), '50k-plus');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Timeline/ }), 'asap');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(
      await within(dialog).findByText('Project description must be at least 10 characters'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), ' and longer now');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Failed to create project.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Request a Service' })).toBeInTheDocument();
  });

  async function fillTier1(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Service Type/ }), '1');
    await user.type(within(dialog).getByRole('textbox', { name: /Project Name/ }), 'Bakery site');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'A site for our bakery');
  }

  it('tier 1 needs a complete card, then pays the deposit as a purchase and waits for the project', async () => {
    const fetchMock = api([], [], {
      'POST /api/stripe-downpayment-intent': () => ({
        body: { clientSecret: 'pi_1_secret', customerId: 'cus_1', paymentIntentId: 'pi_1' },
      }),
      'GET /api/purchase-status/pi_1': () => ({ body: { status: 'fulfilled', projectId: 'new' } }),
    });
    mockConfirmCardPayment.mockResolvedValue({ ok: true, paymentIntent: { id: 'pi_1' } });
    const user = await renderDashboard();
    const dialog = await openRequest(user);
    await fillTier1(user, dialog);
    expect(within(dialog).queryByRole('combobox', { name: /Monthly Budget/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $250 and Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please fill out all required fields.',
    );
    expect(requestsTo(fetchMock, 'POST /api/stripe-downpayment-intent')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Enter test card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay $250 and Submit' }));
    expect(await screen.findByText('Service Request Submitted')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST /api/stripe-downpayment-intent')).toMatchObject({
      amount: 25000,
      currency: 'usd',
      email: 'ada@example.test',
      userId: 'u1',
      metadata: { type: 'purchase', tier: 1, clientName: 'Ada Lovelace' },
      customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', acceptedTerms: true },
    });
    expect(mockConfirmCardPayment).toHaveBeenCalledWith('pi_1_secret', {
      name: 'Ada Lovelace',
      email: 'ada@example.test',
    });
    expect(requestsTo(fetchMock, 'POST /api/create-project')).toHaveLength(0);
  });

  it('tier 1 with a declined card says so beside the card; the next card pays and no error stays behind', async () => {
    api([], [], {
      'POST /api/stripe-downpayment-intent': () => ({
        body: { clientSecret: 'pi_1_secret', customerId: 'cus_1', paymentIntentId: 'pi_1' },
      }),
      'GET /api/purchase-status/pi_1': () => ({ body: { status: 'fulfilled', projectId: 'new' } }),
    });
    mockConfirmCardPayment
      .mockResolvedValueOnce({
        ok: false,
        error: 'Payment failed, please try again.',
        stripeError: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      })
      .mockResolvedValueOnce({ ok: true, paymentIntent: { id: 'pi_1' } });
    const user = await renderDashboard();
    const dialog = await openRequest(user);
    await fillTier1(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Enter test card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay $250 and Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your card was declined. Payment failed. Please try again',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Pay $250 and Submit' }));
    expect(await screen.findByText('Service Request Submitted')).toBeInTheDocument();
    expect(screen.queryByText('Payment failed. Please try again')).not.toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });

  it('tier 1 with a refunded purchase shows the spec message', async () => {
    api([], [], {
      'POST /api/stripe-downpayment-intent': () => ({
        body: { clientSecret: 'pi_1_secret', customerId: 'cus_1', paymentIntentId: 'pi_1' },
      }),
      'GET /api/purchase-status/pi_1': () => ({ body: { status: 'refunded', projectId: null } }),
    });
    mockConfirmCardPayment.mockResolvedValue({ ok: true, paymentIntent: { id: 'pi_1' } });
    const user = await renderDashboard();
    const dialog = await openRequest(user);
    await fillTier1(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Enter test card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay $250 and Submit' }));
    expect(
      await screen.findByText('Payment successful but failed to create project. Please contact support.'),
    ).toBeInTheDocument();
  });

  it('tier 2: a failed intent request shows the generic message', async () => {
    api([], [], {
      'POST /api/stripe-downpayment-intent': () => ({
        status: 503,
        body: { error: 'Payments are not configured' },
      }),
    });
    const user = await renderDashboard();
    const dialog = await openRequest(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Service Type/ }), '2');
    await user.type(within(dialog).getByRole('textbox', { name: /Project Name/ }), 'Shop');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Description/ }),
      'An online shop with accounts',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enter test card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay $700 and Submit' }));
    expect(
      await screen.findByText(
        'Something went wrong. Please try again. If the problem persists, please contact support.',
      ),
    ).toBeInTheDocument();
    expect(mockConfirmCardPayment).not.toHaveBeenCalled();
  });
});
