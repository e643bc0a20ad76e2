import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { describe, test } from 'node:test';
import { newPage } from './support/browser';
import { useProductSuite } from './support/suite';
import { assertNoAxeViolations } from './support/axe';
import { createClient, logIn, signInAsAdmin } from './support/accounts';
import { api } from './support/api';

// Files on a project (issue 34, item 2), in Chromium against the whole product and the Storage stand-in: a
// client uploads a brief with the picker (a progress bar while it goes) and a logo by drag and drop; the admin
// sees both, marks the brief a deliverable and downloads it as an attachment; the client sees the mark and
// deletes the logo. A message then carries the brief, and the admin downloads the attachment from the thread
// (through the API; the second journey does it in the conversation's screens).

const SHOTS = '/work/shots';
describe('project files', () => {
  const suite = useProductSuite({ services: true });

  test('a client uploads by picker and by drag and drop; the admin marks a deliverable and downloads it', async () => {
    const { product } = suite;
    const email = `files-${randomUUID().slice(0, 8)}@example.test`;
    const password = `secret-${randomUUID().slice(0, 8)}`;
    const clientToken = await createClient(product, { email, password });
    await api(product, clientToken, 'POST', '/api/schedule-consultation', {
      tier: '3',
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      projectDescription: 'Senior help with our data platform migration',
      budget: '15k-50k',
      timeline: '2-3-months',
      acceptedTerms: true,
    });
    const projects = await api<{ projects: { id: string; title: string }[] }>(
      product,
      clientToken,
      'GET',
      '/api/projects',
    );
    const projectTitle = projects.projects[0]!.title;

    // ── The client ─────────────────────────────────────────────────────────────────────────────────────
    const clientContext = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page: client, errors: clientErrors } = await newPage(clientContext);
    await logIn(client, product.url, email, password);
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
    await logIn(admin, product.url, product.env.ADMIN_EMAIL!, product.env.ADMIN_PASSWORD!);
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
    const projectId = projects.projects[0]!.id;
    const { files } = await api<{ files: { id: string; name: string }[] }>(
      product,
      clientToken,
      'GET',
      `/api/projects/${projectId}/files`,
    );
    const briefId = files.find((f) => f.name === 'brief.pdf')!.id;
    await api(product, clientToken, 'POST', `/api/projects/${projectId}/messages`, {
      body: 'The brief is attached.',
      fileIds: [briefId],
    });
    const adminToken = await signInAsAdmin(product);
    const thread = await api<{ messages: { body: string; attachments: { id: string; name: string }[] }[] }>(
      product,
      adminToken,
      'GET',
      `/api/projects/${projectId}/messages`,
    );
    assert.deepEqual(
      thread.messages[0]!.attachments.map((a) => a.name),
      ['brief.pdf'],
    );
    const signed = await api<{ url: string }>(
      product,
      adminToken,
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

  test('a message with an attachment goes both ways live, and each side’s open Files list shows the new file', async () => {
    const { product } = suite;
    const email = `attach-${randomUUID().slice(0, 8)}@example.test`;
    const password = `secret-${randomUUID().slice(0, 8)}`;
    const title = `Attachments ${randomUUID().slice(0, 4)}`;
    const token = await createClient(product, { email, password, fullName: 'Ada Lovelace' });
    await api(product, token, 'POST', '/api/create-project', {
      title,
      tier: 3,
      description: 'A brand book and a new website',
      monthly_budget_range: '5k-15k',
      timeline: '1-month',
    });

    // Each side: one tab on the conversation, one on the project's Files (same sign-in).
    const clientContext = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const adminContext = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const pages = {
      client: await newPage(clientContext),
      clientFiles: await newPage(clientContext),
      admin: await newPage(adminContext),
      adminFiles: await newPage(adminContext),
    };
    try {
      await logIn(pages.client.page, product.url, email, password);
      await logIn(pages.admin.page, product.url, product.env.ADMIN_EMAIL!, product.env.ADMIN_PASSWORD!);
      await pages.clientFiles.page.goto(`${product.url}/dashboard`);
      await pages.adminFiles.page.goto(`${product.url}/dashboard`);
      const filesOf = async (page: typeof pages.client.page) => {
        await page.getByText('Live updates on').waitFor();
        await page.getByRole('article', { name: title }).getByRole('button', { name: 'Files' }).click();
        const dialog = page.getByRole('dialog', { name: `Files: ${title}` });
        await dialog.getByText('No files yet.').waitFor();
        return dialog;
      };
      const adminFiles = await filesOf(pages.adminFiles.page);
      const clientFiles = await filesOf(pages.clientFiles.page);
      const c = pages.client.page;
      const a = pages.admin.page;
      await a.getByText('Live updates on').waitFor();
      await c.getByText('Live updates on').waitFor();

      // The client writes with a brief attached from the composer (held a moment: its progress shows).
      await c
        .getByRole('article', { name: title })
        .getByRole('button', { name: `Messages about ${title}`, exact: true })
        .click();
      const clientThread = c.getByRole('dialog', { name: `Conversation: ${title}` });
      await clientThread.getByRole('textbox', { name: 'Your message' }).fill('Our brief is attached.');
      const brief = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(256 * 1024, 'b')]);
      let releaseUpload!: () => void;
      const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
      await c.route('**/storage/v1/object/upload/sign/**', async (route) => {
        await uploadHeld;
        await route.continue();
      });
      await clientThread
        .getByLabel('Attach files')
        .setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: brief });
      const pending = clientThread.getByRole('list', { name: 'Files to send' });
      await pending.getByRole('progressbar', { name: 'Uploading brief.pdf' }).waitFor();
      assert.equal(await clientThread.getByRole('button', { name: 'Send' }).isDisabled(), true);
      releaseUpload();
      await pending.getByText('Ready to send').waitFor();
      await c.unroute('**/storage/v1/object/upload/sign/**');
      await clientThread.getByRole('button', { name: 'Send' }).click();
      const clientList = clientThread.getByRole('list', { name: `Messages about ${title}` });
      await clientList.getByRole('button', { name: 'Download brief.pdf' }).waitFor();
      await pending.waitFor({ state: 'detached' });

      // The admin's open Files list shows it without a reload; the message arrives live with its attachment.
      await adminFiles.getByRole('listitem', { name: 'brief.pdf' }).waitFor({ timeout: 5000 });
      await a
        .getByRole('article', { name: title })
        .getByRole('button', { name: `Messages about ${title}, 1 unread` })
        .click({ timeout: 5000 });
      const adminThread = a.getByRole('dialog', { name: `Conversation: ${title}` });
      const adminList = adminThread.getByRole('list', { name: `Messages about ${title}` });
      await adminList.getByText('Our brief is attached.').waitFor();
      const [download] = await Promise.all([
        a.waitForEvent('download'),
        adminList.getByRole('button', { name: 'Download brief.pdf' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), 'brief.pdf');
      assert.deepEqual(await readFile((await download.path())!), brief);

      // The reply carries a design; it reaches the client's open thread and the client's open Files list live.
      await adminThread.getByRole('textbox', { name: 'Your message' }).fill('Thanks! The first design:');
      await adminThread.getByLabel('Attach files').setInputFiles({
        name: 'design.png',
        mimeType: 'image/png',
        buffer: Buffer.from('89504e470d0a1a0a', 'hex'),
      });
      await adminThread.getByRole('list', { name: 'Files to send' }).getByText('Ready to send').waitFor();
      await adminThread.getByRole('button', { name: 'Send' }).click();
      await adminList.getByRole('button', { name: 'Download design.png' }).waitFor();
      await clientList.getByText('Thanks! The first design:').waitFor({ timeout: 5000 });
      await clientList.getByRole('button', { name: 'Download design.png' }).waitFor();
      await clientFiles.getByRole('listitem', { name: 'design.png' }).waitFor({ timeout: 5000 });
      await clientFiles.getByRole('listitem', { name: 'brief.pdf' }).waitFor();
      await assertNoAxeViolations(c, 'the conversation with attachments (client)');
      await assertNoAxeViolations(a, 'the conversation with attachments (admin)');
      mkdirSync(SHOTS, { recursive: true });
      await c.screenshot({ path: `${SHOTS}/conversation-attachments-client.png` });
      await a.screenshot({ path: `${SHOTS}/conversation-attachments-admin.png` });
      await pages.clientFiles.page.screenshot({ path: `${SHOTS}/files-live-client.png` });

      for (const { errors } of Object.values(pages)) assert.deepEqual(errors, []);
    } finally {
      await clientContext.close();
      await adminContext.close();
    }
  });
});
