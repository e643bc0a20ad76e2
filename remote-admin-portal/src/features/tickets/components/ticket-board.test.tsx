import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadOverlays } from '@agency/ui';
import {
  ACTIVE,
  aProject,
  aTicket,
  callsTo,
  fakePortalApi,
  renderInPortal,
  requestBody,
  signedInAsAdmin,
} from '../../../testing/render-dashboard';
import { stubLayout } from '../../../testing/layout-stub';
import { TicketBoard } from './ticket-board';

// Each ticket card reads its drag source once per render: counting those counts the cards' renders.
const mockCardRenders = new Map<string, number>();
jest.mock('react-dnd', () => {
  const actual = jest.requireActual('react-dnd');
  return {
    ...actual,
    useDrag: (spec: () => { item: { id: string } }, deps: unknown[]) => {
      const id = spec().item.id;
      mockCardRenders.set(id, (mockCardRenders.get(id) ?? 0) + 1);
      return actual.useDrag(spec, deps);
    },
  };
});

beforeAll(() => loadOverlays());
signedInAsAdmin();
stubLayout();
beforeEach(() => mockCardRenders.clear());

const project = aProject({ ...ACTIVE, title: 'Running project' });
const column = (name: string) => screen.getByRole('region', { name });
const ticketCard = (title: string) => screen.getByText(title).closest('li')!;

function renderBoard(
  tickets = [aTicket(project, { title: 'Write tests', status: 'in-review' })],
  overrides = {},
) {
  const api = fakePortalApi({ projects: [project], tickets }, overrides);
  renderInPortal(
    <TicketBoard projectId={project.id} projectTitle={project.title} board="main" title="Project Board" />,
  );
  return api;
}

describe('TicketBoard: keyboard', () => {
  it('the arrow keys move the focused ticket to the column behind and ahead; focus stays on it and each move is announced', async () => {
    const ticket = aTicket(project, { title: 'Write tests', status: 'in-review' });
    const api = renderBoard([ticket]);
    const user = userEvent.setup();
    const card = await waitFor(() => ticketCard('Write tests'));
    expect(card).toHaveAccessibleName('Write tests, in In Review');
    expect(card).toHaveAccessibleDescription(/focus it and press the left or right arrow key/);
    card.focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(within(column('In Progress')).getByText('Write tests')).toBeInTheDocument());
    expect(ticketCard('Write tests')).toHaveFocus();
    expect(screen.getByText('Moved "Write tests" to In Progress.')).toBeInTheDocument();
    await waitFor(() =>
      expect(requestBody(api.fetchMock, `PATCH /api/tickets/${ticket.id}`)).toEqual({
        status: 'in-progress',
      }),
    );

    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(within(column('Not Started')).getByText('Write tests')).toBeInTheDocument());
    expect(ticketCard('Write tests')).toHaveFocus();
    // Nothing further left: the key does nothing.
    await user.keyboard('{ArrowLeft}');
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(within(column('In Progress')).getByText('Write tests')).toBeInTheDocument());
    expect(ticketCard('Write tests')).toHaveFocus();
    await waitFor(() => expect(api.state.tickets[0]!.status).toBe('in-progress'));
    expect(callsTo(api.fetchMock, `PATCH /api/tickets/${ticket.id}`)).toHaveLength(3);
  });

  it('Move to… lists the other columns; arrows, Enter pick one behind; Escape closes and gives focus back', async () => {
    const ticket = aTicket(project, { title: 'Ship it', status: 'done' });
    const api = renderBoard([ticket]);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Move to… "Ship it"' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Move "Ship it" to…' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Not Started', 'In Progress', 'In Review']);
    expect(within(menu).getByRole('menuitem', { name: 'Not Started' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'In Review' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Not Started' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(column('Not Started')).getByText('Ship it')).toBeInTheDocument());
    expect(ticketCard('Ship it')).toHaveFocus();
    expect(screen.getByText('Moved "Ship it" to Not Started.')).toBeInTheDocument();
    await waitFor(() =>
      expect(requestBody(api.fetchMock, `PATCH /api/tickets/${ticket.id}`)).toEqual({
        status: 'not-started',
      }),
    );
  });

  it('a move the server refuses puts the ticket back, keeps the focus on it and says so', async () => {
    renderBoard([aTicket(project, { title: 'Write tests', status: 'in-review' })], {
      'PATCH /api/tickets/*': () => ({ status: 500, body: {} }),
    });
    const user = userEvent.setup();
    (await waitFor(() => ticketCard('Write tests'))).focus();
    await user.keyboard('{ArrowRight}');
    expect(
      await screen.findByText('"Write tests" could not be moved and is back in its column.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(column('In Review')).getByText('Write tests')).toBeInTheDocument());
    expect(ticketCard('Write tests')).toHaveFocus();
  });
});

describe('TicketBoard: updates in place', () => {
  it('a move re-renders the moved card only and fetches nothing but its PATCH', async () => {
    const tickets = ['One', 'Two', 'Three', 'Four', 'Five'].map((title) => aTicket(project, { title }));
    const api = renderBoard(tickets);
    const user = userEvent.setup();
    await waitFor(() => ticketCard('Five'));
    const callsBefore = api.routes().length;
    mockCardRenders.clear();
    ticketCard('Three').focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(within(column('In Progress')).getByText('Three')).toBeInTheDocument());
    await waitFor(() =>
      expect(api.state.tickets.find((t) => t.title === 'Three')!.status).toBe('in-progress'),
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(api.routes().slice(callsBefore)).toEqual([`PATCH /api/tickets/${tickets[2]!.id}`]);
    const moved = tickets[2]!.id;
    expect([...mockCardRenders.keys()]).toEqual([moved]);
  });

  it("another tab's change to the board (live) refetches that board only; unchanged cards do not re-render", async () => {
    const tickets = ['One', 'Two'].map((title) => aTicket(project, { title }));
    const api = renderBoard(tickets);
    await waitFor(() => ticketCard('Two'));
    await waitFor(() => expect(api.streams).toBe(1));
    mockCardRenders.clear();
    api.state.tickets = api.state.tickets.map((t) => (t.title === 'Two' ? { ...t, status: 'done' } : t));
    act(() =>
      api.emit({ projectId: project.id, action: 'ticket_moved', actorRole: 'ADMIN', notifies: false }),
    );
    await waitFor(() => expect(within(column('Done')).getByText('Two')).toBeInTheDocument());
    expect([...mockCardRenders.keys()]).toEqual([tickets[1]!.id]);
    expect(api.routes().filter((r) => r.startsWith('GET /api/projects'))).toEqual([]);
  });

  it('a long column shows ten tickets and the rest on request', async () => {
    renderBoard(Array.from({ length: 14 }, (_, i) => aTicket(project, { title: `Task ${i + 1}` })));
    const user = userEvent.setup();
    await waitFor(() => ticketCard('Task 10'));
    expect(within(column('Not Started')).getAllByRole('listitem')).toHaveLength(10);
    expect(within(column('Not Started')).getByLabelText('14 tickets')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 4 more in Not Started' }));
    expect(within(column('Not Started')).getAllByRole('listitem')).toHaveLength(14);
    await user.click(screen.getByRole('button', { name: 'Show fewer in Not Started' }));
    expect(within(column('Not Started')).getAllByRole('listitem')).toHaveLength(10);
  });
});

describe('TicketBoard: edit and delete', () => {
  it('Edit sends what changed and shows it', async () => {
    const ticket = aTicket(project, { title: 'Write tests', description: 'Unit tests' });
    const api = renderBoard([ticket]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit "Write tests"' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ticket' });
    const title = within(dialog).getByRole('textbox', { name: /^Title/ });
    await waitFor(() => expect(title).toHaveFocus());
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Save Ticket' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    await user.type(title, 'Write more tests');
    await user.clear(within(dialog).getByRole('textbox', { name: /^Assignee/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Assignee/ }), 'Grace');
    await user.click(within(dialog).getByRole('button', { name: 'Save Ticket' }));
    expect(await screen.findByText('Ticket Updated')).toBeInTheDocument();
    expect(requestBody(api.fetchMock, `PATCH /api/tickets/${ticket.id}`)).toEqual({
      title: 'Write more tests',
      assignee: 'Grace',
    });
    expect(await screen.findByText('Write more tests')).toBeInTheDocument();
    expect(screen.getByText('Assigned to Grace')).toBeInTheDocument();
  });

  it('Delete asks first; the ticket goes and focus moves to the next one', async () => {
    const first = aTicket(project, { title: 'Obsolete' });
    const second = aTicket(project, { title: 'Still needed' });
    const api = renderBoard([first, second]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete "Obsolete"' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Ticket' });
    expect(within(dialog).getByText(/Delete "Obsolete"\? It leaves the board/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Ticket' }));
    expect(await screen.findByText('Ticket Deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Obsolete')).not.toBeInTheDocument());
    expect(callsTo(api.fetchMock, `DELETE /api/tickets/${first.id}`)).toHaveLength(1);
    await waitFor(() => expect(ticketCard('Still needed')).toHaveFocus());
  });
});

describe('TicketBoard: read-only', () => {
  it('a read-only board has no moves, edits or deletes', async () => {
    fakePortalApi({
      projects: [project],
      tickets: [aTicket(project, { title: 'Delivered', status: 'done' })],
    });
    renderInPortal(
      <TicketBoard
        projectId={project.id}
        projectTitle={project.title}
        board="main"
        title="Delivered Project Board"
        editable={false}
      />,
    );
    expect(await screen.findByText('Delivered')).toBeInTheDocument();
    expect(screen.getByText('Read-only: the delivered board of this project.')).toBeInTheDocument();
    // Only the ticket's comments stay open to both sides (issue 34).
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Comments on Delivered',
    ]);
    expect(ticketCard('Delivered')).not.toHaveAttribute('tabindex');
  });
});
