import {
  API_MESSAGES,
  PROJECT_TRANSITION_MESSAGES as M,
  SCHEDULING_MESSAGES,
  describePreferredSlot,
  shortReference,
  wallClock,
} from '@agency/domain';
import { PaymentError } from './money/types';
import { insertFixtureProject, signatureOf, startTestApi, type TestApi } from './test-support/test-api';
import { latestProposal } from './project-store/proposal-store';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});
beforeEach(async () => {
  // Mail goes out through jobs: let the previous test's finish before counting this one's.
  await api.jobs.idle();
  api.payments.reset();
  api.mailer.sent = [];
  api.mailer.failing = false;
});

const projectRow = async (id: string) =>
  (await api.db.query<Record<string, unknown>>('select * from projects where id = $1', [id]))[0]!;
const eventsOf = (id: string) =>
  api.db.query<{
    action: string;
    actor_id: string;
    actor_role: string;
    from_status: string;
    to_status: string;
  }>(
    'select action, actor_id, actor_role, from_status, to_status from project_events where project_id = $1 order by id',
    [id],
  );
/** Mail is sent after the response: wait until `count` mails went out (or give up after 3 s). */
async function mailsSent(count: number): Promise<void> {
  for (let waited = 0; api.mailer.sent.length < count && waited < 3000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('project rules on the server', () => {
  it('runs a tier 3 project from request to completion, logging every step', async () => {
    const created = await api.call('POST', '/api/create-project', {
      token: api.clientA.token,
      body: { tier: 3, description: 'Scale our platform', monthly_budget_range: '5k-15k', timeline: 'asap' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.body.project).toMatchObject({
      status: 'pending',
      client_id: api.clientA.id,
      client_email: api.clientA.email,
    });

    // A subscription's proposal states the monthly fee the admin chose (no tier default is ever sent).
    const sent = await api.call('POST', `/api/projects/${id}/proposal`, {
      token: api.admin.token,
      body: {
        scope: 'Scale the platform.',
        deliverables: ['Scaling plan'],
        monthlyFee: 15000,
        validUntil: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(sent.status).toBe(200);
    const approve = await api.call('POST', '/api/client-approve-project', {
      token: api.clientA.token,
      body: {
        projectId: id,
        action: 'accept',
        paymentMethodId: 'pm_card_visa',
        ...(await signatureOf(api.db, id)),
      },
    });
    expect(approve.status).toBe(200);
    expect(approve.body.project).toMatchObject({
      status: 'active',
      overall_status: 'accepted',
      is_active: true,
    });
    expect(api.payments.calls).toEqual([
      { method: 'startSubscription', projectId: id, argument: 'pm_card_visa' },
    ]);
    const [subscription] = await api.db.query<{ stripe_subscription_id: string }>(
      'select stripe_subscription_id from subscriptions where project_id = $1',
      [id],
    );
    expect(subscription?.stripe_subscription_id).toBe(`sub_${id}`);

    const complete = await api.call('POST', '/api/complete-project', {
      token: api.admin.token,
      body: { projectId: id },
    });
    expect(complete.body.project).toMatchObject({ status: 'completed', is_active: false });
    expect(api.payments.calls.map((c) => c.method)).toEqual(['startSubscription', 'cancelSubscription']);

    expect(await eventsOf(id)).toEqual([
      {
        action: 'created',
        actor_id: api.clientA.id,
        actor_role: 'CLIENT',
        from_status: null,
        to_status: 'pending',
      },
      {
        action: 'admin_accept',
        actor_id: api.admin.id,
        actor_role: 'ADMIN',
        from_status: 'pending',
        to_status: 'pending',
      },
      {
        action: 'client_accept',
        actor_id: api.clientA.id,
        actor_role: 'CLIENT',
        from_status: 'pending',
        to_status: 'active',
      },
      {
        action: 'complete',
        actor_id: api.admin.id,
        actor_role: 'ADMIN',
        from_status: 'active',
        to_status: 'completed',
      },
    ]);
    // The consultancy hears of the request and of the approval; the client of the proposal and of the completion;
    // both sides get the signed agreement.
    await api.jobs.idle();
    expect(api.mailer.sent.map((m) => m.to).sort()).toEqual(
      [...Array(3).fill(api.clientA.email), ...Array(3).fill('inbox@consultancy.test')].sort(),
    );
    expect(api.mailer.sent.find((m) => m.subject.endsWith('The client approved the proposal'))).toMatchObject(
      { to: 'inbox@consultancy.test', html: expect.stringContaining('<table') },
    );
  });

  it('answers 409 with the machine message and writes nothing for an invalid transition', async () => {
    const id = await insertFixtureProject(api.db, api.clientA, { state: 'pending' });
    const before = await projectRow(id);
    const response = await api.call('POST', '/api/complete-project', {
      token: api.admin.token,
      body: { projectId: id },
    });
    expect(response).toMatchObject({ status: 409, body: { error: M.notActive } });
    expect(await projectRow(id)).toEqual(before);
    expect(await eventsOf(id)).toEqual([]);
    expect(api.payments.calls).toEqual([]);
  });

  it('blocks editing once both sides accepted', async () => {
    const id = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
    const response = await api.call('PATCH', `/api/projects/${id}`, {
      token: api.admin.token,
      body: { title: 'Changed' },
    });
    expect(response).toMatchObject({ status: 409, body: { error: M.editBlocked } });
    expect((await projectRow(id)).title).toBe('Fixture tier 3');
  });

  it('lets the admin edit a pending project and logs the change', async () => {
    const id = await insertFixtureProject(api.db, api.clientA, { state: 'awaitingClient' });
    const response = await api.call('PATCH', `/api/projects/${id}`, {
      token: api.admin.token,
      body: { title: 'Platform scaling', cost: 18000 },
    });
    expect(response.status).toBe(200);
    expect(response.body.project).toMatchObject({ title: 'Platform scaling', cost: 18000 });
    // The proposal sent shows the title and the price: the edit is its version 2.
    expect(await latestProposal(api.db, id)).toMatchObject({
      version: 2,
      document: { title: 'Platform scaling', price: { monthlyFee: 18000 } },
    });
    // Nobody types a Stripe price: the field is not accepted.
    const typed = await api.call('PATCH', `/api/projects/${id}`, {
      token: api.admin.token,
      body: { stripe_price_id: 'price_123' },
    });
    expect(typed.status).toBe(400);
    expect((await eventsOf(id)).map((e) => e.action)).toEqual(['admin_edit']);
  });

  it('refunds the deposit before refusing a paid tier 1 project', async () => {
    const id = await insertFixtureProject(api.db, api.clientA, {
      tier: 1,
      state: 'pending',
      paymentIntentId: 'pi_deposit_1',
    });
    const response = await api.call('POST', `/api/projects/${id}/refuse`, { token: api.admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      refundIssued: true,
      refundAmount: 250,
      project: { status: 'refused', admin_approval_status: 'refused', overall_status: 'refused' },
    });
    expect(api.payments.calls).toEqual([
      { method: 'refundDeposit', projectId: id, argument: 'Project refused' },
    ]);
  });

  it('aborts the refusal, writing nothing, when the refund fails', async () => {
    const id = await insertFixtureProject(api.db, api.clientA, { tier: 2, state: 'pending' });
    api.payments.failures.set('refundDeposit', new PaymentError('card_declined', 402));
    const before = await projectRow(id);
    const response = await api.call('POST', `/api/projects/${id}/refuse`, { token: api.admin.token });
    expect(response).toMatchObject({ status: 402, body: { error: API_MESSAGES.refundFailed } });
    expect(await projectRow(id)).toEqual(before);
    expect(await eventsOf(id)).toEqual([]);
  });

  it('marks a completed tier 1 project for final payment and mails the client', async () => {
    const id = await insertFixtureProject(api.db, api.clientA, { tier: 1, state: 'active' });
    const response = await api.call('POST', '/api/complete-project', {
      token: api.admin.token,
      body: { projectId: id },
    });
    expect(response.body.project).toMatchObject({
      status: 'pending_final_payment',
      final_payment_amount: 250,
    });
    expect(api.payments.calls).toEqual([]);
    await mailsSent(1);
    expect(api.mailer.sent).toEqual([
      expect.objectContaining({ to: api.clientA.email, subject: 'Final payment for "Fixture tier 1"' }),
    ]);
    expect(api.mailer.sent[0]!.text).toContain('$250');
  });

  it('needs a payment method to approve a subscription project', async () => {
    const id = await insertFixtureProject(api.db, api.clientA, { tier: 4, state: 'awaitingClient' });
    const response = await api.call('POST', '/api/client-approve-project', {
      token: api.clientA.token,
      body: { projectId: id, action: 'accept' },
    });
    expect(response).toMatchObject({ status: 400, body: { error: 'Invalid card details.' } });
    expect((await projectRow(id)).status).toBe('pending');
  });

  it('lets the client refuse a proposal', async () => {
    const id = await insertFixtureProject(api.db, api.clientA, { tier: 3, state: 'awaitingClient' });
    const response = await api.call('POST', '/api/client-approve-project', {
      token: api.clientA.token,
      body: { projectId: id, action: 'refuse' },
    });
    expect(response.body.project).toMatchObject({ status: 'refused', overall_status: 'refused' });
  });

  it('lets a client cancel a pending project with a reason, refunding a paid deposit', async () => {
    const id = await insertFixtureProject(api.db, api.clientA, { tier: 2, state: 'pending' });
    const blank = await api.call('POST', '/api/client-cancel-pending-project', {
      token: api.clientA.token,
      body: { projectId: id, cancellationReason: '   ' },
    });
    expect(blank.status).toBe(400);
    const response = await api.call('POST', '/api/client-cancel-pending-project', {
      token: api.clientA.token,
      body: { projectId: id, cancellationReason: 'Found another way' },
    });
    expect(response.body).toMatchObject({
      refundIssued: true,
      refundAmount: 700,
      project: { cancelled: true, cancellation_reason: 'Found another way', overall_status: 'refused' },
    });
  });

  it("refuses a client's cancellation without a reason, as the cancel dialogs do; the admin needs none", async () => {
    const id = await insertFixtureProject(api.db, api.clientA, { tier: 3, state: 'active' });
    for (const cancellationReason of [undefined, '  ']) {
      const refused = await api.call('POST', '/api/cancel-project', {
        token: api.clientA.token,
        body: { projectId: id, cancelledBy: 'client', cancellationReason },
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('Please provide a reason for cancellation.');
    }
    expect((await projectRow(id)).cancelled).toBe(false);
    const byAdmin = await api.call('POST', '/api/cancel-project', {
      token: api.admin.token,
      body: { projectId: id, cancelledBy: 'admin' },
    });
    expect(byAdmin.status).toBe(200);
  });

  it('requires the early-cancellation penalty to be paid before a client cancels tier 4', async () => {
    const id = await insertFixtureProject(api.db, api.clientA, { tier: 4, state: 'active' });
    api.payments.penalty = {
      hasPenalty: true,
      penaltyAmount: 15000,
      monthsRemaining: 1,
      subscriptionFee: 25000,
    };
    const unpaid = await api.call('POST', '/api/cancel-project', {
      token: api.clientA.token,
      body: { projectId: id, cancelledBy: 'client', cancellationReason: 'Budget' },
    });
    expect(unpaid.status).toBe(402);
    expect((await projectRow(id)).cancelled).toBe(false);

    const paid = await api.call('POST', '/api/cancel-project', {
      token: api.clientA.token,
      body: {
        projectId: id,
        cancelledBy: 'client',
        paymentMethodId: 'pm_card_visa',
        cancellationReason: 'Budget',
      },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.project).toMatchObject({ cancelled: true, is_active: false });
    expect(api.payments.calls.map((c) => c.method)).toEqual([
      'quotePenalty',
      'quotePenalty',
      'chargePenalty',
      'cancelSubscription',
    ]);
    const [penalty] = await api.db.query<{ kind: string; amount_cents: number }>(
      'select kind, amount_cents from payments where project_id = $1',
      [id],
    );
    expect(penalty).toEqual({ kind: 'penalty', amount_cents: 1_500_000 });
  });

  it('refuses a client cancelling as admin', async () => {
    const id = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
    const response = await api.call('POST', '/api/cancel-project', {
      token: api.clientA.token,
      body: { projectId: id, cancelledBy: 'admin' },
    });
    expect(response.status).toBe(403);
  });

  it('refunds on admin cancellation only when asked', async () => {
    const id = await insertFixtureProject(api.db, api.clientA, { tier: 1, state: 'active' });
    const response = await api.call('POST', '/api/cancel-project', {
      token: api.admin.token,
      body: {
        projectId: id,
        cancelledBy: 'admin',
        issueRefund: true,
        cancellationReason: 'Client unreachable',
      },
    });
    expect(response.body).toMatchObject({ refundIssued: true, refundAmount: 250 });
    const again = await api.call('POST', '/api/cancel-project', {
      token: api.admin.token,
      body: { projectId: id, cancelledBy: 'admin' },
    });
    expect(again).toMatchObject({ status: 409, body: { error: M.cancelled } });
  });

  it('shows each client only their own projects and tickets, newest first; the admin all', async () => {
    const first = await insertFixtureProject(api.db, api.clientB, {});
    const second = await insertFixtureProject(api.db, api.clientB, {});
    await api.call('POST', '/api/tickets', {
      token: api.admin.token,
      body: { project_id: second, title: 'Kick-off', board_type: 'main' },
    });
    const mine = await api.call('GET', '/api/projects', { token: api.clientB.token });
    expect(mine.body.projects.map((p: { id: string }) => p.id).slice(0, 2)).toEqual([second, first]);
    expect(mine.body.projects.every((p: { client_id: string }) => p.client_id === api.clientB.id)).toBe(true);
    const tickets = await api.call('GET', '/api/tickets', { token: api.clientB.token });
    expect(tickets.body.tickets).toEqual([
      expect.objectContaining({ title: 'Kick-off', assignee: expect.any(String), status: 'not-started' }),
    ]);
    const others = await api.call('GET', '/api/tickets', { token: api.clientA.token });
    expect(others.body.tickets.some((t: { project_id: string }) => t.project_id === second)).toBe(false);
    const all = await api.call('GET', '/api/projects', { token: api.admin.token });
    expect(all.body.projects.length).toBeGreaterThan(mine.body.projects.length);
  });

  it('moves tickets only to known statuses', async () => {
    const projectId = await insertFixtureProject(api.db, api.clientA, { state: 'completed' });
    const created = await api.call('POST', '/api/tickets', {
      token: api.admin.token,
      body: { project_id: projectId, title: 'Patch', board_type: 'maintenance' },
    });
    expect(created.status).toBe(201);
    const moved = await api.call('PATCH', `/api/tickets/${created.body.ticket.id}`, {
      token: api.admin.token,
      body: { status: 'done' },
    });
    expect(moved.body.ticket.status).toBe('done');
    const wrong = await api.call('PATCH', `/api/tickets/${created.body.ticket.id}`, {
      token: api.admin.token,
      body: { status: 'shipped' },
    });
    expect(wrong.status).toBe(400);
  });

  it('keeps the event log append-only', async () => {
    const id = await insertFixtureProject(api.db, api.clientA, {});
    await api.call('POST', `/api/projects/${id}/accept`, { token: api.admin.token });
    await expect(
      api.db.query('update project_events set action = $1 where project_id = $2', ['x', id]),
    ).rejects.toThrow(/append-only/);
    await expect(api.db.query('delete from project_events where project_id = $1', [id])).rejects.toThrow(
      /append-only/,
    );
  });

  it('stores a consultation request and its pending project, giving the project to the client who signs up later', async () => {
    const response = await api.call('POST', '/api/schedule-consultation', {
      body: {
        tier: 'general',
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.test',
        projectDescription: 'Compilers for everyone.',
        budget: 'under-5k',
        timeline: '1-month',
        preferredDate: '2999-12-01',
        acceptedTerms: true,
      },
    });
    expect(response.status).toBe(201);
    const row = await projectRow(response.body.id);
    expect(row).toMatchObject({
      title: 'General Consultation - Grace Hopper',
      tier: null,
      monthly_budget_range: 'under-5k',
      timeline: '1-month',
      status: 'pending',
      client_id: null,
    });
    const grace = await api.signToken({
      sub: '6f1d3c55-1f61-4a53-9b55-2f4b8a1c9e01',
      email: 'grace@example.test',
    });
    const list = await api.call('GET', '/api/projects', { token: grace });
    expect(list.body.projects.map((p: { id: string }) => p.id)).toEqual([response.body.id]);
  });

  it('keeps the contact message when mail fails, and sends the mail once the server is back', async () => {
    api.mailer.failing = true;
    const response = await api.call('POST', '/api/contact-form', {
      body: {
        firstName: 'Al',
        lastName: 'Bo',
        email: 'al-retry@example.test',
        projectDetails: 'Please call me back.',
      },
    });
    expect(response).toMatchObject({ status: 200, body: { ok: true } });
    const rows = await api.db.query('select email from contact_messages where email = $1', [
      'al-retry@example.test',
    ]);
    expect(rows).toHaveLength(1);
    for (let waited = 0; api.mailer.attempts === 0 && waited < 5000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.mailer.sent).toEqual([]);
    api.mailer.failing = false;
    await api.jobs.idle(['mail.send'], 20_000);
    expect(api.mailer.sent).toEqual(
      expect.arrayContaining([expect.objectContaining({ replyTo: 'al-retry@example.test' })]),
    );
  });

  it('mails contact messages to the inbox', async () => {
    await api.call('POST', '/api/contact-form', {
      body: {
        firstName: 'Al',
        lastName: 'Bo',
        email: 'al@example.test',
        company: 'Bo Ltd',
        projectDetails: 'Please call me back.',
      },
    });
    await mailsSent(2);
    const [stored] = await api.db.query<{ id: string }>('select id from contact_messages where email = $1', [
      'al@example.test',
    ]);
    expect(api.mailer.sent).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          to: 'inbox@consultancy.test',
          replyTo: 'al@example.test',
          subject: 'New message from Al Bo',
        }),
        expect.objectContaining({ to: 'al@example.test', subject: 'We received your message' }),
      ]),
    );
    expect(api.mailer.sent).toHaveLength(2);
    // The acknowledgement quotes the message's reference and repeats nothing the anonymous sender typed.
    const ack = api.mailer.sent.find((mail) => mail.to === 'al@example.test')!;
    expect(ack.text).toContain(`Reference: ${shortReference(stored!.id)}`);
    expect(ack.text).toContain("We'll get back to you within 24 hours.");
    expect(`${ack.text}${ack.html}`).not.toMatch(/call me back|Al|Bo Ltd/);
  });

  const consultationBody = (change: Record<string, unknown> = {}) => ({
    tier: '4',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace-ack@example.test',
    projectDescription: 'Compilers for everyone.',
    budget: '15k-50k',
    timeline: 'asap',
    acceptedTerms: true,
    ...change,
  });
  /** Today's date on the wall clock of a time zone, moved by `days`. */
  const dayIn = (timeZone: string, days: number) => {
    const at = new Date(Date.now() + days * 86_400_000);
    return wallClock(timeZone, at).date;
  };

  it('acknowledges a consultation request to its sender with its reference, in the transaction that stores it', async () => {
    const preferredDate = dayIn('Asia/Tokyo', 3);
    const response = await api.call('POST', '/api/schedule-consultation', {
      body: consultationBody({ preferredDate, preferredTime: '14:30', preferredTimeZone: 'Asia/Tokyo' }),
    });
    expect(response.status).toBe(201);
    await mailsSent(2);
    expect(api.mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual(
      expect.arrayContaining([
        ['inbox@consultancy.test', 'Consultation request: Fractional CTO from Grace Hopper'],
        ['grace-ack@example.test', 'We received your consultation request'],
      ]),
    );
    const ack = api.mailer.sent.find((mail) => mail.to === 'grace-ack@example.test')!;
    expect(ack.text).toContain(`Reference: ${shortReference(response.body.id)}`);
    expect(ack.text).toContain('Service: Fractional CTO');
    expect(ack.text).toContain(
      `Preferred: ${describePreferredSlot({ date: preferredDate, time: '14:30', timeZone: 'Asia/Tokyo' })}`,
    );
    // The time zone is recorded with the request, and the admin's queue card reads it with the project.
    const [request] = await api.db.query(
      'select preferred_time_zone from consultation_requests where project_id = $1',
      [response.body.id],
    );
    expect(request).toEqual({ preferred_time_zone: 'Asia/Tokyo' });
    const queue = await api.call('GET', '/api/projects?view=pending', { token: api.admin.token });
    expect(queue.body.projects.find((p: { id: string }) => p.id === response.body.id)).toMatchObject({
      preferred_slot: { date: preferredDate, time: '14:30', timeZone: 'Asia/Tokyo' },
    });
    const inbox = await api.call('GET', '/api/inbox?kind=consultation', { token: api.admin.token });
    expect(
      inbox.body.items.find(
        (i: { consultation?: { projectId: string } }) => i.consultation?.projectId === response.body.id,
      ).consultation,
    ).toMatchObject({ preferredDate, preferredTime: '14:30', preferredTimeZone: 'Asia/Tokyo' });
  });

  it('refuses a preferred date or time already past where the sender is, storing and mailing nothing', async () => {
    await api.jobs.idle();
    const before = await api.db.query('select count(*)::int as n from consultation_requests');
    const yesterday = await api.call('POST', '/api/schedule-consultation', {
      body: consultationBody({
        preferredDate: dayIn('Pacific/Kiritimati', -1),
        preferredTimeZone: 'Pacific/Kiritimati',
      }),
    });
    expect(yesterday).toMatchObject({
      status: 400,
      body: { fields: { preferredDate: SCHEDULING_MESSAGES.datePast } },
    });
    // Without a zone (an older release), the day counts where it ends last (UTC-12): Kiritimati's clock runs up to
    // 26 hours ahead of it, so two days ago there can still be today in UTC-12; three days ago is past everywhere.
    const older = await api.call('POST', '/api/schedule-consultation', {
      body: consultationBody({ preferredDate: dayIn('Pacific/Kiritimati', -3) }),
    });
    expect(older).toMatchObject({
      status: 400,
      body: { fields: { preferredDate: SCHEDULING_MESSAGES.datePast } },
    });
    const zone = await api.call('POST', '/api/schedule-consultation', {
      body: consultationBody({ preferredDate: dayIn('UTC', 2), preferredTimeZone: 'Moon/Base' }),
    });
    expect(zone).toMatchObject({
      status: 400,
      body: { fields: { preferredTimeZone: SCHEDULING_MESSAGES.timeZoneInvalid } },
    });
    await api.jobs.idle();
    expect(await api.db.query('select count(*)::int as n from consultation_requests')).toEqual(before);
    expect(api.mailer.sent).toEqual([]);
  });

  it('does not let a client create a fixed-price project without paying', async () => {
    const response = await api.call('POST', '/api/create-project', {
      token: api.clientA.token,
      body: { tier: 1, description: 'A small site please' },
    });
    expect(response).toMatchObject({ status: 400, body: { error: API_MESSAGES.paidTierNeedsPayment } });
  });
});
