import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage } from './support/browser';
import type { RunningProduct } from './support/product';
import { useProductSuite } from './support/suite';
import { assertNoAxeViolations } from './support/axe';

// Files on a project (issue 34, item 2), in Chromium against the whole product and the Storage stand-in: a
// client uploads a brief with the picker (a progress bar while it goes) and a logo by drag and drop; the admin
// sees both, marks the brief a deliverable and downloads it as an attachment; the client sees the mark and
// deletes the logo. A message then carries the brief, and the admin downloads the attachment from the thread
// (through the API: the conversation's screens are not on this branch).

const SHOTS = '/work/shots';
const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function serviceRoleKey(secret: string): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 600 }),
  );
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

async function expectOk<T>(response: Response, what: string): Promise<T> {
  assert.ok(response.ok, `${what}: ${response.status} ${response.ok ? '' : await response.clone().text()}`);
  return (await response.json()) as T;
}

/** A confirmed client, created through the auth service's admin API; returns its access token. */
async function createClient(product: RunningProduct, email: string, password: string): Promise<string> {
  const key = serviceRoleKey(product.env.SUPABASE_JWT_SECRET!);
  await expectOk(
    await fetch(`${product.env.SUPABASE_URL}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, apikey: key, 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password,
        email_confirm: true,
        user_metadata: { full_name: 'Grace Hopper' },
      }),
    }),
    'create client',
  );
  const session = await expectOk<{ access_token: string }>(
    await fetch(`${product.env.SUPABASE_URL}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: product.env.SUPABASE_ANON_KEY!, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
    'sign in',
  );
  return session.access_token;
}

async function logIn(page: Page, product: RunningProduct, email: string, password: string) {
  await page.goto(`${product.url}/login`);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByLabel('Password').press('Enter');
  await page.waitForURL(`${product.url}/dashboard`);
}

describe('project files', () => {
  const suite = useProductSuite({ services: true });

  test('a client uploads by picker and by drag and drop; the admin marks a deliverable and downloads it', async () => {
    const { product } = suite;
    const email = `files-${randomUUID().slice(0, 8)}@example.test`;
    const password = `secret-${randomUUID().slice(0, 8)}`;
    const clientToken = await createClient(product, email, password);
    await expectOk(
      await fetch(`${product.env.API_URL}/api/schedule-consultation`, {
        method: 'POST',
        headers: { authorization: `Bearer ${clientToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          tier: '3',
          firstName: 'Grace',
          lastName: 'Hopper',
          email,
          projectDescription: 'Senior help with our data platform migration',
          budget: '15k-50k',
          timeline: '2-3-months',
          acceptedTerms: true,
        }),
      }),
      'consultation request',
    );
    const projects = await expectOk<{ projects: { id: string; title: string }[] }>(
      await fetch(`${product.env.API_URL}/api/projects`, {
        headers: { authorization: `Bearer ${clientToken}` },
      }),
      'projects',
    );
    const projectTitle = projects.projects[0]!.title;

    // ── The client ─────────────────────────────────────────────────────────────────────────────────────
    const clientContext = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page: client, errors: clientErrors } = await newPage(clientContext);
    await logIn(client, product, email, password);
    const card = client.getByRole('article', { name: projectTitle });
    await card.getByRole('button', { name: 'Files' }).click();
    const dialog = client.getByRole('dialog', { name: `Files: ${projectTitle}` });
    await dialog.getByText('No files yet.').waitFor();
    await dialog.getByText(/Up to 25 MB per file, 500 MB per project\. Allowed: PDF, PNG/).waitFor();

    // Picker: the bytes go straight to Storage's signed upload URL; held a moment so the progress bar shows.
    const brief = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(512 * 1024, 'x')]);
    let releaseUpload!: () => void;
    const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
    await client.route('**/storage/v1/object/upload/sign/**', async (route) => {
      await uploadHeld;
      await route.continue();
    });
    await dialog
      .getByLabel('Choose files')
      .setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: brief });
    await dialog.getByRole('progressbar', { name: 'Uploading brief.pdf' }).waitFor();
    releaseUpload();
    await dialog.getByText('brief.pdf uploaded').waitFor();
    await dialog.getByRole('listitem', { name: 'brief.pdf' }).waitFor();
    await client.unroute('**/storage/v1/object/upload/sign/**');

    // Drag and drop: an SVG (allowed, and always served as an attachment).
    const dataTransfer = await client.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(
        new File(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], 'logo.svg', {
          type: 'image/svg+xml',
        }),
      );
      return transfer;
    });
    await dialog.getByTestId('file-drop-zone').dispatchEvent('dragover', { dataTransfer });
    await dialog.getByText('Drop to upload').waitFor();
    await dialog.getByTestId('file-drop-zone').dispatchEvent('drop', { dataTransfer });
    await dialog.getByText('logo.svg uploaded').waitFor();
    await dialog.getByRole('listitem', { name: 'logo.svg' }).waitFor();

    // A type off the allowlist is refused before anything is sent, naming what is allowed.
    await dialog
      .getByLabel('Choose files')
      .setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await dialog
      .getByText(/setup\.exe was not uploaded: This type of file is not accepted\. Allowed: PDF/)
      .waitFor();
    await assertNoAxeViolations(client, 'the Files area (client)');
    mkdirSync(SHOTS, { recursive: true });
    await client.screenshot({ path: `${SHOTS}/files-client.png` });

    // ── The admin ──────────────────────────────────────────────────────────────────────────────────────
    const adminContext = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page: admin, errors: adminErrors } = await newPage(adminContext);
    await logIn(admin, product, product.env.ADMIN_EMAIL!, product.env.ADMIN_PASSWORD!);
    const item = admin.getByRole('article', { name: projectTitle });
    await item.getByRole('button', { name: 'Files' }).click();
    const adminDialog = admin.getByRole('dialog', { name: `Files: ${projectTitle}` });
    const briefRow = adminDialog.getByRole('listitem', { name: 'brief.pdf' });
    await briefRow.getByText(/Client/).waitFor();
    assert.equal(
      await briefRow.getByRole('button', { name: 'Delete brief.pdf' }).count(),
      0,
      "not the admin's to delete",
    );

    await briefRow.getByRole('checkbox', { name: 'Mark brief.pdf as a deliverable' }).check();
    await briefRow.getByText('Deliverable', { exact: true }).first().waitFor();

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      briefRow.getByRole('button', { name: 'Download brief.pdf' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'brief.pdf');
    assert.deepEqual(await readFile((await download.path())!), brief);
    const [svg] = await Promise.all([
      admin.waitForEvent('download'),
      adminDialog.getByRole('button', { name: 'Download logo.svg' }).click(),
    ]);
    assert.equal(svg.suggestedFilename(), 'logo.svg');
    assert.match(admin.url(), /\/dashboard$/, 'the SVG was downloaded, never opened in the page');
    await assertNoAxeViolations(admin, 'the Files area (admin)');
    await admin.screenshot({ path: `${SHOTS}/files-admin.png` });

    // ── The client again: the mark shows; they delete their logo ──────────────────────────────────────
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await card.getByRole('button', { name: 'Files' }).click();
    await dialog.getByRole('listitem', { name: 'brief.pdf' }).getByText('Deliverable').waitFor();
    await dialog.getByRole('button', { name: 'Delete logo.svg' }).click();
    await dialog.getByText('logo.svg deleted').waitFor();
    await dialog.getByRole('listitem', { name: 'logo.svg' }).waitFor({ state: 'detached' });

    // ── A message carrying the brief: the admin reads it in the thread and downloads the attachment ──────
    const api = async <T>(token: string, method: string, path: string, body?: unknown) =>
      expectOk<T>(
        await fetch(`${product.env.API_URL}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        }),
        `${method} ${path}`,
      );
    const projectId = projects.projects[0]!.id;
    const { files } = await api<{ files: { id: string; name: string }[] }>(
      clientToken,
      'GET',
      `/api/projects/${projectId}/files`,
    );
    const briefId = files.find((f) => f.name === 'brief.pdf')!.id;
    await api(clientToken, 'POST', `/api/projects/${projectId}/messages`, {
      body: 'The brief is attached.',
      fileIds: [briefId],
    });
    const adminSession = await expectOk<{ access_token: string }>(
      await fetch(`${product.env.SUPABASE_URL}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: product.env.SUPABASE_ANON_KEY!, 'content-type': 'application/json' },
        body: JSON.stringify({ email: product.env.ADMIN_EMAIL, password: product.env.ADMIN_PASSWORD }),
      }),
      'admin sign in',
    );
    const thread = await api<{ messages: { body: string; attachments: { id: string; name: string }[] }[] }>(
      adminSession.access_token,
      'GET',
      `/api/projects/${projectId}/messages`,
    );
    assert.deepEqual(
      thread.messages[0]!.attachments.map((a) => a.name),
      ['brief.pdf'],
    );
    const signed = await api<{ url: string }>(
      adminSession.access_token,
      'POST',
      `/api/files/${thread.messages[0]!.attachments[0]!.id}/download-url`,
    );
    const attachment = await fetch(signed.url);
    assert.match(attachment.headers.get('content-disposition') ?? '', /^attachment; filename="brief\.pdf"/);
    assert.equal(attachment.headers.get('x-content-type-options'), 'nosniff');
    assert.deepEqual(Buffer.from(await attachment.arrayBuffer()), brief);

    assert.deepEqual(clientErrors, []);
    assert.deepEqual(adminErrors, []);
    await clientContext.close();
    await adminContext.close();
  });
});
