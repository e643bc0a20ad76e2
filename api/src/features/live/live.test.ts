import pg from 'pg';
import {
  insertFixtureProject,
  signatureOf,
  startTestApi,
  type TestApi,
  type TestUser,
} from '../../test-support/test-api';
import { openLive as openLiveStream } from '../../test-support/live-reader';

/** Issue 15: a live portal (push channel, notifications, timeline, boards, inbox), on one or two API processes. */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** The live stream as the portals read it (test-support/live-reader.ts), served as an event stream. */
async function openLive(target: TestApi, user: TestUser, lastEventId?: number) {
  const live = await openLiveStream(target, user, lastEventId);
  expect(live.response.headers.get('content-type')).toContain('text/event-stream');
  return live;
}

/**
 * An id taken from project_events' sequence now, for an event inserted later: as a transaction that inserted
 * first and commits last would have it (its NOTIFY comes after those of higher ids).
 */
async function takeEventId(target: TestApi): Promise<number> {
  const [row] = await target.db.query<{ id: number }>(
    `select nextval(pg_get_serial_sequence('project_events', 'id'))::int as id`,
  );
  return row!.id;
}

/** Inserts (and commits) one event of the project, with the given id or the next one; returns its id. */
async function insertEvent(target: TestApi, projectId: string, action: string, id?: number): Promise<number> {
  const [row] = await target.db.query<{ id: number }>(
    id === undefined
      ? `insert into project_events (project_id, actor_role, action) values ($1, 'ADMIN', $2) returning id::int`
      : `insert into project_events (id, project_id, actor_role, action) overriding system value
         values ($3, $1, 'ADMIN', $2) returning id::int`,
    id === undefined ? [projectId, action] : [projectId, action, id],
  );
  return row!.id;
}

describe('live updates', () => {
  it('an admin change reaches the client’s open dashboard at once, and only that client’s', async () => {
    const client = await api.user('live-client');
    const stranger = await api.user('live-stranger');
    const projectId = await insertFixtureProject(api.db, client, { tier: 3, state: 'pending' });
    const mine = await openLive(api, client);
    const theirs = await openLive(api, stranger);
    const admin = await openLive(api, api.admin);
    try {
      expect(
        (await api.call('POST', `/api/projects/${projectId}/accept`, { token: api.admin.token })).status,
      ).toBe(200);
      const [event] = await mine.waitFor((e) => e.projectId === projectId);
      expect(event).toMatchObject({
        projectId,
        action: 'admin_accept',
        actorRole: 'ADMIN',
        from: 'pending',
        to: 'pending',
        notifies: true,
      });
      expect(await admin.waitFor((e) => e.projectId === projectId)).toEqual([
        expect.objectContaining({ action: 'admin_accept', notifies: false }),
      ]);
      // And the other way: the client's approval reaches the admin's dashboard.
      await api.call('POST', '/api/client-approve-project', {
        token: client.token,
        body: {
          projectId,
          action: 'accept',
          paymentMethodId: 'pm_card_visa',
          ...(await signatureOf(api.db, projectId)),
        },
      });
      expect(
        await admin.waitFor((e) => e.action === 'client_accept' && e.projectId === projectId),
      ).toHaveLength(1);
      expect(await theirs.waitFor(() => true, 300)).toEqual([]);
    } finally {
      [mine, theirs, admin].forEach((stream) => stream.close());
    }
  });

  it('a dashboard that reconnects with Last-Event-ID first gets what it missed', async () => {
    const client = await api.user('reconnecting');
    const projectId = await insertFixtureProject(api.db, client, { tier: 3, state: 'pending' });
    const first = await openLive(api, client);
    await api.call('POST', `/api/projects/${projectId}/accept`, { token: api.admin.token });
    const [seen] = await first.waitFor((e) => e.projectId === projectId);
    first.close();
    // While it is away: the admin edits the project and adds nothing else.
    await api.call('PATCH', `/api/projects/${projectId}`, {
      token: api.admin.token,
      body: { title: 'Renamed while away' },
    });
    const again = await openLive(api, client, seen!.id);
    try {
      expect(await again.waitFor((e) => e.action === 'admin_edit')).toEqual([
        expect.objectContaining({ projectId, action: 'admin_edit' }),
      ]);
      expect(again.events.some((e) => e.id === seen!.id)).toBe(false);
    } finally {
      again.close();
    }
  });

  it('a change made through one API process reaches a dashboard open on another (one database, LISTEN/NOTIFY)', async () => {
    const replica = await startTestApi({ sameDatabaseAs: api });
    try {
      const client = await api.user('two-replicas');
      const projectId = await insertFixtureProject(api.db, client, { tier: 3, state: 'pending' });
      const onReplica = await openLive(replica, client);
      await api.call('POST', `/api/projects/${projectId}/accept`, { token: api.admin.token });
      expect(await onReplica.waitFor((e) => e.projectId === projectId)).toEqual([
        expect.objectContaining({ action: 'admin_accept' }),
      ]);
      onReplica.close();
    } finally {
      await replica.close();
    }
  });

  it('an event whose transaction commits after a later one still reaches the open dashboard', async () => {
    const client = await api.user('late-commit');
    const projectId = await insertFixtureProject(api.db, client, { tier: 3, state: 'pending' });
    const stream = await openLive(api, client);
    try {
      const earlierId = await takeEventId(api);
      const laterId = await insertEvent(api, projectId, 'admin_edit');
      await stream.waitFor((e) => e.id === laterId);
      await insertEvent(api, projectId, 'admin_accept', earlierId);
      expect(await stream.waitFor((e) => e.id === earlierId)).toHaveLength(1);
      expect(stream.events.map((e) => e.id)).toEqual([laterId, earlierId]);
    } finally {
      stream.close();
    }
  });

  it('a dashboard that reconnects gets an event committed after the last one it saw, though its id is lower', async () => {
    const client = await api.user('late-commit-away');
    const projectId = await insertFixtureProject(api.db, client, { tier: 3, state: 'pending' });
    const first = await openLive(api, client);
    const earlierId = await takeEventId(api);
    const laterId = await insertEvent(api, projectId, 'admin_edit');
    await first.waitFor((e) => e.id === laterId);
    first.close();
    await insertEvent(api, projectId, 'admin_accept', earlierId);
    const again = await openLive(api, client, laterId);
    try {
      expect(await again.waitFor((e) => e.id === earlierId)).toHaveLength(1);
      expect(again.events.some((e) => e.id === laterId)).toBe(false);
    } finally {
      again.close();
    }
  });

  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
  onPostgres(
    'two transactions that commit out of id order both reach the dashboard (PostgreSQL)',
    async () => {
      const client = await api.user('out-of-order');
      const projectId = await insertFixtureProject(api.db, client, { tier: 3, state: 'pending' });
      const stream = await openLive(api, client);
      const [first, second] = [
        new pg.Client({ connectionString: api.databaseUrl! }),
        new pg.Client({ connectionString: api.databaseUrl! }),
      ];
      try {
        await Promise.all([first.connect(), second.connect()]);
        const insert = (tx: pg.Client, action: string) =>
          tx.query<{ id: number }>(
            `insert into project_events (project_id, actor_role, action) values ($1, 'ADMIN', $2) returning id::int`,
            [projectId, action],
          );
        await first.query('begin');
        const earlier = (await insert(first, 'admin_accept')).rows[0]!.id;
        await second.query('begin');
        const later = (await insert(second, 'admin_edit')).rows[0]!.id;
        await second.query('commit');
        await stream.waitFor((e) => e.id === later);
        await first.query('commit');
        await stream.waitFor((e) => e.id === earlier);
        expect(stream.events.map((e) => e.id)).toEqual([later, earlier]);
      } finally {
        stream.close();
        await Promise.all([first.end(), second.end()]);
      }
    },
  );

  it('draining ends the open streams so the browsers reconnect elsewhere', async () => {
    const replica = await startTestApi({ sameDatabaseAs: api });
    const client = await api.user('drained');
    const stream = await openLive(replica, client);
    for (const drain of replica.lifecycle.onDrain) drain();
    expect(await stream.ended()).toBe(true);
    await replica.close();
  });
});

describe('notifications, timeline, boards, inbox', () => {
  it('each change by the other side makes one notification; the bell counts them and marks them read', async () => {
    const client = await api.user('notified');
    const projectId = await insertFixtureProject(api.db, client, { tier: 3, state: 'pending' });
    await api.call('POST', `/api/projects/${projectId}/accept`, { token: api.admin.token });
    await api.call('POST', '/api/client-approve-project', {
      token: client.token,
      body: {
        projectId,
        action: 'accept',
        paymentMethodId: 'pm_card_visa',
        ...(await signatureOf(api.db, projectId)),
      },
    });
    const bell = async (user: TestUser, query = '') =>
      (await api.call('GET', `/api/notifications${query}`, { token: user.token })).body;

    const forClient = await bell(client);
    // The client's own approval notifies the admin, not the client.
    expect(forClient.notifications.map((n: { action: string }) => n.action)).toEqual(['admin_accept']);
    expect(forClient).toMatchObject({
      unreadCount: 1,
      notifications: [{ projectId, projectTitle: 'Fixture tier 3', readAt: null, actorRole: 'ADMIN' }],
    });
    expect(
      (await bell(api.admin, '?unread=1')).notifications
        .filter((n: { projectId: string }) => n.projectId === projectId)
        .map((n: { action: string }) => n.action),
    ).toEqual(['client_accept']);

    const read = await api.call('POST', '/api/notifications/read', {
      token: client.token,
      body: { ids: [forClient.notifications[0].notificationId] },
    });
    expect(read.body).toEqual({ unreadCount: 0 });
    expect((await bell(client, '?unread=1')).notifications).toEqual([]);
    expect(
      (await api.call('POST', '/api/notifications/read', { token: api.admin.token, body: { all: true } }))
        .body,
    ).toEqual({ unreadCount: 0 });
  });

  it("an admin demoted to client no longer sees notifications about other clients' projects", async () => {
    const demoted = await api.user('demoted-bell-admin', 'ADMIN');
    const client = await api.user('bell-client');
    const projectId = await insertFixtureProject(api.db, client, { tier: 3, state: 'pending' });
    // A change by the client notifies every admin.
    await api.db.query(
      `insert into project_events (project_id, actor_id, actor_role, action) values ($1, $2, 'CLIENT', 'client_edit')`,
      [projectId, client.id],
    );
    const bell = async () =>
      (await api.call('GET', '/api/notifications', { token: demoted.token })).body as {
        notifications: { projectId: string }[];
        unreadCount: number;
      };
    const before = await bell();
    expect(before.notifications.map((n) => n.projectId)).toContain(projectId);

    await api.changeRoleInDatabase(demoted.id, 'CLIENT');
    expect(await bell()).toEqual({ notifications: [], unreadCount: 0, nextCursor: null });
    const read = await api.call('POST', '/api/notifications/read', {
      token: demoted.token,
      body: { all: true },
    });
    expect(read.body).toEqual({ unreadCount: 0 });
  });

  it('the timeline tells who did what and when, from which status to which, without payment ids', async () => {
    const client = await api.user('timeline');
    const created = await api.call('POST', '/api/create-project', {
      token: client.token,
      body: {
        tier: 3,
        description: 'A platform to scale',
        monthly_budget_range: '15k-50k',
        timeline: 'asap',
      },
    });
    const projectId = created.body.id;
    await api.call('POST', `/api/projects/${projectId}/proposal`, {
      token: api.admin.token,
      body: {
        scope: 'Scale the platform.',
        deliverables: ['Scaling plan'],
        monthlyFee: 15000,
        validUntil: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      },
    });
    await api.call('POST', '/api/client-approve-project', {
      token: client.token,
      body: {
        projectId,
        action: 'accept',
        paymentMethodId: 'pm_card_visa',
        ...(await signatureOf(api.db, projectId)),
      },
    });
    const { body } = await api.call('GET', `/api/projects/${projectId}/events`, { token: client.token });
    expect(
      body.events.map(
        (e: {
          action: string;
          actorRole: string;
          actorName: string | null;
          from: string | null;
          to: string;
        }) => [e.action, e.actorRole, e.actorName, e.from, e.to],
      ),
    ).toEqual([
      ['created', 'CLIENT', 'timeline', null, 'pending'],
      ['admin_accept', 'ADMIN', 'admin', 'pending', 'pending'],
      ['client_accept', 'CLIENT', 'timeline', 'pending', 'active'],
    ]);
    expect(JSON.stringify(body)).not.toMatch(/operationId|sub_/);
    expect(
      (await api.call('GET', `/api/projects/${projectId}/events`, { token: (await api.user('nosy')).token }))
        .status,
    ).toBe(404);
  });

  it('the admin edits and deletes tickets; each change is logged and reaches the client', async () => {
    const client = await api.user('board-client');
    const projectId = await insertFixtureProject(api.db, client, { tier: 3, state: 'active' });
    const created = await api.call('POST', '/api/tickets', {
      token: api.admin.token,
      body: { project_id: projectId, title: 'Set up CI', board_type: 'main' },
    });
    const ticketId = created.body.ticket.id;
    const stream = await openLive(api, client);
    try {
      const edited = await api.call('PATCH', `/api/tickets/${ticketId}`, {
        token: api.admin.token,
        body: { title: 'Set up CI and CD', assignee: 'Dana', status: 'in-review' },
      });
      expect(edited.body.ticket).toMatchObject({
        title: 'Set up CI and CD',
        assignee: 'Dana',
        status: 'in-review',
      });
      expect(
        (
          await api.call('PATCH', `/api/tickets/${ticketId}`, {
            token: client.token,
            body: { title: 'Mine now' },
          })
        ).status,
      ).toBe(403);
      expect((await api.call('DELETE', `/api/tickets/${ticketId}`, { token: client.token })).status).toBe(
        403,
      );
      expect((await api.call('DELETE', `/api/tickets/${ticketId}`, { token: api.admin.token })).body).toEqual(
        { deleted: true },
      );
      expect((await api.call('DELETE', `/api/tickets/${ticketId}`, { token: api.admin.token })).status).toBe(
        404,
      );
      expect((await stream.waitFor((e) => e.action === 'ticket_deleted')).length).toBe(1);
      expect(stream.events.filter((e) => e.projectId === projectId).map((e) => e.action)).toEqual([
        'ticket_moved',
        'ticket_updated',
        'ticket_deleted',
      ]);
    } finally {
      stream.close();
    }
    const { body } = await api.call('GET', `/api/projects/${projectId}/events`, { token: client.token });
    expect(body.events.at(-2)).toMatchObject({
      action: 'ticket_updated',
      details: { title: 'Set up CI and CD' },
    });
    expect(body.events.find((e: { action: string }) => e.action === 'ticket_moved').details).toEqual({
      title: 'Set up CI and CD',
      from: 'not-started',
      to: 'in-review',
    });
  });

  it("the admin's inbox lists contact messages and consultation requests, searches them and marks them read", async () => {
    await api.call('POST', '/api/contact-form', {
      body: {
        firstName: 'Ina',
        lastName: 'Box',
        email: 'ina@example.test',
        company: 'Inbox Ltd',
        projectDetails: 'Please call about a marketplace.',
      },
    });
    await api.call('POST', '/api/schedule-consultation', {
      body: {
        tier: '4',
        firstName: 'Con',
        lastName: 'Sult',
        email: 'con@example.test',
        projectDescription: 'We need a CTO for our marketplace.',
        budget: '15k-50k',
        timeline: '1-month',
        acceptedTerms: true,
      },
    });
    const inbox = async (query: string) =>
      (await api.call('GET', `/api/inbox?${query}`, { token: api.admin.token })).body;
    const found = await inbox('q=marketplace&limit=1');
    expect(found.items).toEqual([
      expect.objectContaining({
        kind: 'consultation',
        name: 'Con Sult',
        readAt: null,
        consultation: expect.objectContaining({ tier: '4', budget: '15k-50k' }),
      }),
    ]);
    const next = await inbox(`q=marketplace&limit=1&cursor=${found.nextCursor}`);
    expect(next.items).toEqual([
      expect.objectContaining({ kind: 'contact', name: 'Ina Box', company: 'Inbox Ltd' }),
    ]);
    expect(next.nextCursor).toBeNull();

    const marked = await api.call('POST', '/api/inbox/read', {
      token: api.admin.token,
      body: { kind: 'contact', id: next.items[0].id, read: true },
    });
    expect(marked.body.item.readAt).not.toBeNull();
    expect((await inbox('kind=contact&status=unread&q=Ina')).items).toEqual([]);
    expect((await api.call('GET', '/api/inbox', { token: (await api.user('not-admin')).token })).status).toBe(
      403,
    );
  });
});
