import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Project, Ticket } from '@agency/domain';
import { useAuthStore } from '@agency/auth';
import { loadOverlays, toaster } from '@agency/ui';
import {
  ACTIVE,
  aProject,
  aTicket,
  callsTo,
  mockFetch,
  renderDashboard,
  requestBody,
  setTestAppConfig,
  type Handler,
} from '../../../testing/render-dashboard';
import AdminDashboard from './admin-dashboard';

/** An in-memory API: the handlers read and change these lists like the server would. */
function fakeServer(
  initial: { projects?: Project[]; tickets?: Ticket[]; revenue?: number } = {},
  overrides: Record<string, Handler> = {},
) {
  const state = {
    projects: initial.projects ?? [],
    tickets: initial.tickets ?? [],
    revenue: initial.revenue ?? 0,
  };
  const byId = (url: URL) => state.projects.find((p) => url.pathname.split('/')[3] === p.id)!;
  const replace = (project: Project) =>
    (state.projects = state.projects.map((p) => (p.id === project.id ? project : p)));
  const fetchMock = mockFetch({
    'GET /api/projects': () => ({ body: { projects: state.projects } }),
    'GET /api/tickets': () => ({ body: { tickets: state.tickets } }),
    'GET /api/monthly-revenue': () => ({ body: { revenue: state.revenue } }),
    'POST /api/projects/*': (_init, url) => {
      const project = byId(url);
      const next: Project = url.pathname.endsWith('/accept')
        ? { ...project, admin_approval_status: 'accepted' }
        : { ...project, status: 'refused', admin_approval_status: 'refused', overall_status: 'refused' };
      replace(next);
      const refund = url.pathname.endsWith('/refuse') && project.stripe_payment_intent_id;
      return {
        body: {
          project: next,
          refundIssued: Boolean(refund),
          refundAmount: refund ? project.downpayment : 0,
        },
      };
    },
    'PATCH /api/projects/*': (init, url) => {
      const next = { ...byId(url), ...(JSON.parse(String(init.body)) as Partial<Project>) };
      replace(next);
      return { body: { project: next } };
    },
    'POST /api/tickets': (init) => {
      const body = JSON.parse(String(init.body)) as Ticket;
      const ticket = aTicket(
        state.projects.find((p) => p.id === body.project_id)!,
        { ...body, status: 'not-started' },
      );
      state.tickets = [ticket, ...state.tickets];
      return { status: 201, body: { ticket } };
    },
    'PATCH /api/tickets/*': (init, url) => {
      const id = url.pathname.split('/')[3];
      const { status } = JSON.parse(String(init.body)) as Ticket;
      state.tickets = state.tickets.map((t) => (t.id === id ? { ...t, status } : t));
      return { body: { ticket: state.tickets.find((t) => t.id === id) } };
    },
    'POST /api/complete-project': (init) => {
      const { projectId } = JSON.parse(String(init.body)) as { projectId: string };
      const project = state.projects.find((p) => p.id === projectId)!;
      const next: Project = {
        ...project,
        status: (project.tier ?? 0) <= 2 ? 'pending_final_payment' : 'completed',
      };
      replace(next);
      return { body: { project: next } };
    },
    'POST /api/cancel-project': (init) => {
      const { projectId, issueRefund } = JSON.parse(String(init.body)) as {
        projectId: string;
        issueRefund: boolean;
      };
      const project = state.projects.find((p) => p.id === projectId)!;
      replace({ ...project, cancelled: true, is_active: false });
      return {
        body: { refundIssued: issueRefund, refundAmount: issueRefund ? project.downpayment : 0, project },
      };
    },
    ...overrides,
  });
  return { state, fetchMock };
}

const card = (name: string) => screen.getByRole('article', { name });
const stat = (name: string) => screen.getByRole('group', { name }).querySelector('[data-part="value"]');

async function openTab(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('tab', { name: new RegExp(`^${name}`) }));
}

// The overlay chunk (Dialog, Tabs, Pagination) loads once; the first import is slow in jsdom.
beforeAll(() => loadOverlays());

beforeEach(() => {
  setTestAppConfig();
  useAuthStore.setState({
    status: 'logged-in',
    user: { id: 'admin-1', email: 'admin@consultancy.test', fullName: 'Site Admin' },
    role: 'ADMIN',
    roleLoading: false,
    roleFetchFailed: false,
  });
});
afterEach(() => act(() => toaster.remove()));

describe('AdminDashboard: header, stat cards and loading', () => {
  it('shows the header, five stat cards with counts and the monthly revenue, and the five tabs', async () => {
    fakeServer({
      projects: [
        aProject(),
        aProject({ admin_approval_status: 'accepted' }),
        aProject(ACTIVE),
        aProject({ ...ACTIVE, tier: 1, status: 'pending_final_payment' }),
        aProject({ ...ACTIVE, status: 'completed', is_active: false }),
        aProject({ ...ACTIVE, cancelled: true }),
        aProject({ status: 'refused', admin_approval_status: 'refused', overall_status: 'refused' }),
      ],
      revenue: 12450,
    });
    renderDashboard(<AdminDashboard />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await screen.findByRole('group', { name: 'Monthly Revenue' });
    expect(stat('Pending Projects')).toHaveTextContent('2');
    expect(stat('Active Projects')).toHaveTextContent('1');
    expect(stat('Pending Final Payment')).toHaveTextContent('1');
    expect(stat('Monthly Revenue')).toHaveTextContent('$12,450');
    expect(stat('Completed Projects')).toHaveTextContent('2');
    expect(screen.getAllByRole('tab').map((t) => t.textContent?.replace(/\d+$/, ''))).toEqual([
      'Project Queue',
      'Active Projects',
      'Pending Final Payment',
      'Completed Projects',
      'Refused Projects',
    ]);
  });

  it('shows a loading message, then an error with a retry when the projects cannot be fetched', async () => {
    let fail = true;
    fakeServer(
      { projects: [aProject({ title: 'Back again' })] },
      {
        'GET /api/projects': () =>
          fail
            ? { status: 500, body: { error: 'Something went wrong. Please try again.' } }
            : { body: { projects: [aProject({ title: 'Back again' })] } },
      },
    );
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    // Found while loading; it may be gone again by the next line, so finding it is the assertion.
    await screen.findByText('Loading dashboard...');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We're having trouble loading the dashboard data.",
    );
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Back again' })).toBeInTheDocument();
  });

  it("the revenue reads 'Unavailable' when only the revenue call fails", async () => {
    fakeServer(
      {},
      { 'GET /api/monthly-revenue': () => ({ status: 503, body: { error: 'Payments are not configured' } }) },
    );
    renderDashboard(<AdminDashboard />);
    await screen.findByRole('group', { name: 'Monthly Revenue' });
    expect(stat('Monthly Revenue')).toHaveTextContent('Unavailable');
    expect(screen.getByText('No projects are waiting in the queue.')).toBeInTheDocument();
  });

  it('Logout signs out and returns to /', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /' })).toBeInTheDocument();
    expect(useAuthStore.getState().status).toBe('logged-out');
  });
});

describe('AdminDashboard: Project Queue', () => {
  it("Accept calls the API, says 'Project Accepted' and the label becomes 'Awaiting Client Approval'", async () => {
    const project = aProject({ title: 'Platform rewrite' });
    const { fetchMock } = fakeServer({ projects: [project] });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    const item = await screen.findByRole('article', { name: 'Platform rewrite' });
    expect(within(item).getByText('Pending')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Project Accepted')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card('Platform rewrite')).getByText('Awaiting Client Approval')).toBeInTheDocument(),
    );
    expect(
      within(card('Platform rewrite')).queryByRole('button', { name: 'Accept' }),
    ).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/projects/${project.id}/accept`)).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET /api/projects').length).toBeGreaterThanOrEqual(2);
  });

  it('Refuse asks first, then refuses; a refunded deposit is named in the toast', async () => {
    const project = aProject({
      title: 'Small site',
      tier: 1,
      cost: 500,
      downpayment: 250,
      stripe_payment_intent_id: 'pi_1',
    });
    const { fetchMock } = fakeServer({ projects: [project] });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await user.click(
      within(await screen.findByRole('article', { name: 'Small site' })).getByRole('button', {
        name: 'Refuse',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Refuse Project' });
    expect(within(dialog).getByText("The client's deposit of $250 is refunded first.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('Project Refused')).toBeInTheDocument();
    expect(screen.getByText('A refund of $250 has been issued.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/projects/${project.id}/refuse`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Small site' })).not.toBeInTheDocument(),
    );
    await openTab(user, 'Refused Projects');
    expect(within(card('Small site')).getByText('Refused')).toBeInTheDocument();
  });

  it("a failed refusal shows the server's message and keeps the project in the queue", async () => {
    const project = aProject({
      title: 'Small site',
      tier: 1,
      downpayment: 250,
      stripe_payment_intent_id: 'pi_1',
    });
    fakeServer(
      { projects: [project] },
      {
        'POST /api/projects/*': () => ({
          status: 502,
          body: { error: 'Something went wrong while refunding deposit. Contact support.' },
        }),
      },
    );
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await user.click(
      within(await screen.findByRole('article', { name: 'Small site' })).getByRole('button', {
        name: 'Refuse',
      }),
    );
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Refuse' }));
    expect(
      await screen.findByText('Something went wrong while refunding deposit. Contact support.'),
    ).toBeInTheDocument();
    // The dialog stays open to try again; closed, the project is still in the queue.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(card('Small site')).toBeInTheDocument());
    expect(within(card('Small site')).getByText('Pending')).toBeInTheDocument();
  });

  it("Edit opens a dialog with every field, sends the changes and says 'Project Updated'", async () => {
    const project = aProject({ title: 'Old title', tier: 4, stripe_price_id: 'price_old' });
    const { fetchMock } = fakeServer({ projects: [project] });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await user.click(
      within(await screen.findByRole('article', { name: 'Old title' })).getByRole('button', { name: 'Edit' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Project' });
    for (const label of [
      /^Title/,
      /^Description/,
      /^Client Name/,
      /^Client Email/,
      /^Company/,
      /^Cost/,
      /^Downpayment/,
      /^Stripe Price ID/,
    ]) {
      expect(within(dialog).getByRole('textbox', { name: label })).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('combobox', { name: 'Tier' })).toHaveValue('4');
    const title = within(dialog).getByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, `PATCH /api/projects/${project.id}`)).toHaveLength(0);
    await user.type(title, 'New title');
    await user.type(within(dialog).getByRole('textbox', { name: /^Cost/ }), '20000');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Project Updated')).toBeInTheDocument();
    expect(requestBody(fetchMock, `PATCH /api/projects/${project.id}`)).toEqual({
      title: 'New title',
      description: 'A project description',
      tier: 4,
      client_name: 'Ada Lovelace',
      client_email: 'ada@example.test',
      company: 'Engines Ltd',
      cost: 20000,
      downpayment: null,
      stripe_price_id: 'price_old',
    });
    expect(await screen.findByRole('article', { name: 'New title' })).toBeInTheDocument();
  });

  it("edit is blocked once both sides accepted: disabled with the reason, and the server's 409 message is shown", async () => {
    const active = aProject({ ...ACTIVE, title: 'Running project' });
    const pending = aProject({ title: 'Just accepted by the client' });
    fakeServer(
      { projects: [active, pending] },
      {
        'PATCH /api/projects/*': () => ({
          status: 409,
          body: { error: 'This project can no longer be edited: both sides have accepted it.' },
        }),
      },
    );
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    // A project that the client approved meanwhile: the server refuses the edit and says why.
    await user.click(
      within(await screen.findByRole('article', { name: 'Just accepted by the client' })).getByRole(
        'button',
        { name: 'Edit' },
      ),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Edit Project' })).getByRole('button', {
        name: 'Save Changes',
      }),
    );
    expect(
      await screen.findByText('This project can no longer be edited: both sides have accepted it.'),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await openTab(user, 'Active Projects');
    const edit = within(await screen.findByRole('article', { name: 'Running project' })).getByRole('button', {
      name: 'Edit',
    });
    expect(edit).toBeDisabled();
    expect(edit).toHaveAccessibleDescription(
      'This project can no longer be edited: both sides have accepted it.',
    );
  });
});

describe('AdminDashboard: Active Projects and boards', () => {
  it('Add Ticket needs a non-blank title; description and assignee are optional (default assignee)', async () => {
    const project = aProject({ ...ACTIVE, title: 'Running project' });
    const { fetchMock } = fakeServer({ projects: [project] });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Active Projects');
    await user.click(await screen.findByRole('button', { name: 'Add Ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Ticket' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Title/ })).toHaveFocus();
    expect(callsTo(fetchMock, 'POST /api/tickets')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Set up CI');
    await user.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByText('Ticket Created')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST /api/tickets')).toEqual({
      project_id: project.id,
      title: 'Set up CI',
      assignee: 'Lead Engineer',
      board_type: 'main',
      status: 'not-started',
    });
    const notStarted = await screen.findByRole('region', { name: 'Not Started' });
    expect(await within(notStarted).findByText('Set up CI')).toBeInTheDocument();
  });

  it('the forward button moves a ticket one column on (keyboard too) and saves it', async () => {
    const project = aProject({ ...ACTIVE, title: 'Running project' });
    const ticket = aTicket(project, { title: 'Write tests' });
    const { fetchMock } = fakeServer({ projects: [project], tickets: [ticket] });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Active Projects');
    const forward = await screen.findByRole('button', { name: 'Move "Write tests" to In Progress' });
    forward.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'In Progress' })).getByText('Write tests'),
      ).toBeInTheDocument(),
    );
    expect(requestBody(fetchMock, `PATCH /api/tickets/${ticket.id}`)).toEqual({ status: 'in-progress' });
    await user.click(await screen.findByRole('button', { name: 'Move "Write tests" to In Review' }));
    await user.click(await screen.findByRole('button', { name: 'Move "Write tests" to Done' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Done' })).getByText('Write tests'),
      ).toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: /Move "Write tests"/ })).not.toBeInTheDocument();
  });

  it('drag and drop moves a ticket to any column (HTML5 backend)', async () => {
    const project = aProject({ ...ACTIVE });
    const ticket = aTicket(project, { title: 'Drag me' });
    const { fetchMock } = fakeServer({ projects: [project], tickets: [ticket] });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Active Projects');
    const item = (await screen.findByText('Drag me')).closest('li')!;
    const done = screen.getByRole('region', { name: 'Done' });
    const dataTransfer = {
      dropEffect: 'move',
      effectAllowed: 'all',
      types: [],
      setData: () => {},
      getData: () => '',
      setDragImage: () => {},
    };
    fireEvent.dragStart(item, { dataTransfer });
    fireEvent.dragEnter(done, { dataTransfer });
    fireEvent.dragOver(done, { dataTransfer });
    fireEvent.drop(done, { dataTransfer });
    fireEvent.dragEnd(item, { dataTransfer });
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Done' })).getByText('Drag me')).toBeInTheDocument(),
    );
    expect(requestBody(fetchMock, `PATCH /api/tickets/${ticket.id}`)).toEqual({ status: 'done' });
  });

  it('a failed move puts the ticket back and says so', async () => {
    const project = aProject({ ...ACTIVE });
    const ticket = aTicket(project, { title: 'Write tests' });
    fakeServer(
      { projects: [project], tickets: [ticket] },
      { 'PATCH /api/tickets/*': () => ({ status: 500, body: {} }) },
    );
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Active Projects');
    await user.click(await screen.findByRole('button', { name: 'Move "Write tests" to In Progress' }));
    expect(await screen.findByText('Something went wrong while moving the ticket.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Not Started' })).getByText('Write tests'),
    ).toBeInTheDocument();
  });

  it('only the picked project’s main board is shown', async () => {
    const first = aProject({ ...ACTIVE, title: 'First' });
    const second = aProject({ ...ACTIVE, title: 'Second' });
    fakeServer({
      projects: [first, second],
      tickets: [
        aTicket(first, { title: 'First ticket' }),
        aTicket(second, { title: 'Second ticket' }),
        aTicket(second, { title: 'Upkeep', board_type: 'maintenance' }),
      ],
    });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Active Projects');
    expect(await screen.findByText('First ticket')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Select a project' }), second.id);
    expect(await screen.findByText('Second ticket')).toBeInTheDocument();
    expect(screen.queryByText('First ticket')).not.toBeInTheDocument();
    expect(screen.queryByText('Upkeep')).not.toBeInTheDocument();
  });

  it.each([
    [1, 'Project Marked for Final Payment'],
    [3, 'Project Completed'],
  ] as const)('Complete Project for tier %s says %s', async (tier, toast) => {
    const project = aProject({ ...ACTIVE, tier, title: 'Finishing' });
    const { fetchMock } = fakeServer({ projects: [project] });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Active Projects');
    await user.click(await screen.findByRole('button', { name: 'Complete Project' }));
    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST /api/complete-project')).toEqual({ projectId: project.id });
    await waitFor(() => expect(screen.getByText('No active projects.')).toBeInTheDocument());
  });

  it('Cancel Project with a refund (tier 1/2) and a reason names the refund', async () => {
    const project = aProject({
      ...ACTIVE,
      tier: 2,
      cost: 1400,
      downpayment: 700,
      stripe_payment_intent_id: 'pi_2',
      title: 'Shop',
    });
    const { fetchMock } = fakeServer({ projects: [project] });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Active Projects');
    await user.click(await screen.findByRole('button', { name: 'Cancel Project' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel Project' });
    await user.click(within(dialog).getByRole('checkbox', { name: "Refund the client's deposit ($700)" }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Cancellation reason' }),
      'Client went quiet',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Project' }));
    expect(await screen.findByText('Project Cancelled')).toBeInTheDocument();
    expect(screen.getByText('A refund of $700 has been issued.')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST /api/cancel-project')).toEqual({
      projectId: project.id,
      cancelledBy: 'admin',
      issueRefund: true,
      cancellationReason: 'Client went quiet',
    });
  });

  it("a failed cancel shows 'Something went wrong while cancelling the project.' when the server gives no message", async () => {
    fakeServer(
      { projects: [aProject({ ...ACTIVE, tier: 3 })] },
      { 'POST /api/cancel-project': () => ({ status: 500, body: {} }) },
    );
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Active Projects');
    await user.click(await screen.findByRole('button', { name: 'Cancel Project' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel Project' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Project' }));
    expect(await screen.findByText('Something went wrong while cancelling the project.')).toBeInTheDocument();
  });
});

describe('AdminDashboard: other tabs', () => {
  it('Completed Projects: the maintenance board is editable and takes maintenance tickets', async () => {
    const project = aProject({ ...ACTIVE, status: 'completed', is_active: false, title: 'Shipped' });
    const { fetchMock } = fakeServer({
      projects: [project],
      tickets: [
        aTicket(project, { title: 'Main work', status: 'done' }),
        aTicket(project, { title: 'Patch', board_type: 'maintenance' }),
      ],
    });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Completed Projects');
    expect(await screen.findByRole('heading', { name: 'Maintenance Board' })).toBeInTheDocument();
    expect(screen.queryByText('Main work')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move "Patch" to In Progress' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'In Progress' })).getByText('Patch'),
      ).toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Add Maintenance Ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Maintenance Ticket' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Renew certificate');
    await user.type(within(dialog).getByRole('textbox', { name: /^Assignee/ }), 'Grace');
    await user.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByText('Ticket Created')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST /api/tickets')).toMatchObject({
      board_type: 'maintenance',
      assignee: 'Grace',
      title: 'Renew certificate',
    });
  });

  it('Pending Final Payment lists the projects awaiting it with the amount due', async () => {
    fakeServer({
      projects: [
        aProject({
          ...ACTIVE,
          tier: 1,
          status: 'pending_final_payment',
          final_payment_amount: 250,
          title: 'Almost there',
        }),
      ],
    });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Pending Final Payment');
    const item = await screen.findByRole('article', { name: 'Almost there' });
    expect(within(item).getByText('Pending Final Payment')).toBeInTheDocument();
    expect(within(item).getByText('$250')).toBeInTheDocument();
  });

  it('Refused Projects shows 10 per page with pagination', async () => {
    const refused = Array.from({ length: 23 }, (_, i) =>
      aProject({
        title: `Refused ${i + 1}`,
        status: 'refused',
        admin_approval_status: 'refused',
        overall_status: 'refused',
      }),
    );
    fakeServer({ projects: refused });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Refused Projects');
    await screen.findByRole('article', { name: 'Refused 1' });
    expect(screen.getAllByRole('article')).toHaveLength(10);
    const nav = screen.getByRole('navigation', { name: 'Refused projects pages' });
    await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(screen.getByRole('article', { name: 'Refused 21' })).toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Refused 11' })).toBeInTheDocument());
    expect(screen.getAllByRole('article')).toHaveLength(10);
  });
});
