import { act, screen, waitFor, within } from '@testing-library/react';
import {
  activeProject,
  aProject,
  awaitingApproval,
  fakePortalApi,
  renderAt,
  setTestAppConfig,
} from '../testing/render-dashboard';
import { stubLayout } from '../testing/layout-stub';
import ClientDashboard from './client-dashboard';

// Each project card renders its Activity button once per render: counting those counts the cards' renders.
const mockCardRenders = new Map<string, number>();
jest.mock('../components/activity-dialog', () => {
  const actual = jest.requireActual('../components/activity-dialog');
  return {
    ...actual,
    ActivityButton: (props: { project: { id: string } }) => {
      mockCardRenders.set(props.project.id, (mockCardRenders.get(props.project.id) ?? 0) + 1);
      return actual.ActivityButton(props);
    },
  };
});
jest.mock('@agency/auth', () => ({
  ...jest.requireActual('@agency/auth'),
  getAccessToken: async () => 'user-token',
}));

beforeEach(() => setTestAppConfig());
stubLayout();

describe('ClientDashboard: a change updates one card in place', () => {
  it("the consultancy's change to one project re-renders its card only and reads no list again", async () => {
    const projects = [
      aProject({ id: 'p1', title: 'First request' }),
      aProject({ id: 'p2', title: 'Second request' }),
      aProject({ id: 'p3', title: 'Third request' }),
    ];
    const api = fakePortalApi({ projects });
    renderAt(<ClientDashboard />);
    await screen.findByRole('article', { name: 'Third request' });
    await waitFor(() => expect(api.streams).toBe(1));
    // Let the first renders and the idle reads of the other tabs settle.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    mockCardRenders.clear();
    const from = api.routes().length;
    act(() =>
      api.changeProject(awaitingApproval({ id: 'p2', title: 'Second request' }), {
        action: 'admin_accept',
        actorRole: 'ADMIN',
      }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Second request' })).getByText('Awaiting Your Approval'),
      ).toBeInTheDocument(),
    );
    expect([...mockCardRenders.keys()]).toEqual(['p2']);
    // The project itself is read, and the bell's count (the change made a notification): no list.
    expect(api.routes().slice(from).sort()).toEqual(['GET /api/notifications', 'GET /api/projects/p2']);
  });

  it('a project that moves to another tab leaves this one and the counts follow', async () => {
    const api = fakePortalApi({
      projects: [
        awaitingApproval({ id: 'p1', title: 'Proposal' }),
        activeProject({ id: 'p0', title: 'Running' }),
      ],
    });
    renderAt(<ClientDashboard />);
    await screen.findByRole('article', { name: 'Proposal' });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /^Active Projects/ })).toHaveAccessibleName(
        'Active Projects (1 project)',
      ),
    );
    await waitFor(() => expect(api.streams).toBe(1));
    act(() =>
      api.changeProject(activeProject({ id: 'p1', title: 'Proposal' }), {
        action: 'client_accept',
        actorRole: 'CLIENT',
        notifies: false,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Proposal' })).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /^Active Projects/ })).toHaveAccessibleName(
        'Active Projects (2 projects)',
      ),
    );
    expect(await screen.findByText('You have no pending projects.')).toBeInTheDocument();
  });
});

describe('ClientDashboard: an open dialog shows the project as it is now', () => {
  it('a fee the admin changes while the client reads the approval dialog is the fee the dialog shows', async () => {
    const api = fakePortalApi({
      projects: [awaitingApproval({ id: 'p1', title: 'Senior help', tier: 3, cost: 15000 })],
    });
    renderAt(<ClientDashboard />);
    const card = await screen.findByRole('article', { name: 'Senior help' });
    await waitFor(() => expect(api.streams).toBe(1));
    act(() => within(card).getByRole('button', { name: 'Approve' }).click());
    const dialog = await screen.findByRole('dialog', { name: 'Approve Project' });
    expect(within(dialog).getByText(/\$15,000\/month/)).toBeInTheDocument();

    act(() =>
      // The admin's edit sends a new proposal version (issue 33): the dialog reads it.
      api.changeProject(
        awaitingApproval({ id: 'p1', title: 'Senior help', tier: 3, cost: 20000, proposal_version: 2 }),
        {
          action: 'admin_edit',
          actorRole: 'ADMIN',
        },
      ),
    );
    expect(await within(dialog).findByText(/\$20,000\/month/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/\$15,000\/month/)).not.toBeInTheDocument();
  });
});
