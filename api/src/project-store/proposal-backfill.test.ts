import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  defaultValidUntil,
  findTier,
  PROPOSAL_MESSAGES,
  PROPOSAL_TERMS,
  proposalText,
  type ProposalView,
} from '@agency/domain';
import { openDatabase } from '../db/database';
import { runMigrations } from '../db/migrations';
import { startTestApi, type TestApi } from '../test-support/test-api';
import { pdfText } from '../test-support/pdf-text';
import { backfillProposals } from './proposal-backfill';
import { latestProposal, proposalHistory, sha256 } from './proposal-store';
import { signatureInvariantBreaches } from '../test-support/signature-invariant';

/**
 * Issue 33: projects that were already awaiting the client's approval before migration 120 had no proposal, so
 * their approval answered 409. Migration 121 gives each its first version; proved on a database migrated to 119
 * with the rows the old code wrote, then migrated on by an API starting up, as a deployment would.
 */
jest.setTimeout(120_000);

const MIGRATIONS = path.join(__dirname, '..', '..', 'migrations');

interface OldClient {
  id: string;
  email: string;
  name: string;
}

describe('migration 121: proposals for projects awaiting the client from before migration 120', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'proposal-backfill-'));
  const pgliteDir = path.join(dir, 'db');
  const clients = {
    cto: { id: randomUUID(), email: 'old-cto@example.test', name: 'Grace Hopper' },
    studio: { id: randomUUID(), email: 'old-studio@example.test', name: 'Alan Kay' },
    noFee: { id: randomUUID(), email: 'old-nofee@example.test', name: 'Ken Thompson' },
    queued: { id: randomUUID(), email: 'old-queued@example.test', name: 'Barbara Liskov' },
  } satisfies Record<string, OldClient>;
  const ids: Record<keyof typeof clients, string> = { cto: '', studio: '', noFee: '', queued: '' };
  let api: TestApi;

  beforeAll(async () => {
    // The database as it stood before migration 120: every migration up to 119 applied.
    const before = path.join(dir, 'migrations-119');
    mkdirSync(before);
    for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql') && f < '120'))
      copyFileSync(path.join(MIGRATIONS, file), path.join(before, file));
    const old = await openDatabase({ pgliteDir });
    await runMigrations(old, before);
    expect(await old.query(`select to_regclass('proposals') as t`)).toEqual([{ t: null }]);

    // The rows the old code wrote: the admin accepted (a price set, or not), the client not yet.
    const insert = async (
      client: OldClient,
      fields: {
        title: string;
        tier: number;
        cost: number | null;
        downpayment: number | null;
        pi: string | null;
        admin: 'accepted' | 'pending';
      },
    ) => {
      await old.query('insert into profiles (id, email, full_name) values ($1, $2, $3)', [
        client.id,
        client.email,
        client.name,
      ]);
      const [row] = await old.query<{ id: string }>(
        `insert into projects (title, description, tier, client_id, client_name, client_email, company, cost,
           downpayment, stripe_payment_intent_id, status, admin_approval_status, client_approval_status,
           overall_status, is_active)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', $11, 'pending', 'pending', false)
         returning id`,
        [
          fields.title,
          `${fields.title}: what the client asked for.`,
          fields.tier,
          client.id,
          client.name,
          client.email,
          'Old Co',
          fields.cost,
          fields.downpayment,
          fields.pi,
          fields.admin,
        ],
      );
      return row!.id;
    };
    ids.cto = await insert(clients.cto, {
      title: 'Fractional CTO - Grace Hopper',
      tier: 4,
      cost: 12000,
      downpayment: null,
      pi: null,
      admin: 'accepted',
    });
    ids.studio = await insert(clients.studio, {
      title: 'Studio booking app',
      tier: 2,
      cost: 1400,
      downpayment: 700,
      pi: `pi_${randomUUID()}`,
      admin: 'accepted',
    });
    // Accepted without a fee: the old code billed the tier default. No tier default is ever proposed.
    ids.noFee = await insert(clients.noFee, {
      title: 'Retainer - Ken Thompson',
      tier: 3,
      cost: null,
      downpayment: null,
      pi: null,
      admin: 'accepted',
    });
    // Still in the admin's queue: the admin's Accept sends its proposal later.
    ids.queued = await insert(clients.queued, {
      title: 'Queued app',
      tier: 2,
      cost: 1400,
      downpayment: 700,
      pi: `pi_${randomUUID()}`,
      admin: 'pending',
    });
    await old.close();

    // A new release starts on it: migrations 120 onwards run, 121 among them.
    api = await startTestApi({ database: { pgliteDir }, stripe: true });
  });
  afterAll(async () => {
    await api?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const tokenOf = (client: OldClient) =>
    api.signToken({ sub: client.id, email: client.email, user_metadata: { full_name: client.name } });
  const read = async (projectId: string, token: string) => {
    const response = await api.call('GET', `/api/projects/${projectId}/proposal`, { token });
    expect(response.status).toBe(200);
    return response.body.proposal as ProposalView | null;
  };

  it('gives each project awaiting the client version 1, drawn as the admin Accept draws it; none to a subscription without a fee or a project still in the queue', async () => {
    expect(
      (await api.db.query<{ name: string }>(`select name from schema_migrations where name like '12%'`)).map(
        (r) => r.name,
      ),
    ).toContain('121_proposal_backfill.sql');

    const cto = await latestProposal(api.db, ids.cto);
    expect(cto).not.toBeNull();
    expect(cto!.version).toBe(1);
    // The hash is of exactly the text every reader shows.
    expect(cto!.hash).toBe(sha256(proposalText(cto!.document)));
    expect(cto!.document).toMatchObject({
      projectId: ids.cto,
      version: 1,
      title: 'Fractional CTO - Grace Hopper',
      tierName: findTier(4)!.name,
      client: { name: clients.cto.name, email: clients.cto.email, company: 'Old Co' },
      scope: 'Fractional CTO - Grace Hopper: what the client asked for.',
      deliverables: findTier(4)!.features,
      price: { kind: 'subscription', monthlyFee: 12000, minimumTermMonths: 3, penaltyRate: 0.6 },
      terms: { ...PROPOSAL_TERMS },
    });
    expect(cto!.validUntil).toBe(defaultValidUntil(new Date(cto!.createdAt)));

    const studio = await latestProposal(api.db, ids.studio);
    expect(studio!.version).toBe(1);
    expect(studio!.hash).toBe(sha256(proposalText(studio!.document)));
    expect(studio!.document.price).toEqual({
      kind: 'fixed',
      total: 1400,
      deposit: 700,
      depositPaid: true,
      remaining: 700,
    });
    expect(studio!.document.deliverables).toEqual(findTier(2)!.features);

    expect(await proposalHistory(api.db, ids.noFee)).toEqual([]);
    expect(await proposalHistory(api.db, ids.queued)).toEqual([]);
  });

  it('is idempotent: run again (or the migration replayed), no project gets a second version', async () => {
    expect(await runMigrations(api.db, MIGRATIONS)).toEqual([]);
    const again = await api.db.transaction((tx) => backfillProposals(tx));
    expect(again).toEqual({ written: [], awaitingFee: [ids.noFee] });
    await api.db.query(`delete from schema_migrations where name = '121_proposal_backfill.sql'`);
    expect(await runMigrations(api.db, MIGRATIONS)).toEqual(['121_proposal_backfill.sql']);
    const counts = await api.db.query<{ project_id: string; n: number }>(
      `select project_id, count(*)::int as n from proposals where project_id = any($1) group by project_id`,
      [[ids.cto, ids.studio, ids.noFee, ids.queued]],
    );
    expect(Object.fromEntries(counts.map((r) => [r.project_id, r.n]))).toEqual({
      [ids.cto]: 1,
      [ids.studio]: 1,
    });
  });

  it('the tier 4 client reads it, signs it and pays: the subscription starts on the signed fee, the signature holds its hash, the agreement downloads', async () => {
    const token = await tokenOf(clients.cto);
    const view = await read(ids.cto, token);
    expect(view!.document.version).toBe(1);
    expect(view!.history).toBeUndefined();
    expect(view!.signature).toBeNull();

    const approved = await api.call('POST', '/api/client-approve-project', {
      token,
      headers: { 'user-agent': 'BackfillTest/1.0' },
      body: {
        projectId: ids.cto,
        action: 'accept',
        paymentMethodId: 'pm_card_visa',
        proposalVersion: view!.document.version,
        proposalHash: view!.hash,
        agreed: true,
        signedName: clients.cto.name,
      },
    });
    expect(approved.status).toBe(200);
    await api.settle();

    const [project] = await api.db.query<{ status: string; client_approval_status: string }>(
      'select status, client_approval_status from projects where id = $1',
      [ids.cto],
    );
    expect(project).toEqual({ status: 'active', client_approval_status: 'accepted' });
    const subscriptions = (await api.stripe.subscriptions.list({ status: 'all', limit: 100 })).data.filter(
      (s) => s.metadata.project_id === ids.cto,
    );
    expect(subscriptions.map((s) => [s.status, s.items.data[0]!.price.unit_amount])).toEqual([
      ['active', 1_200_000],
    ]);
    const [signature] = await api.db.query<{
      version: number;
      content_hash: string;
      signed_name: string;
      signer_id: string;
      user_agent: string;
      status: string;
    }>(
      `select s.version, s.content_hash, s.signed_name, s.signer_id, s.user_agent, o.status
       from proposal_signatures s join money_operations o on o.id = s.operation_id where s.project_id = $1`,
      [ids.cto],
    );
    expect(signature).toEqual({
      version: 1,
      content_hash: view!.hash,
      signed_name: clients.cto.name,
      signer_id: clients.cto.id,
      user_agent: 'BackfillTest/1.0',
      status: 'succeeded',
    });
    // The first month is paid and in the ledger.
    expect(
      await api.db.query<{ amount_cents: number }>(
        'select amount_cents from payments where project_id = $1',
        [ids.cto],
      ),
    ).toEqual([{ amount_cents: 1_200_000 }]);

    const pdf = await fetch(`${api.url}/api/projects/${ids.cto}/agreement.pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(clients.cto.name);
    expect(text).toContain(view!.hash);
  });

  it('the tier 2 client signs the proposal of the deposit already paid: the project starts, nothing charged again', async () => {
    const token = await tokenOf(clients.studio);
    const view = await read(ids.studio, token);
    const approved = await api.call('POST', '/api/client-approve-project', {
      token,
      body: {
        projectId: ids.studio,
        action: 'accept',
        proposalVersion: view!.document.version,
        proposalHash: view!.hash,
        agreed: true,
        signedName: clients.studio.name,
      },
    });
    expect(approved.status).toBe(200);
    await api.settle();
    expect(await api.db.query('select status, is_active from projects where id = $1', [ids.studio])).toEqual([
      { status: 'active', is_active: true },
    ]);
    expect(await api.db.query('select 1 from payments where project_id = $1', [ids.studio])).toEqual([]);
  });

  it('a subscription the old code accepted without a fee still waits for the admin: 409, nothing claimed, until the admin sends one', async () => {
    const token = await tokenOf(clients.noFee);
    expect(await read(ids.noFee, token)).toBeNull();
    const refused = await api.call('POST', '/api/client-approve-project', {
      token,
      body: {
        projectId: ids.noFee,
        action: 'accept',
        paymentMethodId: 'pm_card_visa',
        proposalVersion: 1,
        agreed: true,
        signedName: clients.noFee.name,
      },
    });
    expect({ status: refused.status, error: refused.body.error }).toEqual({
      status: 409,
      error: PROPOSAL_MESSAGES.notSent,
    });
    expect(await api.db.query('select 1 from money_operations where project_id = $1', [ids.noFee])).toEqual(
      [],
    );
  });

  it('the money invariant holds on the migrated database: every approval that reached Stripe rests on a signature of the version then current', async () => {
    expect(await signatureInvariantBreaches(api.db)).toEqual({
      unsignedApprovals: [],
      unsignedSubscriptions: [],
    });
    expect(
      await api.db.query<{ n: number }>(
        `select count(*)::int as n from money_operations where kind = 'client_accept' and status = 'succeeded'`,
      ),
    ).toEqual([{ n: 2 }]);
  });
});
