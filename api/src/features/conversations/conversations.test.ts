import { MESSAGE_MAX_LENGTH, UNSEEN_MESSAGE_ALERT_MINUTES } from '@agency/domain';
import {
  insertFixtureProject,
  insertFixtureTicket,
  startTestApi,
  type TestApi,
  type TestUser,
} from '../../test-support/test-api';

/** Issue 34: a project's conversation, ticket comments, e-mails that respect attention, an Inbox that answers. */
let api: TestApi;
beforeAll(async () => {
  // The offline product's test clock (ops/test-clock.ts) is on, as in `npm start` and the journeys.
  api = await startTestApi({ config: { testClock: true } });
});
afterAll(() => api.close());

const post = (user: TestUser, projectId: string, body: unknown) =>
  api.call('POST', `/api/projects/${projectId}/messages`, { token: user.token, body });
const list = (user: TestUser, projectId: string, query = '') =>
  api.call('GET', `/api/projects/${projectId}/messages${query}`, { token: user.token });
const unread = async (user: TestUser) =>
  (await api.call('GET', '/api/conversations/unread', { token: user.token })).body as {
    unread: Record<string, number>;
    total: number;
  };
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
/** Mail queued by the alerts and the digest, once its jobs ran. */
async function mailTo(address: string) {
  await api.settle();
  return api.mailer.sent.filter((mail) => mail.to === address);
}

describe('a project conversation', () => {
  it('carries plain text between the client and the consultancy, with unread counts and "Seen"', async () => {
    const projectId = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
    const html = '<img src=x onerror=alert(1)> see https://example.test/brief';
    const sent = await post(api.clientA, projectId, { body: html });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({
      project_id: projectId,
      ticket_id: null,
      author_id: api.clientA.id,
      author_role: 'CLIENT',
      body: html,
      seen: false,
    });
    // Stored once, as typed: the API returns the text itself, never markup made of it.
    const [{ body: stored }] = (await api.db.query<{ body: string }>(
      'select body from messages where id = $1',
      [sent.body.message.id],
    )) as [{ body: string }];
    expect(stored).toBe(html);

    expect((await unread(api.admin)).unread[projectId]).toBe(1);
    expect((await unread(api.clientA)).unread[projectId]).toBeUndefined();

    // The admin reads the thread: the client's message shows "Seen", the admin's count is gone.
    expect(
      (await api.call('POST', `/api/projects/${projectId}/messages/seen`, { token: api.admin.token })).status,
    ).toBe(200);
    expect((await unread(api.admin)).unread[projectId]).toBeUndefined();
    expect((await list(api.clientA, projectId)).body.messages[0]).toMatchObject({ body: html, seen: true });

    const reply = await post(api.admin, projectId, { body: 'Thanks, looking now.' });
    expect(reply.body.message).toMatchObject({ author_role: 'ADMIN', seen: false });
    expect(await unread(api.clientA)).toEqual({ unread: { [projectId]: 1 }, total: 1 });

    // The client's bell says so, and the notification names the message it is about.
    const bell = await api.call('GET', '/api/notifications?unread=1', { token: api.clientA.token });
    const about = bell.body.notifications.find((n: { projectId: string }) => n.projectId === projectId);
    expect(about).toMatchObject({ action: 'message_posted', details: { messageId: reply.body.message.id } });
  });

  it('pages history by cursor, newest first, every message once', async () => {
    const projectId = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
    for (let i = 1; i <= 7; i++)
      await post(i % 2 ? api.clientA : api.admin, projectId, { body: `message ${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(api.clientA, projectId, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.messages.map((m: { body: string }) => m.body));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([
      'message 7',
      'message 6',
      'message 5',
      'message 4',
      'message 3',
      'message 2',
      'message 1',
    ]);
    expect((await list(api.clientA, projectId, '?cursor=not-a-cursor')).status).toBe(400);
  });

  it('refuses empty, oversize and control-character text with the limit named, storing nothing', async () => {
    const projectId = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
    const blank = await post(api.clientA, projectId, { body: '   \n ' });
    expect(blank.status).toBe(400);
    const long = await post(api.clientA, projectId, { body: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('5,000 characters');
    expect((await post(api.clientA, projectId, { body: 'bad \u0000 byte' })).status).toBe(400);
    expect((await post(api.clientA, projectId, { body: 'hi', html: '<b>' })).status).toBe(400);
    expect((await list(api.clientA, projectId)).body.messages).toEqual([]);
    expect((await post(api.clientA, projectId, { body: 'x'.repeat(MESSAGE_MAX_LENGTH) })).status).toBe(201);
  });

  it("client B reaches nothing of client A's: thread, comments, seen marks, counts", async () => {
    const projectId = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
    const ticketId = await insertFixtureTicket(api.db, projectId);
    await post(api.clientA, projectId, { body: 'Private to A' });
    await post(api.clientA, projectId, { body: 'A comment', ticketId });
    expect((await list(api.clientB, projectId)).status).toBe(404);
    expect((await list(api.clientB, projectId, `?ticketId=${ticketId}`)).status).toBe(404);
    expect((await post(api.clientB, projectId, { body: 'Intruding' })).status).toBe(404);
    expect((await post(api.clientB, projectId, { body: 'Intruding', ticketId })).status).toBe(404);
    expect(
      (await api.call('POST', `/api/projects/${projectId}/messages/seen`, { token: api.clientB.token }))
        .status,
    ).toBe(404);
    expect((await unread(api.clientB)).unread[projectId]).toBeUndefined();
    // B's own project does not open A's ticket either.
    const own = await insertFixtureProject(api.db, api.clientB, { state: 'active' });
    expect((await post(api.clientB, own, { body: 'Into A', ticketId })).status).toBe(404);
    expect((await list(api.clientB, own, `?ticketId=${ticketId}`)).body.messages).toEqual([]);
    expect(
      (await api.call('GET', '/api/notifications', { token: api.clientB.token })).body.notifications.some(
        (n: { projectId: string }) => n.projectId === projectId,
      ),
    ).toBe(false);
  });

  it('comments on tickets from both sides, while the client still cannot move a ticket', async () => {
    const projectId = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
    const ticketId = await insertFixtureTicket(api.db, projectId);
    expect((await post(api.clientA, projectId, { body: 'Can this wait?', ticketId })).status).toBe(201);
    expect((await post(api.admin, projectId, { body: 'Yes, next week.', ticketId })).status).toBe(201);
    const comments = await list(api.clientA, projectId, `?ticketId=${ticketId}`);
    expect(comments.body.messages.map((m: { body: string }) => m.body)).toEqual([
      'Yes, next week.',
      'Can this wait?',
    ]);
    // Comments are not the thread.
    expect((await list(api.clientA, projectId)).body.messages).toEqual([]);
    const move = await api.call('PATCH', `/api/tickets/${ticketId}`, {
      token: api.clientA.token,
      body: { status: 'done' },
    });
    expect(move.status).toBe(403);
    const events = await api.call('GET', `/api/projects/${projectId}/events`, { token: api.clientA.token });
    expect(events.body.events.map((e: { action: string }) => e.action)).toEqual([
      'comment_posted',
      'comment_posted',
    ]);
  });
});

describe('e-mail that respects attention (a clock the test drives)', () => {
  it('sends one e-mail per thread when a message stays unseen for 5 minutes, and again only after it was seen', async () => {
    const client = await api.user('alert-client');
    const projectId = await insertFixtureProject(api.db, client, { state: 'active' });
    const mail = api.services.conversationMail!;
    await post(api.admin, projectId, { body: 'The first draft is ready.' });
    await post(api.admin, projectId, { body: 'And the second.' });

    await mail.sendUnseenAlerts(minutesFromNow(UNSEEN_MESSAGE_ALERT_MINUTES - 1));
    expect(await mailTo(client.email)).toEqual([]);
    await mail.sendUnseenAlerts(minutesFromNow(UNSEEN_MESSAGE_ALERT_MINUTES + 1));
    expect(await mailTo(client.email)).toHaveLength(1);
    // A later run, or two at once (two replicas), send nothing more: one e-mail for the thread.
    await Promise.all([mail.sendUnseenAlerts(minutesFromNow(30)), mail.sendUnseenAlerts(minutesFromNow(30))]);
    await post(api.admin, projectId, { body: 'A third, still unseen.' });
    await mail.sendUnseenAlerts(minutesFromNow(60));
    const sent = await mailTo(client.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('New message on "Fixture tier 3"');
    expect(sent[0]!.text).toContain('2 new messages from the consultancy');
    // It quotes nothing written in the thread, and leads to the project and the first unseen message.
    expect(sent[0]!.text).not.toContain('first draft');
    const [first] = (await api.db.query<{ id: string }>(
      'select id from messages where project_id = $1 order by seq limit 1',
      [projectId],
    )) as [{ id: string }];
    expect(sent[0]!.text).toContain(`/dashboard?project=${projectId}&message=${first.id}`);

    // Seen, then a new message unseen for 5 minutes: a new e-mail.
    await api.call('POST', `/api/projects/${projectId}/messages/seen`, { token: client.token });
    await post(api.admin, projectId, { body: 'One more thing.' });
    await mail.sendUnseenAlerts(minutesFromNow(UNSEEN_MESSAGE_ALERT_MINUTES + 1));
    expect(await mailTo(client.email)).toHaveLength(2);
  });

  it("the offline product's test clock runs the same job: one e-mail per thread, none once seen", async () => {
    // What the browser journey drives (conversation.e2e.ts): POST /ops/test-clock/run with the time it moved to.
    const client = await api.user('clock-client');
    const projectId = await insertFixtureProject(api.db, client, { state: 'active' });
    const runAt = async (minutes: number) => {
      const ran = await api.call('POST', '/ops/test-clock/run', {
        body: { job: 'conversations.unseen-alerts', at: minutesFromNow(minutes).toISOString() },
      });
      expect(ran.status).toBe(200);
      return ran.body.result as number;
    };
    await post(api.admin, projectId, { body: 'The plan is ready.' });
    expect(await runAt(UNSEEN_MESSAGE_ALERT_MINUTES - 1)).toBe(0);
    expect(await mailTo(client.email)).toEqual([]);
    expect(await runAt(UNSEEN_MESSAGE_ALERT_MINUTES + 1)).toBe(1);
    expect(await mailTo(client.email)).toHaveLength(1);
    // A second message in the same thread, still unseen: no second e-mail, however far the clock moves.
    await post(api.admin, projectId, { body: 'And the budget.' });
    expect(await runAt(2 * UNSEEN_MESSAGE_ALERT_MINUTES + 2)).toBe(0);
    expect(await mailTo(client.email)).toHaveLength(1);
    // Opened: nothing more is sent.
    await api.call('POST', `/api/projects/${projectId}/messages/seen`, { token: client.token });
    expect(await runAt(60)).toBe(0);
    const [only, ...more] = await mailTo(client.email);
    expect(more).toEqual([]);
    expect(only!.text).toContain('a new message from the consultancy');
  });

  it("mails every admin who has not seen a client's message, and nobody who turned these e-mails off", async () => {
    const projectId = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
    const quiet = await api.user('quiet-admin', 'ADMIN');
    const off = await api.call('PATCH', '/api/email-settings', {
      token: quiet.token,
      body: { messageAlerts: false },
    });
    expect(off.body.settings).toEqual({ messageAlerts: false, ticketDigest: true });
    expect((await api.call('GET', '/api/email-settings', { token: quiet.token })).body.settings).toEqual({
      messageAlerts: false,
      ticketDigest: true,
    });
    await post(api.clientA, projectId, { body: 'Hello?' });
    await api.services.conversationMail!.sendUnseenAlerts(minutesFromNow(6));
    expect(await mailTo(quiet.email)).toEqual([]);
    const toAdmin = await mailTo(api.admin.email);
    expect(toAdmin.filter((m) => m.subject === 'New message on "Fixture tier 3"').length).toBeGreaterThan(0);
    expect(toAdmin.at(-1)!.text).toContain('from your client');
  });

  it('batches ticket moves into one daily digest by default, with no notification per move', async () => {
    const client = await api.user('digest-client');
    const projectId = await insertFixtureProject(api.db, client, { state: 'active' });
    const ticket = await api.call('POST', '/api/tickets', {
      token: api.admin.token,
      body: { project_id: projectId, title: 'Set up CI', board_type: 'main' },
    });
    for (const status of ['in-progress', 'in-review', 'done'])
      await api.call('PATCH', `/api/tickets/${ticket.body.ticket.id}`, {
        token: api.admin.token,
        body: { status },
      });
    const bell = await api.call('GET', '/api/notifications', { token: client.token });
    expect(bell.body.notifications.map((n: { action: string }) => n.action)).toEqual(['ticket_created']);

    const mail = api.services.conversationMail!;
    await mail.sendTicketDigests(minutesFromNow(1));
    await mail.sendTicketDigests(minutesFromNow(2));
    const [digest, ...more] = await mailTo(client.email);
    expect(more).toEqual([]);
    expect(digest!.subject).toBe('Your projects today: 3 ticket moves');
    expect(digest!.text).toContain('"Set up CI": Not Started → In Progress');
    expect(digest!.text).toContain(`/dashboard?project=${projectId}`);

    // Turned off: no digest, and each move is a notification again.
    await api.call('PATCH', '/api/email-settings', { token: client.token, body: { ticketDigest: false } });
    await api.call('PATCH', `/api/tickets/${ticket.body.ticket.id}`, {
      token: api.admin.token,
      body: { status: 'in-review' },
    });
    await mail.sendTicketDigests(minutesFromNow(3));
    expect(await mailTo(client.email)).toHaveLength(1);
    const after = await api.call('GET', '/api/notifications', { token: client.token });
    expect(after.body.notifications[0].action).toBe('ticket_moved');
  });
});

describe('an Inbox that answers', () => {
  it('replies to a contact message by e-mail (recorded) and links it to a project', async () => {
    await api.call('POST', '/api/contact-form', {
      body: {
        firstName: 'Rae',
        lastName: 'Ply',
        email: 'rae@example.test',
        projectDetails: 'Can you help us?',
      },
    });
    const inbox = await api.call('GET', '/api/inbox?kind=contact&q=rae', { token: api.admin.token });
    const item = inbox.body.items[0];
    expect(item).toMatchObject({ email: 'rae@example.test', repliedAt: null, projectId: null });
    const reply = await api.call('POST', '/api/inbox/reply', {
      token: api.admin.token,
      body: { kind: 'contact', id: item.id, body: 'Yes. When can we talk?' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.reply).toMatchObject({ body: 'Yes. When can we talk?', sentTo: 'rae@example.test' });
    const [sent] = await mailTo('rae@example.test').then((all) =>
      all.filter((m) => m.subject.startsWith('Re:')),
    );
    expect(sent).toMatchObject({ subject: 'Re: your message to us', replyTo: 'inbox@consultancy.test' });
    expect(sent!.text).toContain('Yes. When can we talk?');

    const projectId = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
    const linked = await api.call('POST', '/api/inbox/link', {
      token: api.admin.token,
      body: { id: item.id, projectId },
    });
    expect(linked.body.item).toMatchObject({
      projectId,
      readAt: expect.any(String),
      repliedAt: expect.any(String),
    });
    const missing = await api.call('POST', '/api/inbox/link', {
      token: api.admin.token,
      body: { id: item.id, projectId: '0a9e6e5c-7c4e-4d7e-9a36-6d2f3b0a1e11' },
    });
    expect(missing.status).toBe(404);
  });

  it('turns a consultation request into a project with one action', async () => {
    await api.call('POST', '/api/schedule-consultation', {
      body: {
        tier: '4',
        firstName: 'Con',
        lastName: 'Vert',
        email: 'convert@example.test',
        projectDescription: 'We need a technical strategy.',
        budget: '15k-50k',
        timeline: '2-3-months',
        acceptedTerms: true,
      },
    });
    const inbox = await api.call('GET', '/api/inbox?kind=consultation&q=convert', { token: api.admin.token });
    const item = inbox.body.items[0];
    const converted = await api.call('POST', '/api/inbox/convert', {
      token: api.admin.token,
      body: { id: item.id },
    });
    expect(converted.status).toBe(200);
    expect(converted.body.project).toMatchObject({
      id: item.consultation.projectId,
      admin_approval_status: 'accepted',
    });
    const twice = await api.call('POST', '/api/inbox/convert', {
      token: api.admin.token,
      body: { id: item.id },
    });
    expect(twice.status).toBeGreaterThanOrEqual(400);
  });
});
