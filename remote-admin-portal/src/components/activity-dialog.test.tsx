import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadOverlays } from '@agency/ui';
import {
  anEvent,
  aProject,
  fakePortalApi,
  renderInPortal,
  signedInAsAdmin,
} from '../testing/render-dashboard';
import { stubLayout } from '../testing/layout-stub';
import { ActivityButton } from './activity-dialog';

beforeAll(() => loadOverlays());
signedInAsAdmin();
stubLayout();

const project = aProject({ title: 'Platform rewrite' });

describe('Activity timeline', () => {
  it('lists the journey oldest first: who, what, when, from → to; new events come in while it is open', async () => {
    const api = fakePortalApi({
      projects: [project],
      events: {
        [project.id]: [
          anEvent({
            action: 'created',
            actorRole: 'CLIENT',
            actorName: 'Ada Lovelace',
            from: null,
            to: 'pending',
            at: '2026-11-01T09:00:00.000Z',
          }),
          anEvent({
            action: 'admin_accept',
            actorRole: 'ADMIN',
            actorName: 'Site Admin',
            from: 'pending',
            to: 'pending',
            at: '2026-11-02T09:00:00.000Z',
          }),
          anEvent({
            action: 'client_accept',
            actorRole: 'CLIENT',
            actorName: 'Ada Lovelace',
            from: 'pending',
            to: 'active',
            at: '2026-11-03T09:00:00.000Z',
          }),
          anEvent({
            action: 'ticket_moved',
            actorRole: 'ADMIN',
            actorName: 'Site Admin',
            from: null,
            to: null,
            details: { title: 'Set up CI', to: 'done' },
            at: '2026-11-04T09:00:00.000Z',
          }),
        ],
      },
    });
    const user = userEvent.setup();
    renderInPortal(<ActivityButton project={project} />);
    await user.click(screen.getByRole('button', { name: 'Activity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activity: Platform rewrite' });
    const list = await within(dialog).findByRole('list', { name: 'History of Platform rewrite' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^The client requested this project.*Nov 1, 2026.*by Ada Lovelace$/),
      expect.stringMatching(/^You accepted the request and sent a proposal.*by Site Admin$/),
      expect.stringMatching(/^The client approved the proposalStatus: Pending → Active.*by Ada Lovelace$/),
      expect.stringMatching(/^You moved "Set up CI" to Done/),
    ]);
    expect(
      within(items[0]!)
        .getByText(/Nov 1, 2026/)
        .closest('time'),
    ).toHaveAttribute('datetime', '2026-11-01T09:00:00.000Z');

    await waitFor(() => expect(api.streams).toBe(1));
    api.state.events[project.id]!.push(
      anEvent({ action: 'complete', actorRole: 'ADMIN', from: 'active', to: 'completed' }),
    );
    act(() => api.emit({ projectId: project.id, action: 'complete', actorRole: 'ADMIN', notifies: false }));
    expect(await within(dialog).findByText('You completed the project')).toBeInTheDocument();
    expect(within(dialog).getByText('Status: Active → Completed')).toBeInTheDocument();
  });

  it('an empty history, and an error with a retry', async () => {
    let fail = true;
    fakePortalApi(
      { projects: [project] },
      { 'GET /api/projects/*/events': () => (fail ? { status: 500, body: {} } : { body: { events: [] } }) },
    );
    const user = userEvent.setup();
    renderInPortal(<ActivityButton project={project} />);
    await user.click(screen.getByRole('button', { name: 'Activity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activity: Platform rewrite' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The activity could not be loaded.');
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Nothing has happened on this project yet.')).toBeInTheDocument();
  });
});
