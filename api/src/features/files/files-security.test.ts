import {
  CONVERSATION_MESSAGES,
  FILE_LIMITS,
  FILE_MESSAGES,
  formatBytes,
  MESSAGE_MAX_LENGTH,
} from '@agency/domain';
import {
  insertFixtureProject,
  insertFixtureTicket,
  startTestApi,
  uploadFixtureFile,
  type TestApi,
} from '../../test-support/test-api';
import { sweepExpiredUploads } from './file-sweep';

/**
 * Issue 34, item 2, "API and storage": project files through the API and the Storage stand-in with the real
 * supabase-js storage client. Client B reaches nothing of client A's; signed URLs expire and cannot be altered;
 * HTML and SVG download as attachments with nosniff; limits answer 4xx naming the limit; nothing half-written.
 */
const m = FILE_MESSAGES.api;
let api: TestApi;
let projectA: string;
let projectB: string;

beforeAll(async () => {
  api = await startTestApi();
  projectA = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
  projectB = await insertFixtureProject(api.db, api.clientB, { state: 'active' });
}, 60_000);
afterAll(async () => {
  await api?.close();
});
afterEach(() => {
  api.storage.failing.clear();
  api.storage.clock.offsetMs = 0;
});

const rowsOf = (projectId: string) =>
  api.db.query<{ id: string; status: string; storage_path: string }>(
    'select id, status, storage_path from project_files where project_id = $1',
    [projectId],
  );
const storedKeys = async (projectId: string) =>
  (
    await (
      await fetch(`${api.storage.url}/storage/v1/object/list/project-files`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${api.storage.serviceRoleKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ prefix: `projects/${projectId}` }),
      })
    ).json()
  ).map((entry: { name: string }) => entry.name) as string[];
const announce = (token: string, projectId: string, body: unknown) =>
  api.call('POST', `/api/projects/${projectId}/files`, { token, body });
const downloadUrl = async (token: string, fileId: string) =>
  api.call('POST', `/api/files/${fileId}/download-url`, { token });

describe('files: client B reaches nothing of client A', () => {
  let fileOfA: string;
  let pendingOfA: string;
  beforeAll(async () => {
    fileOfA = await uploadFixtureFile(api, api.clientA, projectA, { name: 'contract.pdf' });
    const pending = await announce(api.clientA.token, projectA, { name: 'draft.pdf', size: 10 });
    pendingOfA = pending.body.file.id;
  });

  it('cannot list, announce to, complete, sign, download, mark or delete', async () => {
    const b = api.clientB.token;
    const refusals = [
      await api.call('GET', `/api/projects/${projectA}/files`, { token: b }),
      await announce(b, projectA, { name: 'x.pdf', size: 10 }),
      await api.call('POST', `/api/files/${pendingOfA}/complete`, { token: b }),
      await api.call('POST', `/api/files/${fileOfA}/complete`, { token: b }),
      await downloadUrl(b, fileOfA),
      await api.call('DELETE', `/api/files/${fileOfA}`, { token: b }),
      await api.call('DELETE', `/api/files/${pendingOfA}`, { token: b }),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(404);
      // The same answer as for nothing at all: an id says nothing about another client's project.
      expect([m.fileNotFound, 'Project not found']).toContain(response.body.error);
    }
    expect(
      (await api.call('PATCH', `/api/files/${fileOfA}`, { token: b, body: { deliverable: true } })).status,
    ).toBe(403);
    // Still there for A.
    const listed = await api.call('GET', `/api/projects/${projectA}/files`, { token: api.clientA.token });
    expect(listed.body.files.map((f: { id: string }) => f.id)).toContain(fileOfA);
    expect((await api.call('GET', `/api/projects/${projectB}/files`, { token: b })).body.files).toEqual([]);
  });

  it("cannot turn a signed URL of B's own file into one of A's file", async () => {
    const fileOfB = await uploadFixtureFile(api, api.clientB, projectB, { name: 'mine.pdf' });
    const { body } = await downloadUrl(api.clientB.token, fileOfB);
    const [rowA] = await api.db.query<{ storage_path: string }>(
      'select storage_path from project_files where id = $1',
      [fileOfA],
    );
    const [rowB] = await api.db.query<{ storage_path: string }>(
      'select storage_path from project_files where id = $1',
      [fileOfB],
    );
    expect((await fetch(body.url)).status).toBe(200);
    const retargeted = await fetch(body.url.replace(rowB!.storage_path, rowA!.storage_path));
    expect(retargeted.status).toBe(400);
    expect(await retargeted.json()).toMatchObject({ error: 'Unauthorized', message: 'Invalid signature' });
  });

  it('cannot reach the bucket without a signed URL: it is private', async () => {
    const [row] = await api.db.query<{ storage_path: string }>(
      'select storage_path from project_files where id = $1',
      [fileOfA],
    );
    for (const prefix of ['object', 'object/public', 'object/authenticated']) {
      const response = await fetch(
        `${api.storage.url}/storage/v1/${prefix}/project-files/${row!.storage_path}`,
        {
          headers: { authorization: `Bearer ${api.clientB.token}` },
        },
      );
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    const bucket = await fetch(`${api.storage.url}/storage/v1/bucket/project-files`, {
      headers: { authorization: `Bearer ${api.storage.serviceRoleKey}` },
    });
    expect(await bucket.json()).toMatchObject({
      public: false,
      file_size_limit: FILE_LIMITS.maxFileBytes,
    });
  });
});

describe('files: signed download URLs', () => {
  it('work for a minute, then are refused; a tampered one is refused', async () => {
    const id = await uploadFixtureFile(api, api.clientA, projectA, { name: 'notes.txt', content: 'hello' });
    const { status, body } = await downloadUrl(api.admin.token, id);
    expect(status).toBe(200);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeLessThanOrEqual(
      FILE_LIMITS.downloadUrlSeconds * 1000,
    );
    const ok = await fetch(body.url);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('hello');

    const token = new URL(body.url).searchParams.get('token')!;
    const [header, payload, signature] = token.split('.');
    const longer = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), exp: 9_999_999_999 }),
    ).toString('base64url');
    const tampered = await fetch(body.url.replace(token, `${header}.${longer}.${signature}`));
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ message: 'invalid signature' });
    const flipped = await fetch(
      body.url.replace(
        token,
        `${header}.${payload}.${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`,
      ),
    );
    expect(flipped.status).toBe(400);

    api.storage.clock.offsetMs = (FILE_LIMITS.downloadUrlSeconds + 1) * 1000;
    const expired = await fetch(body.url);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ message: 'jwt expired' });
  });

  it('download an uploaded HTML or SVG file as an attachment with nosniff, never rendered', async () => {
    for (const [name, content, type] of [
      ['page.html', '<script>parent.document.cookie</script>', 'text/html'],
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'image/svg+xml'],
    ] as const) {
      const id = await uploadFixtureFile(api, api.clientA, projectA, { name, content });
      const { body } = await downloadUrl(api.admin.token, id);
      const response = await fetch(body.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="${name}"; filename*=UTF-8''${name}`,
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-type')).toBe(type);
      expect(await response.text()).toBe(content);
    }
  });
});

describe('files: limits answer 4xx naming the limit', () => {
  const a = () => api.clientA.token;

  it('refuses a file over 25 MB (413), a type off the allowlist (415), an empty one (400)', async () => {
    const big = await announce(a(), projectA, { name: 'video.pdf', size: FILE_LIMITS.maxFileBytes + 1 });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe(m.tooLarge);
    expect(big.body.error).toContain('25 MB');
    for (const name of ['setup.exe', 'script.js', 'noextension', 'archive.tar.gz']) {
      const refused = await announce(a(), projectA, { name, size: 10 });
      expect(refused.status).toBe(415);
      expect(refused.body.error).toBe(m.typeNotAllowed);
      expect(refused.body.error).toContain('PDF, PNG, JPEG');
    }
    expect((await announce(a(), projectA, { name: 'x.pdf', size: 0 })).status).toBe(400);
    expect((await announce(a(), projectA, { name: ' ... ', size: 5 })).status).toBe(400);
    expect((await announce(a(), projectA, { name: 'x.pdf', size: 5, extra: 1 })).status).toBe(400);
  });

  it("refuses an upload past the project's quota (409), counting uploads under way", async () => {
    const project = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
    const chunk = FILE_LIMITS.maxFileBytes;
    const fits = Math.floor(FILE_LIMITS.projectQuotaBytes / chunk);
    for (let i = 0; i < fits; i++)
      expect((await announce(a(), project, { name: `part-${i}.zip`, size: chunk })).status).toBe(201);
    const over = await announce(a(), project, { name: 'one-more.zip', size: chunk });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe(m.quotaExceeded(fits * chunk));
    expect(over.body.error).toContain(formatBytes(FILE_LIMITS.projectQuotaBytes));
    const listed = await api.call('GET', `/api/projects/${project}/files`, { token: a() });
    expect(listed.body.usage).toEqual({ usedBytes: fits * chunk, quotaBytes: FILE_LIMITS.projectQuotaBytes });
  });

  it('Storage itself refuses bytes over the limit at the signed upload URL (the bucket has the same limit)', async () => {
    const announced = await announce(a(), projectA, { name: 'small.pdf', size: 10 });
    const put = await fetch(announced.body.upload.url, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: new Uint8Array(FILE_LIMITS.maxFileBytes + 1),
    });
    expect(put.status).toBe(413);
    const wrongType = await fetch(announced.body.upload.url, {
      method: 'PUT',
      headers: { 'content-type': 'application/x-msdownload' },
      body: 'MZ',
    });
    expect(wrongType.status).toBe(415);
    await api.call('DELETE', `/api/files/${announced.body.file.id}`, { token: a() });
  });

  it('cleans names: no path, no markup characters, no control characters, at most 120 characters', async () => {
    const cases: [string, string][] = [
      ['../../etc/passwd.pdf', 'passwd.pdf'],
      ['C:\\Users\\me\\brief.pdf', 'brief.pdf'],
      ['<img src=x onerror=alert(1)>.png', '_img src=x onerror=alert(1)_.png'],
      // A right-to-left override would show `report.exe.txt` as something else.
      ['re\u202eport.txt', 'report.txt'],
      ['  ..hidden.txt', 'hidden.txt'],
      [`${'a'.repeat(300)}.pdf`, `${'a'.repeat(FILE_LIMITS.maxNameLength - 4)}.pdf`],
    ];
    for (const [raw, cleaned] of cases) {
      const response = await announce(a(), projectA, { name: raw, size: 3 });
      expect(response.status).toBe(201);
      expect(response.body.file.name).toBe(cleaned);
      await api.call('DELETE', `/api/files/${response.body.file.id}`, { token: a() });
    }
    // Control characters are refused outright, as in every text field of the API.
    expect((await announce(a(), projectA, { name: 'a\u0000.txt', size: 3 })).status).toBe(400);
  });
});

describe('files: nothing half-written', () => {
  const a = () => api.clientA.token;

  it('keeps no row when Storage cannot sign the upload', async () => {
    const project = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
    api.storage.failing.add('createUploadUrl');
    const response = await announce(a(), project, { name: 'brief.pdf', size: 10 });
    expect(response.status).toBe(503);
    expect(response.body.error).toBe(m.storageUnavailable);
    expect(await rowsOf(project)).toEqual([]);
  });

  it('removes row and object when the bytes are not what was announced', async () => {
    const project = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
    const announced = await announce(a(), project, { name: 'brief.pdf', size: 4 });
    await fetch(announced.body.upload.url, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: 'a much longer body than announced',
    });
    expect(await storedKeys(project)).toHaveLength(1);
    const completed = await api.call('POST', `/api/files/${announced.body.file.id}/complete`, { token: a() });
    expect(completed.status).toBe(422);
    expect(completed.body.error).toBe(m.uploadMismatch);
    expect(await rowsOf(project)).toEqual([]);
    expect(await storedKeys(project)).toEqual([]);
  });

  it('lists nothing before the bytes arrived, and a completion without them is a 409', async () => {
    const project = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
    const announced = await announce(a(), project, { name: 'brief.pdf', size: 4 });
    expect((await api.call('GET', `/api/projects/${project}/files`, { token: a() })).body.files).toEqual([]);
    expect((await downloadUrl(a(), announced.body.file.id)).status).toBe(404);
    const early = await api.call('POST', `/api/files/${announced.body.file.id}/complete`, { token: a() });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(m.uploadMissing);
    // Only the uploader may finish it, even the admin may not.
    expect(
      (await api.call('POST', `/api/files/${announced.body.file.id}/complete`, { token: api.admin.token }))
        .status,
    ).toBe(403);
    // Cancelling removes the row.
    expect((await api.call('DELETE', `/api/files/${announced.body.file.id}`, { token: a() })).status).toBe(
      200,
    );
    expect(await rowsOf(project)).toEqual([]);
  });

  it('keeps the row (and the file) when Storage cannot remove the object, and deletes both once it can', async () => {
    const project = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
    const id = await uploadFixtureFile(api, api.clientA, project);
    api.storage.failing.add('remove');
    const refused = await api.call('DELETE', `/api/files/${id}`, { token: a() });
    expect(refused.status).toBe(503);
    expect(await rowsOf(project)).toHaveLength(1);
    expect(await storedKeys(project)).toHaveLength(1);
    expect((await fetch((await downloadUrl(a(), id)).body.url)).status).toBe(200);
    api.storage.failing.clear();
    expect((await api.call('DELETE', `/api/files/${id}`, { token: a() })).status).toBe(200);
    expect(await rowsOf(project)).toEqual([]);
    expect(await storedKeys(project)).toEqual([]);
  });

  it('sweeps unfinished uploads whose time ran out, with their objects; a late completion finds nothing', async () => {
    const project = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
    const stale = await announce(a(), project, { name: 'stale.pdf', size: 3 });
    await fetch(stale.body.upload.url, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: 'abc',
    });
    const fresh = await announce(a(), project, { name: 'fresh.pdf', size: 3 });
    const done = await uploadFixtureFile(api, api.clientA, project, { name: 'done.pdf' });
    await api.db.query(
      `update project_files set upload_expires_at = now() - interval '1 minute' where id = $1`,
      [stale.body.file.id],
    );
    expect(await storedKeys(project)).toHaveLength(2);
    // A Storage outage during the sweep keeps the rows for the next one.
    api.storage.failing.add('remove');
    await expect(sweepExpiredUploads(api.db, api.storage.fileStorage)).rejects.toThrow();
    expect(await rowsOf(project)).toHaveLength(3);
    api.storage.failing.clear();
    expect(await sweepExpiredUploads(api.db, api.storage.fileStorage)).toBe(1);
    expect((await rowsOf(project)).map((r) => r.id).sort()).toEqual([fresh.body.file.id, done].sort());
    expect(await storedKeys(project)).toHaveLength(1);
    const late = await api.call('POST', `/api/files/${stale.body.file.id}/complete`, { token: a() });
    expect(late.status).toBe(404);
  });
});

describe('files: who may delete and mark', () => {
  it("deletes one's own only; the admin marks deliverables, which both sides see", async () => {
    const project = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
    const byClient = await uploadFixtureFile(api, api.clientA, project, { name: 'brief.pdf' });
    const byAdmin = await uploadFixtureFile(api, api.admin, project, { name: 'design.png', content: 'PNG' });
    expect((await api.call('DELETE', `/api/files/${byAdmin}`, { token: api.clientA.token })).body).toEqual({
      error: m.onlyUploaderDeletes,
    });
    expect((await api.call('DELETE', `/api/files/${byClient}`, { token: api.admin.token })).status).toBe(403);
    const marked = await api.call('PATCH', `/api/files/${byAdmin}`, {
      token: api.admin.token,
      body: { deliverable: true },
    });
    expect(marked.body.file).toMatchObject({ deliverable: true, mine: true, uploader_role: 'ADMIN' });
    const seen = await api.call('GET', `/api/projects/${project}/files`, { token: api.clientA.token });
    expect(seen.body.files).toEqual([
      expect.objectContaining({ id: byAdmin, name: 'design.png', deliverable: true, mine: false, size: 3 }),
      expect.objectContaining({ id: byClient, name: 'brief.pdf', deliverable: false, mine: true }),
    ]);
    expect((await api.call('DELETE', `/api/files/${byClient}`, { token: api.clientA.token })).status).toBe(
      200,
    );
  });
});

describe('files: attachments on messages (a message carries files uploaded to its project)', () => {
  it('carries finished files of its own project only, to both sides, and loses a deleted one', async () => {
    const project = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
    const brief = await uploadFixtureFile(api, api.clientA, project, {
      name: 'brief.pdf',
      content: '%PDF brief',
    });
    const design = await uploadFixtureFile(api, api.admin, project, { name: 'design.png', content: 'PNG' });
    const posted = await api.call('POST', `/api/projects/${project}/messages`, {
      token: api.clientA.token,
      body: { body: 'Here is the brief; the design looks right.', fileIds: [brief, design] },
    });
    expect(posted.status).toBe(201);
    expect(posted.body.message.attachments).toEqual([
      { id: brief, name: 'brief.pdf', content_type: 'application/pdf', size: 10 },
      { id: design, name: 'design.png', content_type: 'image/png', size: 3 },
    ]);

    // The admin reads the thread and downloads the attachment through the same signed-URL route.
    const thread = await api.call('GET', `/api/projects/${project}/messages`, { token: api.admin.token });
    const [message] = thread.body.messages;
    expect(message.attachments.map((a: { id: string }) => a.id)).toEqual([brief, design]);
    const { body } = await downloadUrl(api.admin.token, message.attachments[0].id);
    const response = await fetch(body.url);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="brief\.pdf"/);
    expect(await response.text()).toBe('%PDF brief');

    // Client B can neither read the thread nor fetch the attachment.
    expect(
      (await api.call('GET', `/api/projects/${project}/messages`, { token: api.clientB.token })).status,
    ).toBe(404);
    expect((await downloadUrl(api.clientB.token, brief)).status).toBe(404);

    // Deleting the file (its uploader's right) takes it off the message.
    expect((await api.call('DELETE', `/api/files/${brief}`, { token: api.clientA.token })).status).toBe(200);
    const after = await api.call('GET', `/api/projects/${project}/messages`, { token: api.clientA.token });
    expect(after.body.messages[0].attachments.map((a: { id: string }) => a.id)).toEqual([design]);
  });

  it('carries files alone (no text), and refuses a message with neither text nor a file, naming both', async () => {
    const project = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
    const ticketId = await insertFixtureTicket(api.db, project);
    const brief = await uploadFixtureFile(api, api.clientA, project, { name: 'brief.pdf' });
    const logo = await uploadFixtureFile(api, api.clientA, project, { name: 'logo.png', content: 'PNG' });
    const post = (body: unknown) =>
      api.call('POST', `/api/projects/${project}/messages`, { token: api.clientA.token, body });

    // Neither text nor a file: refused on the text field, with the message that names both ways.
    for (const body of [{}, { body: '' }, { body: '  \n ' }, { body: ' ', fileIds: [] }, { ticketId }]) {
      const refused = await post(body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: CONVERSATION_MESSAGES.textOrFiles,
        fields: { body: CONVERSATION_MESSAGES.textOrFiles },
      });
    }
    // Files alone, as a thread message (no text field at all) and as a ticket comment (empty text).
    const alone = await post({ fileIds: [brief] });
    expect(alone.status).toBe(201);
    expect(alone.body.message).toMatchObject({
      body: '',
      attachments: [{ id: brief, name: 'brief.pdf' }],
    });
    const comment = await post({ body: '', fileIds: [logo], ticketId });
    expect(comment.status).toBe(201);
    expect(comment.body.message).toMatchObject({
      ticket_id: ticketId,
      body: '',
      attachments: [{ id: logo }],
    });
    // The other side reads it in the thread, and its count says so.
    const thread = await api.call('GET', `/api/projects/${project}/messages`, { token: api.admin.token });
    expect(thread.body.messages.map((message: { body: string }) => message.body)).toEqual(['']);
    // The limits still hold with no text: too long a text, another project's file.
    expect((await post({ body: 'x'.repeat(MESSAGE_MAX_LENGTH + 1), fileIds: [brief] })).status).toBe(400);
    const ofB = await uploadFixtureFile(api, api.clientB, projectB, { name: 'b.pdf' });
    expect((await post({ fileIds: [ofB] })).status).toBe(404);
    const stored = await api.db.query<{ body: string }>(
      'select body from messages where project_id = $1 order by seq',
      [project],
    );
    expect(stored).toEqual([{ body: '' }, { body: '' }]);
  });

  it("refuses another project's file, an unfinished upload and too many files, writing no message", async () => {
    const project = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
    const ofA = await uploadFixtureFile(api, api.clientA, project, { name: 'a.pdf' });
    const ofB = await uploadFixtureFile(api, api.clientB, projectB, { name: 'b.pdf' });
    const pending = (await announce(api.clientA.token, project, { name: 'p.pdf', size: 3 })).body.file.id;
    const post = (token: string, projectId: string, fileIds: string[]) =>
      api.call('POST', `/api/projects/${projectId}/messages`, {
        token,
        body: { body: 'See attached', fileIds },
      });

    // B attaches A's file to a message on B's own project: as if it did not exist.
    const stolen = await post(api.clientB.token, projectB, [ofA]);
    expect(stolen.status).toBe(404);
    expect(stolen.body.error).toBe(m.attachmentNotInProject);
    expect((await post(api.clientB.token, project, [ofB])).status).toBe(404);
    expect((await post(api.clientA.token, project, [ofA, ofB])).status).toBe(404);
    expect((await post(api.clientA.token, project, [pending])).status).toBe(404);
    const many = await post(
      api.clientA.token,
      project,
      Array.from({ length: 11 }, () => ofA),
    );
    expect(many.status).toBe(400);
    expect(many.body.fields.fileIds).toBe(m.tooManyAttachments);
    expect(
      await api.db.query('select id from messages where project_id = any($1::uuid[])', [[project, projectB]]),
    ).toEqual([]);
  });
});
