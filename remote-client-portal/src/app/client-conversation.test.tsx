import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConversationMessage } from '@agency/domain';
import {
  activeProject,
  aProject,
  fakePortalApi,
  renderAt,
  requestBody,
  setTestAppConfig,
} from '../testing/render-dashboard';
import { stubLayout } from '../testing/layout-stub';
import ClientDashboard from './client-dashboard';

jest.mock('@agency/auth', () => ({
  ...jest.requireActual('@agency/auth'),
  getAccessToken: async () => 'user-token',
}));

beforeEach(() => {
  setTestAppConfig();
  window.history.replaceState(null, '', '/dashboard');
  document.title = 'Dashboard';
});
stubLayout();

const message = (overrides: Partial<ConversationMessage>): ConversationMessage => ({
  id: 'm1',
  project_id: 'p1',
  ticket_id: null,
  attachments: [],
  author_id: 'admin-1',
  author_role: 'ADMIN',
  author_name: 'Ada Admin',
  body: 'Hello',
  created_at: '2026-11-20T10:00:00.000Z',
  seen: false,
  ...overrides,
});

describe('ClientDashboard: the project conversation (issue 34)', () => {
  it('shows the unread count on the card, opens the thread as plain text with links, marks it seen and sends', async () => {
    const api = fakePortalApi({
      projects: [aProject({ id: 'p1', title: 'Website redesign', tier: 3 })],
      messages: [
        message({ id: 'm1', author_role: 'CLIENT', author_id: 'me', body: 'Is the brief fine?', seen: true }),
        message({
          id: 'm2',
          body: '<b>Yes</b>, see https://example.test/brief',
          created_at: '2026-11-20T11:00:00.000Z',
          attachments: [{ id: 'f1', name: 'brief-v2.pdf', size: 2048, content_type: 'application/pdf' }],
        }),
      ],
      unread: { p1: 1 },
    });
    renderAt(<ClientDashboard />);
    const card = await screen.findByRole('article', { name: 'Website redesign' });
    const open = await within(card).findByRole('button', {
      name: 'Messages about Website redesign, 1 unread',
    });
    await waitFor(() => expect(document.title).toBe('(1) Dashboard'));
    await userEvent.click(open);

    const dialog = await screen.findByRole('dialog', { name: 'Conversation: Website redesign' });
    const thread = await within(dialog).findByRole('list', { name: 'Messages about Website redesign' });
    // The thread's own messages (a message's files are a list of their own inside it).
    const items = within(thread)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === thread);
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Is the brief fine?'),
      expect.stringContaining('<b>Yes</b>, see https://example.test/brief'),
    ]);
    // Never HTML: the markup is text; the link is a link that opens elsewhere.
    expect(thread.querySelector('b')).toBeNull();
    const link = within(thread).getByRole('link', { name: 'https://example.test/brief' });
    expect(link).toHaveAttribute('href', 'https://example.test/brief');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(items[0]!).getByText('Seen')).toBeInTheDocument();
    // A file the message carries is listed with it, downloaded like any project file.
    expect(within(items[1]!).getByRole('button', { name: 'Download brief-v2.pdf' })).toBeInTheDocument();
    // Shown: seen, and the count goes.
    await waitFor(() => expect(api.routes()).toContain('POST /api/projects/p1/messages/seen'));
    await waitFor(() =>
      expect(
        // Behind the open dialog the card is hidden from assistive technology.
        within(card).getByRole('button', { name: 'Messages about Website redesign', hidden: true }),
      ).toBeInTheDocument(),
    );

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Your message' }), 'Great, thanks!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(requestBody(api.fetchMock, 'POST /api/projects/p1/messages')).toEqual({ body: 'Great, thanks!' });
    await within(dialog).findByText('Great, thanks!');
  });

  it('a message from the other side arrives live, and the card counts it', async () => {
    const api = fakePortalApi({
      projects: [aProject({ id: 'p1', title: 'Website redesign', tier: 3 })],
    });
    renderAt(<ClientDashboard />);
    const card = await screen.findByRole('article', { name: 'Website redesign' });
    await waitFor(() => expect(api.streams).toBe(1));
    api.state.messages = [message({ id: 'm9', body: 'A new draft is up.' })];
    api.state.unread = { p1: 1 };
    act(() => api.emit({ projectId: 'p1', action: 'message_posted', actorRole: 'ADMIN', notifies: true }));
    await within(card).findByRole('button', { name: 'Messages about Website redesign, 1 unread' });
  });

  it("an e-mail's link opens the project's conversation on its message", async () => {
    window.history.replaceState(
      null,
      '',
      '/dashboard?project=00000000-0000-4000-8000-000000000001&message=00000000-0000-4000-8000-0000000000aa',
    );
    fakePortalApi({
      projects: [activeProject({ id: '00000000-0000-4000-8000-000000000001', title: 'Mobile app', tier: 3 })],
      messages: [
        message({
          id: '00000000-0000-4000-8000-0000000000aa',
          project_id: '00000000-0000-4000-8000-000000000001',
          body: 'Please review the estimate.',
        }),
      ],
    });
    renderAt(
      <ClientDashboard />,
      '/dashboard?project=00000000-0000-4000-8000-000000000001&message=00000000-0000-4000-8000-0000000000aa',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Conversation: Mobile app' });
    const target = await within(dialog).findByText('Please review the estimate.');
    expect(target.closest('[data-message-id]')).toHaveAttribute(
      'data-message-id',
      '00000000-0000-4000-8000-0000000000aa',
    );
  });
});
