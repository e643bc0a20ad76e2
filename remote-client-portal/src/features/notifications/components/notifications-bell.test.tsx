import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppNotification } from '@agency/domain';
import { loadOverlays } from '@agency/ui';
import {
  aProject,
  fakePortalApi,
  renderInPortal,
  requestBody,
  setTestAppConfig,
} from '../../../testing/render-dashboard';
import { stubLayout } from '../../../testing/layout-stub';
import { NotificationsBell } from './notifications-bell';

jest.mock('@agency/auth', () => ({
  ...jest.requireActual('@agency/auth'),
  getAccessToken: async () => 'user-token',
}));

beforeAll(() => loadOverlays());
beforeEach(() => setTestAppConfig());
stubLayout();

const project = aProject({ id: 'p1', title: 'Platform rebuild' });
let n = 0;
const aNotification = (overrides: Partial<AppNotification> = {}): AppNotification => ({
  notificationId: String(++n),
  id: n,
  projectId: project.id,
  projectTitle: project.title,
  action: 'admin_accept',
  actorRole: 'ADMIN',
  actorName: 'Site Admin',
  from: 'pending',
  to: 'pending',
  at: '2026-01-20T10:00:00.000Z',
  readAt: null,
  ...overrides,
});

describe('NotificationsBell (client)', () => {
  it("counts the unread, lists what the consultancy did in the client's words, marks one and all as read", async () => {
    const api = fakePortalApi({
      projects: [project],
      notifications: [
        aNotification({ action: 'admin_accept' }),
        aNotification({ action: 'ticket_created', details: { title: 'Set up CI' } }),
        aNotification({
          action: 'renewal_paid',
          actorRole: 'SYSTEM',
          details: { amount: 25000 },
          readAt: '2026-01-21T10:00:00.000Z',
        }),
      ],
    });
    const user = userEvent.setup();
    renderInPortal(<NotificationsBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications 2 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = within(
      await within(dialog).findByRole('list', { name: 'Latest notifications' }),
    ).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('The consultancy accepted the request and sent a proposal'),
      expect.stringContaining('The consultancy added "Set up CI"'),
      expect.stringContaining("This month's subscription was paid ($25,000)"),
    ]);
    await user.click(within(items[1]!).getByRole('button', { name: /^Mark as read/ }));
    await waitFor(() => expect(within(items[1]!).queryByText('Unread')).not.toBeInTheDocument());
    expect(requestBody(api.fetchMock, 'POST /api/notifications/read')).toEqual({ ids: ['2'] });
    await user.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(within(dialog).queryByText('Unread')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();
  });

  it("the consultancy's change raises the count live", async () => {
    const api = fakePortalApi({ projects: [project] });
    renderInPortal(<NotificationsBell />);
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(api.streams).toBe(1));
    api.state.notifications = [aNotification()];
    act(() =>
      api.emit({ projectId: project.id, action: 'admin_accept', actorRole: 'ADMIN', notifies: true }),
    );
    expect(await screen.findByRole('button', { name: 'Notifications 1 unread' })).toBeInTheDocument();
  });
});
