import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadOverlays } from '@agency/ui';
import {
  aNotification,
  aProject,
  fakePortalApi,
  renderInPortal,
  requestBody,
  signedInAsAdmin,
} from '../../../testing/render-dashboard';
import { stubLayout } from '../../../testing/layout-stub';
import { NotificationsBell } from './notifications-bell';

beforeAll(() => loadOverlays());
signedInAsAdmin();
stubLayout();

const project = aProject({ title: 'Platform rewrite' });

describe('NotificationsBell', () => {
  it('counts the unread, lists them with what happened, marks one and then all as read', async () => {
    const api = fakePortalApi({
      projects: [project],
      notifications: [
        aNotification(project, { action: 'client_accept' }),
        aNotification(project, {
          action: 'final_payment_succeeded',
          actorRole: 'CLIENT',
          details: { amount: 250 },
        }),
        aNotification(project, { action: 'created', readAt: '2026-11-04T11:00:00.000Z' }),
      ],
    });
    const user = userEvent.setup();
    renderInPortal(<NotificationsBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications 2 unread' });
    await user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const list = await within(dialog).findByRole('list', { name: 'Latest notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('The client approved the proposal'),
      expect.stringContaining('The client paid the final payment ($250)'),
      expect.stringContaining('The client requested this project'),
    ]);
    expect(within(items[0]!).getByText('Platform rewrite')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Unread')).toBeInTheDocument();
    expect(within(items[2]!).queryByText('Unread')).not.toBeInTheDocument();

    await user.click(within(items[0]!).getByRole('button', { name: /^Mark as read/ }));
    await waitFor(() => expect(within(items[0]!).queryByText('Unread')).not.toBeInTheDocument());
    expect(requestBody(api.fetchMock, 'POST /api/notifications/read')).toEqual({
      ids: [api.state.notifications[0]!.notificationId],
    });
    expect(screen.getByRole('button', { name: 'Notifications 1 unread', hidden: true })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(within(dialog).queryByText('Unread')).not.toBeInTheDocument());
    expect(requestBody(api.fetchMock, 'POST /api/notifications/read')).toEqual({ all: true });
    expect(within(dialog).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toHaveFocus();
  });

  it('a change by the other side raises the count live and is announced', async () => {
    const api = fakePortalApi({ projects: [project] });
    renderInPortal(<NotificationsBell />);
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(api.streams).toBe(1));
    api.state.notifications = [aNotification(project)];
    act(() => api.emit({ projectId: project.id, action: 'client_accept', notifies: true }));
    expect(await screen.findByRole('button', { name: 'Notifications 1 unread' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Notifications, 1 unread');
    // The admin's own change (no notification for them) does not ask again.
    const calls = api.routes().length;
    act(() =>
      api.emit({ projectId: project.id, action: 'ticket_moved', actorRole: 'ADMIN', notifies: false }),
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(
      api
        .routes()
        .slice(calls)
        .filter((r) => r.includes('notifications')),
    ).toEqual([]);
  });

  it('says when there is nothing, and when the list cannot be read', async () => {
    let fail = true;
    fakePortalApi(
      {},
      {
        'GET /api/notifications': (_init, url) =>
          fail && !url.searchParams.get('unread')
            ? { status: 500, body: {} }
            : { body: { notifications: [], unreadCount: 0, nextCursor: null } },
      },
    );
    const user = userEvent.setup();
    renderInPortal(<NotificationsBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The notifications could not be loaded.',
    );
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('No notifications yet.')).toBeInTheDocument();
  });
});
