import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Project } from '@agency/domain';
import { useAuthStore } from '@agency/auth';
import { loadOverlays } from '@agency/ui';
import {
  ACTIVE,
  aProject,
  aTicket,
  callsTo,
  fakePortalApi,
  fakeProposal,
  REFUSED,
  renderDashboard,
  requestBody,
  signedInAsAdmin,
  type PortalHandler,
} from '../testing/render-dashboard';
import { stubLayout } from '../testing/layout-stub';
import AdminDashboard from './admin-dashboard';

/** The admin's project actions, as the server answers them (each returns the project as it now is). */
function projectActions(): Record<string, PortalHandler> {
  return {
    'POST /api/projects/*': (_init, url, api) => {
      const id = url.pathname.split('/')[3];
      const project = api.state.projects.find((p) => p.id === id)!;
      const accept = url.pathname.endsWith('/accept') || url.pathname.endsWith('/proposal');
      const next: Project = accept
        ? { ...project, admin_approval_status: 'accepted', proposal_version: 1 }
        : { ...project, ...REFUSED };
      api.state.projects = api.state.projects.map((p) => (p.id === id ? next : p));
      const refund = !accept && project.stripe_payment_intent_id;
      return {
        body: {
          project: next,
          ...(accept && { proposal: fakeProposal(next) }),
          refundIssued: Boolean(refund),
          refundAmount: refund ? project.downpayment : 0,
        },
      };
    },
    'PATCH /api/projects/*': (init, url, api) => {
      const id = url.pathname.split('/')[3];
      const next = {
        ...api.state.projects.find((p) => p.id === id)!,
        ...(JSON.parse(String(init.body)) as Partial<Project>),
      };
      api.state.projects = api.state.projects.map((p) => (p.id === id ? next : p));
      return { body: { project: next } };
    },
    'POST /api/complete-project': (init, _url, api) => {
      const { projectId } = JSON.parse(String(init.body)) as { projectId: string };
      const project = api.state.projects.find((p) => p.id === projectId)!;
      const next: Project = {
        ...project,
        status: (project.tier ?? 0) <= 2 ? 'pending_final_payment' : 'completed',
      };
      api.state.projects = api.state.projects.map((p) => (p.id === projectId ? next : p));
      return { body: { project: next } };
    },
    'POST /api/cancel-project': (init, _url, api) => {
      const { projectId, issueRefund } = JSON.parse(String(init.body)) as {
        projectId: string;
        issueRefund: boolean;
      };
      const project = api.state.projects.find((p) => p.id === projectId)!;
      const next = { ...project, cancelled: true, is_active: false };
      api.state.projects = api.state.projects.map((p) => (p.id === projectId ? next : p));
      return {
        body: {
          refundIssued: issueRefund,
          refundAmount: issueRefund ? project.downpayment : 0,
          project: next,
        },
      };
    },
  };
}

function server(
  initial: Parameters<typeof fakePortalApi>[0] = {},
  overrides: Record<string, PortalHandler> = {},
) {
  return fakePortalApi(initial, { ...projectActions(), ...overrides });
}

const card = (name: string) => screen.getByRole('article', { name });
const stat = (name: string) => screen.getByRole('group', { name }).querySelector('[data-part="value"]');
/** GET /api/projects calls for one view (the list's page requests). */
const pageRequests = (fetchMock: jest.Mock, view: string) =>
  fetchMock.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input));
    return (
      ((init as RequestInit | undefined)?.method ?? 'GET') === 'GET' &&
      url.pathname === '/api/projects' &&
      url.searchParams.get('view') === view
    );
  }).length;

async function openTab(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('tab', { name: new RegExp(`^${name}`) }));
}

// The overlay chunk (Dialog, Tabs, Pagination) loads once; the first import is slow in jsdom.
beforeAll(() => loadOverlays());
signedInAsAdmin();
stubLayout();

describe('AdminDashboard: header, stat cards and loading', () => {
  it('shows the header, the live status, five stat cards from the server counts (each the count of its tab) and six tabs', async () => {
    const api = server({
      projects: [
        aProject(),
        aProject({ admin_approval_status: 'accepted' }),
        aProject(ACTIVE),
        aProject({ ...ACTIVE, tier: 1, status: 'pending_final_payment' }),
        aProject({ ...ACTIVE, status: 'completed', is_active: false }),
        aProject({ ...ACTIVE, cancelled: true }),
        aProject(REFUSED),
        // Withdrawn by the client while pending: refused and cancelled, listed under Refused only.
        aProject({ ...REFUSED, cancelled: true, cancellation_reason: 'Changed my mind' }),
      ],
      revenue: 12450,
    });
    renderDashboard(<AdminDashboard />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(stat('Pending Projects')).toHaveTextContent('2'));
    expect(stat('Active Projects')).toHaveTextContent('1');
    expect(stat('Pending Final Payment')).toHaveTextContent('1');
    await waitFor(() => expect(stat('Monthly Revenue')).toHaveTextContent('$12,450'));
    // The Completed card counts what the Completed tab lists: the completed and the cancelled project.
    expect(stat('Completed Projects')).toHaveTextContent('2');
    expect(screen.getAllByRole('tab').map((t) => t.textContent?.replace(/\d+\(.*\)$/, ''))).toEqual([
      'Project Queue',
      'Active Projects',
      'Pending Final Payment',
      'Completed Projects',
      'Refused Projects',
      'Inbox',
    ]);
    expect(screen.getByRole('tab', { name: /^Completed Projects/ })).toHaveAccessibleName(
      'Completed Projects (2 projects)',
    );
    expect(screen.getByRole('tab', { name: /^Refused Projects/ })).toHaveAccessibleName(
      'Refused Projects (2 projects)',
    );
    expect(await screen.findByText('Live updates on')).toBeInTheDocument();
    expect(api.streams).toBe(1);
    expect(callsTo(api.fetchMock, 'GET /api/project-counts').length).toBeGreaterThanOrEqual(1);
  });

  it('a list that cannot be read says so and retries; the counts failing shows the dashboard error', async () => {
    let fail = true;
    const api = server(
      { projects: [aProject({ title: 'Back again' })] },
      {
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
      },
    );
    const realList = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) =>
      fail && new URL(String(input)).pathname === '/api/projects'
        ? { ok: false, status: 500, text: async () => '{}', json: async () => ({}) }
        : realList(input, init),
    );
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(
        expect.arrayContaining([
          expect.stringContaining("We're having trouble loading the dashboard data."),
          expect.stringContaining('The projects could not be loaded.'),
        ]),
      ),
    );
    fail = false;
    await user.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByRole('article', { name: 'Back again' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it("the revenue reads 'Unavailable' when only the revenue call fails", async () => {
    server(
      {},
      { 'GET /api/monthly-revenue': () => ({ status: 503, body: { error: 'Payments are not configured' } }) },
    );
    renderDashboard(<AdminDashboard />);
    await waitFor(() => expect(stat('Monthly Revenue')).toHaveTextContent('Unavailable'));
    expect(await screen.findByText('No projects are waiting in the queue.')).toBeInTheDocument();
  });

  it('Logout signs out and returns to /', async () => {
    server();
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /' })).toBeInTheDocument();
    expect(useAuthStore.getState().status).toBe('logged-out');
  });
});

describe('AdminDashboard: Project Queue', () => {
  it("Accept says 'Project Accepted', updates the card in place, keeps focus on it and refetches no list", async () => {
    const project = aProject({ title: 'Platform rewrite' });
    const api = server({ projects: [project] });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    const item = await screen.findByRole('article', { name: 'Platform rewrite' });
    expect(within(item).getByText('Pending')).toBeInTheDocument();
    await waitFor(() => expect(pageRequests(api.fetchMock, 'finalPayment')).toBe(1));
    const before = pageRequests(api.fetchMock, 'pending');
    // Accepting is sending a proposal (issue 33): scope and deliverables start from the request.
    await user.click(within(item).getByRole('button', { name: 'Accept' }));
    const send = await screen.findByRole('dialog', { name: 'Send Proposal' });
    // A subscription (tier 3) without a cost has no fee to start from: the admin sets the monthly fee.
    await user.type(within(send).getByRole('textbox', { name: /Monthly fee/ }), '8000');
    await user.click(within(send).getByRole('button', { name: 'Send Proposal' }));
    expect(await screen.findByText('Project Accepted')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card('Platform rewrite')).getByText('Awaiting Client Approval')).toBeInTheDocument(),
    );
    expect(
      within(card('Platform rewrite')).queryByRole('button', { name: 'Accept' }),
    ).not.toBeInTheDocument();
    await waitFor(() => expect(card('Platform rewrite')).toHaveFocus());
    expect(callsTo(api.fetchMock, `POST /api/projects/${project.id}/proposal`)).toHaveLength(1);
    expect(requestBody(api.fetchMock, `POST /api/projects/${project.id}/proposal`)).toMatchObject({
      scope: 'A project description',
      monthlyFee: 8000,
    });
    expect(pageRequests(api.fetchMock, 'pending')).toBe(before);
  });

  it('Refuse asks first, then refuses; the project leaves the queue for Refused Projects', async () => {
    const project = aProject({
      title: 'Small site',
      tier: 1,
      cost: 500,
      downpayment: 250,
      stripe_payment_intent_id: 'pi_1',
    });
    const api = server({ projects: [project] });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await user.click(
      within(await screen.findByRole('article', { name: 'Small site' })).getByRole('button', {
        name: 'Refuse',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Refuse Project' });
    expect(within(dialog).getByText("The client's deposit of $250 is refunded first.")).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('Project Refused')).toBeInTheDocument();
    expect(screen.getByText('A refund of $250 has been issued.')).toBeInTheDocument();
    expect(callsTo(api.fetchMock, `POST /api/projects/${project.id}/refuse`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Small site' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(stat('Pending Projects')).toHaveTextContent('0'));
    await openTab(user, 'Refused Projects');
    expect(
      within(await screen.findByRole('article', { name: 'Small site' })).getByText('Refused'),
    ).toBeInTheDocument();
  });

  it("a failed refusal shows the server's message and keeps the project in the queue", async () => {
    const project = aProject({
      title: 'Small site',
      tier: 1,
      downpayment: 250,
      stripe_payment_intent_id: 'pi_1',
    });
    server(
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
    await user.keyboard('{Escape}');
    await waitFor(() => expect(card('Small site')).toBeInTheDocument());
    expect(within(card('Small site')).getByText('Pending')).toBeInTheDocument();
  });

  it("Edit opens a dialog with every field, sends the changes and says 'Project Updated'", async () => {
    const project = aProject({ title: 'Old title', tier: 4 });
    const api = server({ projects: [project] });
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
      /^Cost \(USD per month\)/,
    ]) {
      expect(within(dialog).getByRole('textbox', { name: label })).toBeInTheDocument();
    }
    // The Stripe price is derived on the server; a subscription has no downpayment (issue 33).
    expect(within(dialog).queryByRole('textbox', { name: /Stripe Price ID/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /^Downpayment/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Tier' })).toHaveValue('4');
    const title = within(dialog).getByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(callsTo(api.fetchMock, `PATCH /api/projects/${project.id}`)).toHaveLength(0);
    await user.type(title, 'New title');
    await user.type(within(dialog).getByRole('textbox', { name: /^Cost/ }), '20000');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Project Updated')).toBeInTheDocument();
    expect(requestBody(api.fetchMock, `PATCH /api/projects/${project.id}`)).toEqual({
      title: 'New title',
      description: 'A project description',
      tier: 4,
      client_name: 'Ada Lovelace',
      client_email: 'ada@example.test',
      company: 'Engines Ltd',
      cost: 20000,
    });
    const renamed = await screen.findByRole('article', { name: 'New title' });
    expect(within(renamed).getByText('$20,000/month')).toBeInTheDocument();
  });

  it("edit is blocked once both sides accepted: disabled with the reason, and the server's 409 message is shown", async () => {
    const active = aProject({ ...ACTIVE, title: 'Running project' });
    const pending = aProject({ title: 'Just accepted by the client' });
    server(
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

  it('shows budget and timeline as labels, and a subscription without a cost at its tier default', async () => {
    server({
      projects: [
        aProject({
          title: 'CTO help',
          tier: 4,
          cost: null,
          monthly_budget_range: '50k-plus',
          timeline: 'asap',
        }),
      ],
    });
    renderDashboard(<AdminDashboard />);
    const item = await screen.findByRole('article', { name: 'CTO help' });
    expect(within(item).getByText('$50,000+')).toBeInTheDocument();
    expect(within(item).getByText('ASAP')).toBeInTheDocument();
    expect(within(item).getByText('$25,000/month (tier default)')).toBeInTheDocument();
    expect(within(item).queryByText('50k-plus')).not.toBeInTheDocument();
  });

  it('the queue card shows the preferred slot in the sender’s time zone and the reference the client was given', async () => {
    server({
      projects: [
        aProject({
          id: '9f3c2a1b-0000-4000-8000-000000000001',
          title: 'Consult me',
          preferred_slot: { date: '2026-12-08', time: '14:30', timeZone: 'Europe/Berlin' },
        }),
        aProject({ title: 'No slot', preferred_slot: null }),
      ],
    });
    renderDashboard(<AdminDashboard />);
    const item = await screen.findByRole('article', { name: 'Consult me' });
    expect(within(item).getByText('Preferred time')).toBeInTheDocument();
    expect(within(item).getByText('Tue, Dec 8, 2026 at 14:30 (Europe/Berlin)')).toBeInTheDocument();
    expect(within(item).getByText('9F3C-2A1B')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'No slot' })).queryByText('Preferred time'),
    ).not.toBeInTheDocument();
  });

  it('search, tier and sort are asked of the server; pages go 10 at a time', async () => {
    const projects = Array.from({ length: 12 }, (_, i) =>
      aProject({ title: `Request ${String(i + 1).padStart(2, '0')}`, tier: i % 2 ? 3 : 4 }),
    );
    const api = server({
      projects: [...projects, aProject({ title: 'Bakery website', client_name: 'Grace Hopper' })],
    });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await screen.findByRole('article', { name: 'Bakery website' });
    expect(screen.getAllByRole('article')).toHaveLength(10);
    const nav = screen.getByRole('navigation', { name: 'Project Queue pages' });
    expect(within(nav).getByText('Page 1 of 2 (13 projects)')).toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: /Next page/ }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(screen.getByText('Page 2 of 2 (13 projects)')).toBeInTheDocument();

    const search = screen.getByRole('search', { name: 'Search and sort Project Queue' });
    await user.type(within(search).getByRole('searchbox', { name: 'Search' }), 'grace');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('article', { name: 'Bakery website' })).toBeInTheDocument();
    const last = new URL(
      String(api.fetchMock.mock.calls.filter(([u]) => String(u).includes('view=pending')).at(-1)![0]),
    );
    expect(Object.fromEntries(last.searchParams)).toEqual({
      view: 'pending',
      sort: 'newest',
      limit: '10',
      q: 'grace',
    });

    await user.clear(within(search).getByRole('searchbox', { name: 'Search' }));
    await user.selectOptions(within(search).getByRole('combobox', { name: 'Tier' }), '3');
    await user.selectOptions(within(search).getByRole('combobox', { name: 'Sort' }), 'title');
    await waitFor(() =>
      expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
        'Bakery website',
        'Request 02',
        'Request 04',
        'Request 06',
        'Request 08',
        'Request 10',
        'Request 12',
      ]),
    );

    await user.type(within(search).getByRole('searchbox', { name: 'Search' }), 'nothing like it');
    expect(await screen.findByText('No projects match the search.')).toBeInTheDocument();
  });
});

describe('AdminDashboard: Active Projects and boards', () => {
  it('Add Ticket needs a non-blank title; the new ticket shows on the board without refetching it', async () => {
    const project = aProject({ ...ACTIVE, title: 'Running project' });
    const api = server({ projects: [project] });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Active Projects');
    await user.click(await screen.findByRole('button', { name: 'Add Ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Ticket' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Title/ })).toHaveFocus());
    expect(callsTo(api.fetchMock, 'POST /api/tickets')).toHaveLength(0);
    await waitFor(() => expect(screen.getAllByText('No tickets')).toHaveLength(4));
    const boardReads = callsTo(api.fetchMock, 'GET /api/tickets').length;

    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Set up CI');
    await user.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByText('Ticket Created')).toBeInTheDocument();
    expect(requestBody(api.fetchMock, 'POST /api/tickets')).toEqual({
      project_id: project.id,
      title: 'Set up CI',
      assignee: 'Lead Engineer',
      board_type: 'main',
      status: 'not-started',
    });
    expect(
      await within(screen.getByRole('region', { name: 'Not Started' })).findByText('Set up CI'),
    ).toBeInTheDocument();
    expect(callsTo(api.fetchMock, 'GET /api/tickets')).toHaveLength(boardReads);
  });

  it('the forward button moves a ticket one column on and saves it', async () => {
    const project = aProject({ ...ACTIVE, title: 'Running project' });
    const ticket = aTicket(project, { title: 'Write tests' });
    const api = server({ projects: [project], tickets: [ticket] });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Active Projects');
    await user.click(await screen.findByRole('button', { name: 'Move "Write tests" to In Progress' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'In Progress' })).getByText('Write tests'),
      ).toBeInTheDocument(),
    );
    expect(requestBody(api.fetchMock, `PATCH /api/tickets/${ticket.id}`)).toEqual({ status: 'in-progress' });
    await user.click(await screen.findByRole('button', { name: 'Move "Write tests" to In Review' }));
    await user.click(await screen.findByRole('button', { name: 'Move "Write tests" to Done' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Done' })).getByText('Write tests'),
      ).toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: /^Move "Write tests" to/ })).not.toBeInTheDocument();
  });

  it('drag and drop moves a ticket to any column (HTML5 backend)', async () => {
    const project = aProject({ ...ACTIVE });
    const ticket = aTicket(project, { title: 'Drag me' });
    const api = server({ projects: [project], tickets: [ticket] });
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
    expect(requestBody(api.fetchMock, `PATCH /api/tickets/${ticket.id}`)).toEqual({ status: 'done' });
  });

  it('a failed move puts the ticket back and says so', async () => {
    const project = aProject({ ...ACTIVE });
    const ticket = aTicket(project, { title: 'Write tests' });
    server(
      { projects: [project], tickets: [ticket] },
      { 'PATCH /api/tickets/*': () => ({ status: 500, body: {} }) },
    );
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Active Projects');
    await user.click(await screen.findByRole('button', { name: 'Move "Write tests" to In Progress' }));
    expect(await screen.findByText('Something went wrong while moving the ticket.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Not Started' })).getByText('Write tests'),
      ).toBeInTheDocument(),
    );
  });

  it('the picker tells two projects with one title apart; only the picked project’s main board is shown', async () => {
    const first = aProject({
      ...ACTIVE,
      title: 'Website',
      client_name: 'Ada Lovelace',
      created_at: '2026-11-01T10:00:00.000Z',
    });
    const second = aProject({
      ...ACTIVE,
      title: 'Website',
      client_name: 'Grace Hopper',
      created_at: '2026-11-03T10:00:00.000Z',
    });
    server({
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
    const picker = await screen.findByRole('combobox', { name: 'Select a project' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Website · Grace Hopper · Nov 3, 2026', 'Website · Ada Lovelace · Nov 1, 2026']);
    expect(await screen.findByText('Second ticket')).toBeInTheDocument();
    await user.selectOptions(picker, first.id);
    expect(await screen.findByText('First ticket')).toBeInTheDocument();
    expect(screen.queryByText('Second ticket')).not.toBeInTheDocument();
    expect(screen.queryByText('Upkeep')).not.toBeInTheDocument();
  });

  it.each([
    [
      1,
      'Mark "Finishing" as complete? The client is e-mailed to pay the final payment of $250.',
      'Project Marked for Final Payment',
    ],
    [
      3,
      'Complete "Finishing"? Its monthly subscription ends now and the client is told by e-mail.',
      'Project Completed',
    ],
  ] as const)('Complete Project for tier %s asks first, then says so', async (tier, question, toast) => {
    const project = aProject({ ...ACTIVE, tier, title: 'Finishing' });
    const api = server({ projects: [project] });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Active Projects');
    await user.click(await screen.findByRole('button', { name: 'Complete Project' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Complete Project' });
    expect(within(dialog).getByText(question)).toBeInTheDocument();
    expect(callsTo(api.fetchMock, 'POST /api/complete-project')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(api.fetchMock, 'POST /api/complete-project')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Complete Project' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Complete Project' })).getByRole('button', {
        name: 'Complete Project',
      }),
    );
    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(requestBody(api.fetchMock, 'POST /api/complete-project')).toEqual({ projectId: project.id });
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
    const api = server({ projects: [project] });
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
    expect(requestBody(api.fetchMock, 'POST /api/cancel-project')).toEqual({
      projectId: project.id,
      cancelledBy: 'admin',
      issueRefund: true,
      cancellationReason: 'Client went quiet',
    });
    await waitFor(() => expect(screen.getByText('No active projects.')).toBeInTheDocument());
  });

  it("a failed cancel shows 'Something went wrong while cancelling the project.' when the server gives no message", async () => {
    server(
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
  it('the tab just left stays rendered but hidden, so going back is instant; opening a third lets the older go', async () => {
    server({ projects: [aProject({ title: 'Waiting' }), aProject({ ...ACTIVE, title: 'Running' })] });
    const heading = (title: string) => screen.queryByText(title, { selector: 'h2' });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await screen.findByRole('article', { name: 'Waiting' });
    await openTab(user, 'Active Projects');
    await screen.findByRole('article', { name: 'Running' });
    // The queue is still in the page, hidden from sight and from assistive technology.
    expect(screen.queryByRole('article', { name: 'Waiting' })).not.toBeInTheDocument();
    expect(heading('Waiting')).not.toBeVisible();
    await openTab(user, 'Project Queue');
    expect(screen.getByRole('article', { name: 'Waiting' })).toBeVisible();
    expect(heading('Running')).not.toBeVisible();
    await openTab(user, 'Refused Projects');
    await waitFor(() => expect(heading('Running')).not.toBeInTheDocument());
    expect(heading('Waiting')).not.toBeVisible();
  });

  it('once idle, Active Projects is rendered hidden with its first board, so opening it reads nothing', async () => {
    const project = aProject({ ...ACTIVE, title: 'Running' });
    const api = server({
      projects: [aProject({ title: 'Waiting' }), project],
      tickets: [aTicket(project, { title: 'Write tests' })],
    });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await screen.findByRole('article', { name: 'Waiting' });
    // Its page and board are read while idle, then it renders out of sight, the board's tickets included.
    await waitFor(() => expect(screen.queryByText('Write tests')).toBeInTheDocument(), { timeout: 3000 });
    expect(screen.getByText('Write tests')).not.toBeVisible();
    const reads = api.fetchMock.mock.calls.length;
    await openTab(user, 'Active Projects');
    expect(screen.getByText('Write tests')).toBeVisible();
    expect(api.fetchMock.mock.calls.length).toBe(reads);
  });

  it('Completed Projects: the maintenance board is editable and takes maintenance tickets', async () => {
    const project = aProject({ ...ACTIVE, status: 'completed', is_active: false, title: 'Shipped' });
    const api = server({
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
    await user.click(await screen.findByRole('button', { name: 'Move "Patch" to In Progress' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'In Progress' })).getByText('Patch'),
      ).toBeInTheDocument(),
    );
    expect(screen.queryByText('Main work')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Maintenance Ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Maintenance Ticket' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Renew certificate');
    await user.type(within(dialog).getByRole('textbox', { name: /^Assignee/ }), 'Grace');
    await user.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByText('Ticket Created')).toBeInTheDocument();
    expect(requestBody(api.fetchMock, 'POST /api/tickets')).toMatchObject({
      board_type: 'maintenance',
      assignee: 'Grace',
      title: 'Renew certificate',
    });
  });

  it('Pending Final Payment lists the projects awaiting it with the amount due', async () => {
    server({
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

  it('Refused Projects shows 10 per page from the server, with the pages', async () => {
    const refused = Array.from({ length: 23 }, (_, i) => aProject({ title: `Refused ${i + 1}`, ...REFUSED }));
    server({ projects: refused });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Refused Projects');
    await screen.findByRole('article', { name: 'Refused 23' });
    expect(screen.getAllByRole('article')).toHaveLength(10);
    const nav = screen.getByRole('navigation', { name: 'Refused Projects pages' });
    await user.click(within(nav).getByRole('button', { name: /Next page/ }));
    await user.click(await within(nav).findByRole('button', { name: /Next page/ }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(screen.getByRole('article', { name: 'Refused 1' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: /Next page/ })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: /Previous page/ }));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Refused 13' })).toBeInTheDocument());
    expect(screen.getAllByRole('article')).toHaveLength(10);
  });
});

describe('AdminDashboard: live', () => {
  it("a client's change arrives without a reload: the card leaves the queue and the counts follow", async () => {
    const project = aProject({ title: 'Platform rewrite', admin_approval_status: 'accepted' });
    const other = aProject({ title: 'Still waiting' });
    const api = server({ projects: [project, other] });
    renderDashboard(<AdminDashboard />);
    await screen.findByRole('article', { name: 'Platform rewrite' });
    await waitFor(() => expect(api.streams).toBe(1));
    await waitFor(() => expect(stat('Active Projects')).toHaveTextContent('0'));
    act(() =>
      api.changeProject(
        { ...project, ...ACTIVE },
        { action: 'client_accept', actorRole: 'CLIENT', from: 'pending', to: 'active' },
      ),
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Platform rewrite' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Still waiting' })).toBeInTheDocument();
    await waitFor(() => expect(stat('Active Projects')).toHaveTextContent('1'));
    expect(stat('Pending Projects')).toHaveTextContent('1');
    expect(callsTo(api.fetchMock, `GET /api/projects/${project.id}`)).toHaveLength(1);
  });

  it('a new request shows in the open queue', async () => {
    const api = server({ projects: [aProject({ title: 'Older' })] });
    renderDashboard(<AdminDashboard />);
    await screen.findByRole('article', { name: 'Older' });
    await waitFor(() => expect(api.streams).toBe(1));
    const created = aProject({ title: 'Brand new request' });
    api.state.projects = [...api.state.projects, created];
    act(() => api.emit({ projectId: created.id, action: 'created', actorRole: 'CLIENT', to: 'pending' }));
    expect(await screen.findByRole('article', { name: 'Brand new request' })).toBeInTheDocument();
    await waitFor(() => expect(stat('Pending Projects')).toHaveTextContent('2'));
  });
});
