// An in-memory API for the portals' component tests: the list, count, board, timeline, bell, inbox and live
// routes answer like the server (views, search, tier, sort, keyset pages), so the dashboards are tested through
// fetch, the boundary they really use. A test changes `state` and pushes live events with `emit`.
import { ReadableStream, type ReadableStreamDefaultController } from 'node:stream/web';
import { TextEncoder } from 'node:util';
import {
  findTier,
  PROJECT_VIEWS,
  PROPOSAL_TERMS,
  proposalPrice,
  proposalSections,
  type ProposalDocument,
  type ProposalView,
  type ActivityEntry,
  type AppNotification,
  type ConversationMessage,
  type InboxItem,
  type LiveProjectEvent,
  type Project,
  type ProjectView,
  type Ticket,
} from '@agency/domain';

type Reply = { status?: number; body: unknown };
export type PortalHandler = (init: RequestInit, url: URL, api: FakePortalApi) => Reply | Promise<Reply>;

export interface FakePortalState {
  projects: Project[];
  tickets: Ticket[];
  events: Record<string, ActivityEntry[]>;
  notifications: AppNotification[];
  inbox: InboxItem[];
  revenue: number;
  /** Issue 34: every project's thread and ticket comments, oldest first. */
  messages: ConversationMessage[];
  /** Unread messages per project, as GET /api/conversations/unread answers. */
  unread: Record<string, number>;
}

export interface FakePortalApi {
  state: FakePortalState;
  fetchMock: jest.Mock;
  /** Sends a live event to every open dashboard stream. */
  emit: (event: Partial<LiveProjectEvent> & Pick<LiveProjectEvent, 'projectId' | 'action'>) => void;
  /** Replaces a project (as another user's action would) and tells the open dashboards. */
  changeProject: (
    project: Project,
    event: Partial<LiveProjectEvent> & Pick<LiveProjectEvent, 'action'>,
  ) => void;
  /** Open live streams. */
  readonly streams: number;
  /** "METHOD /path" of every call, in order (query strings dropped). */
  routes: () => string[];
}

const encoder = new TextEncoder();
const json = (body: unknown, status = 200): Reply => ({ status, body });
const byNewest = (a: { created_at: string }, b: { created_at: string }) =>
  b.created_at.localeCompare(a.created_at);

function page<T>(rows: T[], url: URL, fallback: number) {
  const limit = Number(url.searchParams.get('limit') ?? fallback);
  const offset = Number(url.searchParams.get('cursor')?.replace(/^o/, '') ?? 0);
  const shown = rows.slice(offset, offset + limit);
  return { shown, nextCursor: offset + limit < rows.length ? `o${offset + limit}` : null };
}

/** "*" matches one path segment, or the whole rest when it ends the pattern. */
function routeMatches(pattern: string, key: string): boolean {
  const parts = pattern.split('*').map((part) => part.replace(/[.+?^$()|[\]\\{}]/g, '\\$&'));
  const source = parts
    .map((part, i) => (i === 0 ? part : `${i === parts.length - 1 && part === '' ? '.*' : '[^/]+'}${part}`))
    .join('');
  return new RegExp(`^${source}$`).test(key);
}

export function fakePortalApi(
  initial: Partial<FakePortalState> = {},
  overrides: Record<string, PortalHandler> = {},
): FakePortalApi {
  const state: FakePortalState = {
    projects: initial.projects ?? [],
    tickets: initial.tickets ?? [],
    events: initial.events ?? {},
    notifications: initial.notifications ?? [],
    inbox: initial.inbox ?? [],
    revenue: initial.revenue ?? 0,
    messages: initial.messages ?? [],
    unread: initial.unread ?? {},
  };
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  let eventId = 1000;

  const project = (id: string | undefined) => state.projects.find((p) => p.id === id);
  const replaceProject = (next: Project) => {
    state.projects = state.projects.map((p) => (p.id === next.id ? next : p));
  };

  const routes: Record<string, PortalHandler> = {
    'GET /api/projects': (_init, url) => {
      const q = url.searchParams;
      if ([...q.keys()].length === 0) return json({ projects: state.projects });
      let rows = [...state.projects];
      const view = q.get('view') as ProjectView | null;
      if (view) rows = rows.filter(PROJECT_VIEWS[view]);
      const tier = q.get('tier');
      if (tier) rows = rows.filter((p) => (tier === 'general' ? p.tier === null : p.tier === Number(tier)));
      const search = q.get('q')?.toLowerCase();
      if (search)
        rows = rows.filter((p) =>
          [p.title, p.client_name, p.client_email, p.company, p.description].some((v) =>
            v?.toLowerCase().includes(search),
          ),
        );
      const sort = q.get('sort') ?? 'newest';
      rows.sort(
        sort === 'title'
          ? (a, b) => a.title.toLowerCase().localeCompare(b.title.toLowerCase())
          : sort === 'oldest'
            ? (a, b) => -byNewest(a, b)
            : byNewest,
      );
      const { shown, nextCursor } = page(rows, url, 10);
      // Like the server, only the first page counts the list.
      return json({ projects: shown, nextCursor, total: q.get('cursor') ? null : rows.length });
    },
    'GET /api/project-counts': () => {
      const counts = Object.fromEntries(
        Object.entries(PROJECT_VIEWS).map(([view, test]) => [view, state.projects.filter(test).length]),
      );
      return json({
        counts: {
          ...counts,
          completedOnly: state.projects.filter((p) => p.status === 'completed' && !p.cancelled).length,
        },
      });
    },
    'GET /api/projects/*': (_init, url) => {
      const [, , , id, sub] = url.pathname.split('/');
      const found = project(id);
      if (!found) return json({ error: 'Project not found' }, 404);
      if (sub === 'events') return json({ events: state.events[found.id] ?? [] });
      if (sub === 'payments') return json({ payments: [], balanceDue: 0, subscription: null });
      if (sub === 'proposal') return json({ proposal: fakeProposal(found) });
      return json({ project: found });
    },
    'GET /api/tickets': (_init, url) => {
      const projectId = url.searchParams.get('projectId');
      const board = url.searchParams.get('board');
      if (!projectId) return json({ tickets: state.tickets });
      const rows = state.tickets
        .filter((t) => t.project_id === projectId && (!board || t.board_type === board))
        .sort(byNewest);
      const { shown, nextCursor } = page(rows, url, 100);
      return json({ tickets: shown, nextCursor });
    },
    'POST /api/tickets': (init) => {
      const body = JSON.parse(String(init.body)) as Partial<Ticket> & { project_id: string };
      const owner = project(body.project_id);
      const ticket: Ticket = {
        id: `t-new-${state.tickets.length + 1}`,
        title: body.title ?? '',
        description: body.description ?? null,
        project_id: body.project_id,
        client_id: owner?.client_id ?? null,
        board_type: body.board_type ?? 'main',
        status: body.status ?? 'not-started',
        assignee: body.assignee ?? null,
        created_at: new Date().toISOString(),
      };
      state.tickets = [...state.tickets, ticket];
      return json({ ticket }, 201);
    },
    'PATCH /api/tickets/*': (init, url) => {
      const id = url.pathname.split('/')[3];
      const before = state.tickets.find((t) => t.id === id);
      if (!before) return json({ error: 'Ticket not found' }, 404);
      const ticket = { ...before, ...(JSON.parse(String(init.body)) as Partial<Ticket>) };
      state.tickets = state.tickets.map((t) => (t.id === id ? ticket : t));
      return json({ ticket });
    },
    'DELETE /api/tickets/*': (_init, url) => {
      const id = url.pathname.split('/')[3];
      if (!state.tickets.some((t) => t.id === id)) return json({ error: 'Ticket not found' }, 404);
      state.tickets = state.tickets.filter((t) => t.id !== id);
      return json({ deleted: true });
    },
    'GET /api/notifications': (_init, url) => {
      const unreadOnly = url.searchParams.get('unread') === '1';
      const rows = state.notifications.filter((n) => !unreadOnly || !n.readAt);
      const { shown, nextCursor } = page(rows, url, 20);
      return json({
        notifications: shown,
        unreadCount: state.notifications.filter((n) => !n.readAt).length,
        nextCursor,
      });
    },
    'POST /api/notifications/read': (init) => {
      const body = JSON.parse(String(init.body)) as { ids?: string[]; all?: boolean };
      const now = new Date().toISOString();
      state.notifications = state.notifications.map((n) =>
        body.all || body.ids?.includes(n.notificationId) ? { ...n, readAt: n.readAt ?? now } : n,
      );
      return json({ unreadCount: state.notifications.filter((n) => !n.readAt).length });
    },
    'GET /api/inbox': (_init, url) => {
      const q = url.searchParams;
      const search = q.get('q')?.toLowerCase();
      const rows = state.inbox.filter(
        (i) =>
          (!q.get('kind') || i.kind === q.get('kind')) &&
          (!q.get('status') || (q.get('status') === 'unread') === !i.readAt) &&
          (!search || [i.name, i.email, i.company, i.message].some((v) => v?.toLowerCase().includes(search))),
      );
      const { shown, nextCursor } = page(rows, url, 10);
      const unread = (kind: string) => state.inbox.filter((i) => i.kind === kind && !i.readAt).length;
      return json({
        items: shown,
        nextCursor,
        unread: { contact: unread('contact'), consultation: unread('consultation') },
      });
    },
    'POST /api/inbox/read': (init) => {
      const body = JSON.parse(String(init.body)) as { kind: string; id: string; read: boolean };
      const item = state.inbox.find((i) => i.id === body.id && i.kind === body.kind);
      if (!item) return json({ error: 'Not found' }, 404);
      const next = { ...item, readAt: body.read ? (item.readAt ?? new Date().toISOString()) : null };
      state.inbox = state.inbox.map((i) => (i === item ? next : i));
      return json({ item: next });
    },
    'GET /api/monthly-revenue': () => json({ revenue: state.revenue }),
    'GET /api/conversations/unread': () =>
      json({ unread: state.unread, total: Object.values(state.unread).reduce((a, b) => a + b, 0) }),
    'GET /api/projects/*/messages': (_init, url) => {
      const projectId = url.pathname.split('/')[3];
      const ticketId = url.searchParams.get('ticketId');
      const rows = state.messages
        .filter((m) => m.project_id === projectId && m.ticket_id === (ticketId ?? null))
        .reverse();
      const { shown, nextCursor } = page(rows, url, 30);
      return json({ messages: shown, nextCursor });
    },
    'POST /api/projects/*/messages': (init, url) => {
      const projectId = url.pathname.split('/')[3]!;
      const body = JSON.parse(String(init.body)) as { body: string; ticketId?: string };
      const message: ConversationMessage = {
        id: `m-new-${state.messages.length + 1}`,
        project_id: projectId,
        ticket_id: body.ticketId ?? null,
        author_id: 'me',
        author_role: 'CLIENT',
        author_name: null,
        body: body.body,
        attachments: [],
        created_at: new Date().toISOString(),
        seen: false,
      };
      state.messages = [...state.messages, message];
      return json({ message }, 201);
    },
    'POST /api/projects/*/messages/seen': (_init, url) => {
      delete state.unread[url.pathname.split('/')[3]!];
      return json({ unread: 0 });
    },
    'GET /api/email-settings': () => json({ settings: { messageAlerts: true, ticketDigest: true } }),
    ...overrides,
  };

  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    if (key === 'GET /api/live') return liveStream(init);
    const handler =
      routes[key] ??
      Object.entries(routes)
        .filter(([pattern]) => pattern.includes('*') && routeMatches(pattern, key))
        .sort(([a], [b]) => b.length - a.length)[0]?.[1];
    const { status = 200, body } = handler
      ? await handler(init, url, api)
      : { status: 404, body: { error: 'Route not found' } };
    const text = body === undefined ? '' : JSON.stringify(body);
    return { ok: status >= 200 && status < 300, status, text: async () => text, json: async () => body };
  });

  function liveStream(init: RequestInit) {
    let mine: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        mine = controller;
        streams.add(controller);
        controller.enqueue(encoder.encode('event: ready\ndata: {"since":0}\n\n'));
      },
      cancel() {
        if (mine) streams.delete(mine);
      },
    });
    init.signal?.addEventListener('abort', () => {
      if (!mine || !streams.delete(mine)) return;
      try {
        mine.error(Object.assign(new Error('aborted'), { name: 'AbortError' }));
      } catch {
        // already closed
      }
    });
    return { ok: true, status: 200, body, text: async () => '', json: async () => undefined };
  }

  const api: FakePortalApi = {
    state,
    fetchMock,
    emit(partial) {
      const event: LiveProjectEvent = {
        id: ++eventId,
        actorRole: 'CLIENT',
        from: null,
        to: null,
        at: new Date().toISOString(),
        notifies: true,
        ...partial,
      };
      const block = encoder.encode(`id: ${event.id}\nevent: project\ndata: ${JSON.stringify(event)}\n\n`);
      for (const controller of streams) controller.enqueue(block);
    },
    changeProject(next, event) {
      replaceProject(next);
      api.emit({ projectId: next.id, ...event });
    },
    get streams() {
      return streams.size;
    },
    routes: () =>
      fetchMock.mock.calls.map(
        ([input, init]) =>
          `${(init as RequestInit | undefined)?.method ?? 'GET'} ${new URL(String(input)).pathname}`,
      ),
  };
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return api;
}

/** The SHA-256 the fake's proposals are shown with. */
export const FAKE_PROPOSAL_HASH = 'f'.repeat(64);

/** The proposal a project awaiting its client shows (version 1, drawn by the domain's own rules). */
export function fakeProposal(project: Project): ProposalView | null {
  if (project.admin_approval_status !== 'accepted') return null;
  const price = proposalPrice({ ...project, cost: project.cost ?? 25000 })!;
  const document: ProposalDocument = {
    projectId: project.id,
    version: project.proposal_version ?? 1,
    title: project.title,
    tierName: findTier(project.tier ?? 0)?.name ?? 'General Consultation',
    client: { name: project.client_name, email: project.client_email, company: project.company },
    scope: project.description || 'The work as requested.',
    deliverables: ['Kick-off', 'Delivery'],
    price,
    terms: { ...PROPOSAL_TERMS },
    validUntil: '2099-12-31',
    issuedAt: '2026-11-01T00:00:00.000Z',
  };
  return { document, sections: proposalSections(document), hash: FAKE_PROPOSAL_HASH, signature: null };
}
