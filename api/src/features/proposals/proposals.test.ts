import { randomUUID } from 'node:crypto';
import {
  API_MESSAGES,
  LOCAL_DEFAULTS,
  PROPOSAL_MESSAGES,
  proposalText,
  type ProposalView,
} from '@agency/domain';
import { insertFixtureProject, startTestApi, type TestApi, type TestUser } from '../../test-support/test-api';
import { pdfText } from '../../test-support/pdf-text';
import { sha256 } from '../../project-store/proposal-store';

/** Issue 33: proposals the client reads and signs, and only then pays. */
describe('proposals', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ stripe: true });
  });
  afterAll(() => api.close());

  const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const draft = (extra: Record<string, unknown> = {}) => ({
    scope: 'Technical leadership for the platform rebuild.\n\n- Weekly architecture review\n- Hiring plan',
    deliverables: ['Technology roadmap (month 1)', 'Vendor review (month 2)'],
    validUntil: inAWeek(),
    ...extra,
  });

  async function requested(tier: 3 | 4 = 4) {
    const client = await api.user(`signer-${randomUUID().slice(0, 6)}`);
    const projectId = await insertFixtureProject(api.db, client, { tier, state: 'pending' });
    await api.db.query('update projects set cost = null where id = $1', [projectId]);
    return { client, projectId };
  }
  const send = (projectId: string, body: Record<string, unknown>) =>
    api.call('POST', `/api/projects/${projectId}/proposal`, { token: api.admin.token, body });
  const read = async (projectId: string, token: string) =>
    (await api.call('GET', `/api/projects/${projectId}/proposal`, { token })).body.proposal as ProposalView;
  const sign = (client: TestUser, projectId: string, fields: Record<string, unknown>) =>
    api.call('POST', '/api/client-approve-project', {
      token: client.token,
      headers: { 'user-agent': 'ProposalTest/1.0' },
      body: { projectId, action: 'accept', paymentMethodId: 'pm_card_visa', ...fields },
    });
  /** Nothing reached Stripe for the project: no journalled call, no subscription, no payment. */
  async function nothingCharged(projectId: string) {
    expect(
      await api.db.query(
        `select 1 from money_operation_steps c join money_operations o on o.id = c.operation_id where o.project_id = $1`,
        [projectId],
      ),
    ).toEqual([]);
    expect(await api.db.query('select 1 from subscriptions where project_id = $1', [projectId])).toEqual([]);
    expect(await api.db.query('select 1 from payments where project_id = $1', [projectId])).toEqual([]);
    const subscriptions = (await api.stripe.subscriptions.list({ status: 'all', limit: 100 })).data;
    expect(subscriptions.filter((s) => s.metadata.project_id === projectId)).toEqual([]);
    const [row] = await api.db.query<{ client_approval_status: string }>(
      'select client_approval_status from projects where id = $1',
      [projectId],
    );
    expect(row!.client_approval_status).toBe('pending');
  }

  it('a subscription cannot be sent without its monthly fee: no tier default', async () => {
    const { projectId } = await requested(4);
    const sent = await send(projectId, draft());
    expect(sent.status).toBe(400);
    expect(sent.body.error).toBe(PROPOSAL_MESSAGES.monthlyFeeRequired);
    const accepted = await api.call('POST', `/api/projects/${projectId}/accept`, { token: api.admin.token });
    expect(accepted.status).toBe(400);
    const [row] = await api.db.query<{ admin_approval_status: string }>(
      'select admin_approval_status from projects where id = $1',
      [projectId],
    );
    expect(row!.admin_approval_status).toBe('pending');
  });

  it('refuses a validity date in the past and a proposal without scope or deliverables', async () => {
    const { projectId } = await requested(4);
    expect((await send(projectId, draft({ monthlyFee: 12000, validUntil: '2020-01-01' }))).status).toBe(400);
    const noScope = await send(projectId, draft({ monthlyFee: 12000, scope: ' ' }));
    expect(noScope.status).toBe(400);
    expect(JSON.stringify(noScope.body)).toContain(PROPOSAL_MESSAGES.scopeRequired);
    const noDeliverables = await send(projectId, draft({ monthlyFee: 12000, deliverables: [] }));
    expect(JSON.stringify(noDeliverables.body)).toContain(PROPOSAL_MESSAGES.deliverablesRequired);
  });

  it('v1 then v2: the client sees only v2, the admin the history; unsigned → 400, superseded → 409, nothing charged; signing v2 starts the subscription and records the signature', async () => {
    const { client, projectId } = await requested(4);
    const v1 = await send(projectId, draft({ monthlyFee: 10000 }));
    expect(v1.status).toBe(200);
    expect(v1.body.project).toMatchObject({ admin_approval_status: 'accepted', cost: 10000 });
    expect(v1.body.proposal.document.version).toBe(1);
    const shownV1 = await read(projectId, client.token);

    const v2 = await send(projectId, draft({ monthlyFee: 12000, deliverables: ['Roadmap', 'Team plan'] }));
    expect(v2.status).toBe(200);
    const clientView = await read(projectId, client.token);
    expect(clientView.document.version).toBe(2);
    expect(clientView.history).toBeUndefined();
    expect(clientView.hash).toBe(sha256(proposalText(clientView.document)));
    expect(clientView.document.price).toEqual({
      kind: 'subscription',
      monthlyFee: 12000,
      minimumTermMonths: 3,
      penaltyRate: 0.6,
    });
    const text = proposalText(clientView.document);
    expect(text).toContain('Monthly fee: $12,000/month');
    expect(text).toContain('Minimum term: 3 months');
    expect(text).toContain('60% × 2 months × $12,000 = $14,400');
    expect(text).toContain('version 1.0 dated June 15, 2025');
    const adminView = await read(projectId, api.admin.token);
    expect(adminView.history!.map((h) => [h.version, h.monthlyFee])).toEqual([
      [2, 12000],
      [1, 10000],
    ]);

    const valid = { proposalVersion: 2, proposalHash: clientView.hash, signedName: 'Grace Hopper' };
    const unticked = await sign(client, projectId, { ...valid, agreed: false });
    expect(unticked.status).toBe(400);
    expect(unticked.body.error).toBe(PROPOSAL_MESSAGES.agreeRequired);
    const unnamed = await sign(client, projectId, { ...valid, agreed: true, signedName: '  ' });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error).toBe(PROPOSAL_MESSAGES.nameRequired);
    const superseded = await sign(client, projectId, {
      proposalVersion: 1,
      proposalHash: shownV1.hash,
      agreed: true,
      signedName: 'Grace Hopper',
    });
    expect(superseded.status).toBe(409);
    expect(superseded.body.error).toBe('The proposal changed; please review it again.');
    await nothingCharged(projectId);
    expect(
      await api.db.query('select 1 from proposal_signatures where project_id = $1', [projectId]),
    ).toEqual([]);

    api.mailer.sent = [];
    const signed = await sign(client, projectId, { ...valid, agreed: true });
    expect(signed.status).toBe(200);
    expect(signed.body.project).toMatchObject({ client_approval_status: 'accepted', status: 'active' });
    const [signature] = await api.db.query<Record<string, unknown>>(
      `select s.version, s.content_hash, s.signer_id, s.signed_name, s.ip_address, s.user_agent, o.kind, o.status
       from proposal_signatures s join money_operations o on o.id = s.operation_id where s.project_id = $1`,
      [projectId],
    );
    expect(signature).toMatchObject({
      version: 2,
      content_hash: clientView.hash,
      signer_id: client.id,
      signed_name: 'Grace Hopper',
      user_agent: 'ProposalTest/1.0',
      kind: 'client_accept',
      status: 'succeeded',
    });
    expect(signature!.ip_address).toEqual(expect.any(String));
    const [subscription] = await api.db.query<{ monthly_cost: string }>(
      'select monthly_cost from subscriptions where project_id = $1',
      [projectId],
    );
    expect(Number(subscription!.monthly_cost)).toBe(12000);
    expect((await read(projectId, client.token)).signature).toMatchObject({
      version: 2,
      hash: clientView.hash,
      signedName: 'Grace Hopper',
    });

    // The agreement downloads on both sides, and its text holds the name and the hash. The portals fetch it from
    // their own origin, so the answer must let that origin read it (else the browser refuses the download).
    for (const token of [client.token, api.admin.token]) {
      const response = await fetch(`${api.url}/api/projects/${projectId}/agreement.pdf`, {
        headers: { authorization: `Bearer ${token}`, origin: 'http://localhost:3002' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3002');
      const pdf = await pdfText(new Uint8Array(await response.arrayBuffer()));
      expect(pdf).toContain('Grace Hopper');
      expect(pdf).toContain(clientView.hash);
      expect(pdf).toContain('$12,000/month');
      expect(pdf).toContain('Technical leadership for the platform rebuild.');
    }

    // E-mailed to both sides, the PDF attached.
    await api.settle();
    const agreements = api.mailer.sent.filter((m) => m.subject.startsWith('Signed agreement'));
    expect(agreements.map((m) => m.to).sort()).toEqual([client.email, LOCAL_DEFAULTS.contactInbox].sort());
    for (const mail of agreements) {
      expect(mail.attachments?.[0]).toMatchObject({ contentType: 'application/pdf' });
      const attached = await pdfText(
        new Uint8Array(Buffer.from(String(mail.attachments![0]!.content), 'base64')),
      );
      expect(attached).toContain(clientView.hash);
    }

    // Once signed, the proposal cannot be revised.
    expect((await send(projectId, draft({ monthlyFee: 9000 }))).status).toBe(409);
  });

  it('an admin edit of the price makes a new version: the page the client opened is out of date (409)', async () => {
    const { client, projectId } = await requested(3);
    await send(projectId, draft({ monthlyFee: 8000 }));
    const shown = await read(projectId, client.token);
    const edited = await api.call('PATCH', `/api/projects/${projectId}`, {
      token: api.admin.token,
      body: { cost: 9000 },
    });
    expect(edited.status).toBe(200);
    const refused = await sign(client, projectId, {
      proposalVersion: shown.document.version,
      proposalHash: shown.hash,
      agreed: true,
      signedName: 'Ada Lovelace',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(API_MESSAGES.proposalChanged);
    await nothingCharged(projectId);
    const latest = await read(projectId, client.token);
    expect(latest.document.version).toBe(2);
    expect(latest.document.price).toMatchObject({ monthlyFee: 9000 });
  });

  it('a proposal to an address with no account says so and links to Sign Up with the address filled in', async () => {
    const email = `lead-${randomUUID().slice(0, 6)}@example.test`;
    const [row] = await api.db.query<{ id: string }>(
      `insert into projects (title, description, tier, client_name, client_email) values
       ('Platform strategy', 'We need a CTO for our platform.', 4, 'Lead Person', $1) returning id`,
      [email],
    );
    api.mailer.sent = [];
    expect((await send(row!.id, draft({ monthlyFee: 12000 }))).status).toBe(200);
    await api.settle();
    const mail = api.mailer.sent.find((m) => m.to === email)!;
    expect(mail.subject).toBe('Your proposal for "Platform strategy" is ready');
    expect(mail.text).toContain("You don't have an account with us yet.");
    expect(mail.text).toContain(`/login?tab=signup&email=${encodeURIComponent(email)}`);

    // After signing up (and confirming) with that address, the project is theirs and they can sign it.
    const lead = await api.user(email.split('@')[0]!);
    expect(lead.email).toBe(email);
    const view = await read(row!.id, lead.token);
    expect(view.document.client.email).toBe(email);
  });

  it('a fixed-price proposal states the total, the deposit paid and the remainder; the scope is never markup', async () => {
    const client = await api.user(`fixed-${randomUUID().slice(0, 6)}`);
    const projectId = await insertFixtureProject(api.db, client, { tier: 2, state: 'pending' });
    const sent = await send(projectId, draft({ scope: '<script>alert(1)</script> A booking app.' }));
    expect(sent.status).toBe(200);
    const text = proposalText(sent.body.proposal.document);
    expect(text).toContain('Total (fixed price): $1,400');
    expect(text).toContain('50% deposit (paid): $700');
    expect(text).toContain('Remaining 50%: $700, due when the project is completed');
    expect(sent.body.proposal.sections[1].blocks).toEqual([
      { kind: 'paragraph', text: '<script>alert(1)</script> A booking app.' },
    ]);
    expect((await send(projectId, draft({ monthlyFee: 100 }))).status).toBe(400);
  });

  describe('small truths', () => {
    async function buyInPortal(client: TestUser, projectName?: string) {
      const intent = await api.call('POST', '/api/stripe-downpayment-intent', {
        token: client.token,
        body: {
          email: client.email,
          metadata: { type: 'purchase', clientName: 'Studio Owner', tier: 2 },
          customer: {
            firstName: 'Studio',
            lastName: 'Owner',
            email: client.email,
            projectDescription: 'Bookings for a recording studio.',
            acceptedTerms: true,
          },
          ...(projectName && { projectName }),
        },
      });
      expect(intent.status).toBe(200);
      await api.stripe.paymentIntents.confirm(intent.body.paymentIntentId, {
        payment_method: 'pm_card_visa',
      });
      await api.stripeService.webhooksIdle();
      const status = await api.call('GET', `/api/purchase-status/${intent.body.paymentIntentId}`);
      expect(status.body).toMatchObject({ status: 'fulfilled' });
      return status.body.projectId as string;
    }

    it('a tier 2 request keeps the name the client typed as its title, and owes nothing before it is accepted', async () => {
      const client = await api.user(`studio-${randomUUID().slice(0, 6)}`);
      const projectId = await buyInPortal(client, 'Studio booking app');
      const project = (await api.call('GET', `/api/projects/${projectId}`, { token: client.token })).body
        .project;
      expect(project.title).toBe('Studio booking app');
      const payments = await api.call('GET', `/api/projects/${projectId}/payments`, { token: client.token });
      expect(payments.body.balanceDue).toBe(0);
      // Without a typed name (the purchase page) the title is the tier and the client, as before.
      const other = await buyInPortal(client);
      expect(
        (await api.call('GET', `/api/projects/${other}`, { token: client.token })).body.project.title,
      ).toBe('Standard Web App - Studio Owner');
    });
  });
});
