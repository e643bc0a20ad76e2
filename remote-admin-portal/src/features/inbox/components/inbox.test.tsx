import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadOverlays } from '@agency/ui';
import {
  anInboxItem,
  fakePortalApi,
  renderInPortal,
  requestBody,
  signedInAsAdmin,
} from '../../../testing/render-dashboard';
import { Inbox } from './inbox';

beforeAll(() => loadOverlays());
signedInAsAdmin();

const lastQuery = (fetchMock: jest.Mock) =>
  Object.fromEntries(
    new URL(
      String(fetchMock.mock.calls.filter(([u]) => new URL(String(u)).pathname === '/api/inbox').at(-1)![0]),
    ).searchParams,
  );

describe('Inbox', () => {
  it('shows contact messages and consultation requests with labels; filters and search go to the server', async () => {
    const api = fakePortalApi({
      inbox: [
        anInboxItem({ name: 'Grace Hopper', message: 'We need a bakery website.' }),
        anInboxItem({
          kind: 'consultation',
          name: 'Alan Turing',
          email: 'alan@example.test',
          company: 'Bletchley',
          message: 'Help with our platform',
          readAt: '2026-11-06T10:00:00.000Z',
          consultation: {
            projectId: 'p1',
            tier: '4',
            budget: '50k-plus',
            timeline: '2-3-months',
            preferredDate: '2026-12-01',
            preferredTime: '10:00',
            preferredTimeZone: 'Europe/London',
          },
        }),
      ],
    });
    const onUnread = jest.fn();
    const user = userEvent.setup();
    renderInPortal(<Inbox onUnread={onUnread} />);
    const contact = await screen.findByRole('article', { name: 'Contact message: Grace Hopper' });
    expect(within(contact).getByText('Unread')).toBeInTheDocument();
    expect(within(contact).getByText('We need a bakery website.')).toBeInTheDocument();
    const request = screen.getByRole('article', { name: 'Consultation request: Alan Turing' });
    for (const text of [
      'Fractional CTO',
      '$50,000+',
      '2-3 months',
      'Tue, Dec 1, 2026 at 10:00 (Europe/London)',
      'Bletchley',
    ])
      expect(within(request).getByText(text)).toBeInTheDocument();
    expect(within(request).queryByText('Unread')).not.toBeInTheDocument();
    expect(onUnread).toHaveBeenLastCalledWith({ contact: 1, consultation: 0 });

    const filters = screen.getByRole('search', { name: 'Search and filter the inbox' });
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Type' }), 'consultation');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: /Grace Hopper/ })).not.toBeInTheDocument(),
    );
    expect(lastQuery(api.fetchMock)).toEqual({ limit: '10', kind: 'consultation' });
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Type' }), '');
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Status' }), 'unread');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: /Alan Turing/ })).not.toBeInTheDocument(),
    );
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Status' }), '');
    await user.type(within(filters).getByRole('searchbox', { name: 'Search' }), 'bletchley');
    await waitFor(() => expect(lastQuery(api.fetchMock)).toEqual({ limit: '10', q: 'bletchley' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    await user.type(within(filters).getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No messages match the filters.')).toBeInTheDocument();
  });

  it('marks a message read and unread again; the unread count follows', async () => {
    const item = anInboxItem({ name: 'Grace Hopper' });
    const api = fakePortalApi({ inbox: [item] });
    const onUnread = jest.fn();
    const user = userEvent.setup();
    renderInPortal(<Inbox onUnread={onUnread} />);
    const entry = await screen.findByRole('article', { name: 'Contact message: Grace Hopper' });
    await user.click(
      within(entry).getByRole('button', { name: 'Mark as read: Contact message, Grace Hopper' }),
    );
    await waitFor(() => expect(within(entry).queryByText('Unread')).not.toBeInTheDocument());
    expect(requestBody(api.fetchMock, 'POST /api/inbox/read')).toEqual({
      kind: 'contact',
      id: item.id,
      read: true,
    });
    await waitFor(() => expect(onUnread).toHaveBeenLastCalledWith({ contact: 0, consultation: 0 }));
    await user.click(
      within(entry).getByRole('button', { name: 'Mark as unread: Contact message, Grace Hopper' }),
    );
    expect(await within(entry).findByText('Unread')).toBeInTheDocument();
    await waitFor(() => expect(onUnread).toHaveBeenLastCalledWith({ contact: 1, consultation: 0 }));
  });

  it('an empty inbox, and an error with a retry', async () => {
    let fail = true;
    fakePortalApi(
      {},
      {
        'GET /api/inbox': () =>
          fail
            ? { status: 500, body: {} }
            : { body: { items: [], nextCursor: null, unread: { contact: 0, consultation: 0 } } },
      },
    );
    const user = userEvent.setup();
    renderInPortal(<Inbox onUnread={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The inbox could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The inbox is empty.')).toBeInTheDocument();
  });
});
