import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import {
  FILE_LIMITS,
  FILE_MESSAGES,
  fileTypeFor,
  sanitizeFileName,
  type FileUploaderRole,
  type ProjectFile,
} from '@agency/domain';
import type { FeatureDeps } from '../../feature-deps';
import type { Queryable } from '../../db/database';
import type { AppEnv, Caller } from '../../http/app-env';
import { defineRoute } from '../../http/define-route';
import { HttpError } from '../../http/http-error';
import { appendProjectEvent, findVisibleProject, UUID } from '../../project-store/project-repository';
import { StorageUnavailableError, type FileStorage } from './file-storage';

const m = FILE_MESSAGES.api;

interface FileRow {
  id: string;
  project_id: string;
  uploaded_by: string;
  uploader_role: FileUploaderRole;
  name: string;
  content_type: string;
  size_bytes: string | number;
  storage_path: string;
  status: 'pending' | 'ready';
  deliverable: boolean;
  created_at: Date | string;
}

const FILE_COLUMNS =
  'f.id, f.project_id, f.uploaded_by, f.uploader_role, f.name, f.content_type, f.size_bytes, f.storage_path, f.status, f.deliverable, f.created_at';

const toFile = (row: FileRow, caller: Caller): ProjectFile => ({
  id: row.id,
  project_id: row.project_id,
  name: row.name,
  content_type: row.content_type,
  size: Number(row.size_bytes),
  uploader_role: row.uploader_role,
  mine: row.uploaded_by === caller.id,
  deliverable: row.deliverable,
  created_at: new Date(row.created_at).toISOString(),
});

/** The bytes of a project's files that count against its quota: finished ones and uploads still under way. */
async function usedBytes(q: Queryable, projectId: string): Promise<number> {
  const [row] = await q.query<{ used: string | number | null }>(
    `select coalesce(sum(size_bytes), 0) as used from project_files
     where project_id = $1 and (status = 'ready' or upload_expires_at > now())`,
    [projectId],
  );
  return Number(row?.used ?? 0);
}

/**
 * A file the caller may see: on a project of theirs (the admin: any project). Anyone else gets the same 404 as
 * for a file that does not exist, so a file id says nothing about another client's project.
 */
async function findVisibleFile(
  q: Queryable,
  id: string,
  caller: Caller,
  options: { forUpdate?: boolean } = {},
): Promise<FileRow> {
  if (!UUID.test(id)) throw new HttpError(404, m.fileNotFound);
  const rows = await q.query<FileRow>(
    `select ${FILE_COLUMNS} from project_files f join projects p on p.id = f.project_id
     where f.id = $1 and ($2::boolean or p.client_id = $3)${options.forUpdate ? ' for update of f' : ''}`,
    [id, caller.role === 'ADMIN', caller.id],
  );
  if (!rows[0]) throw new HttpError(404, m.fileNotFound);
  return rows[0];
}

/** Storage answered with an error or could not be reached: the caller may try again; nothing was kept. */
async function storageCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StorageUnavailableError || error instanceof TypeError)
      throw new HttpError(503, m.storageUnavailable);
    throw error;
  }
}

/**
 * Files on a project (issue 34, item 2), kept in Supabase Storage's private bucket. The API decides who may do
 * what with the same rules as for the project (findVisibleProject), and the browser only ever holds short-lived
 * URLs signed for one object: an upload URL after the announced upload passed the limits, a download URL after
 * the caller was found allowed to see the file.
 *
 * Nothing is left half-written: an announced upload is a 'pending' row that becomes 'ready' only once the object
 * arrived with the announced size and type; a mismatch removes both; one never finished is removed with its
 * object when its time runs out (file-sweep.ts). A delete removes the object inside the transaction that deletes
 * the row, so a failed removal keeps the row.
 */
export function registerFileRoutes(app: Hono<AppEnv>, deps: FeatureDeps, storage: FileStorage): void {
  const { db } = deps;

  defineRoute(app, 'listProjectFiles', async ({ c, caller }) => {
    const project = await findVisibleProject(db, c.req.param('id') ?? '', caller);
    const rows = await db.query<FileRow>(
      `select ${FILE_COLUMNS} from project_files f
       where f.project_id = $1 and f.status = 'ready' order by f.created_at desc, f.id`,
      [project.id],
    );
    return {
      files: rows.map((row) => toFile(row, caller)),
      usage: { usedBytes: await usedBytes(db, project.id), quotaBytes: FILE_LIMITS.projectQuotaBytes },
    };
  });

  defineRoute(
    app,
    'createFileUpload',
    async ({ c, caller, readBody }) => {
      const project = await findVisibleProject(db, c.req.param('id') ?? '', caller);
      const body = await readBody();
      const name = sanitizeFileName(body.name);
      if (!name) throw new HttpError(400, m.nameRequired, { name: m.nameRequired });
      const contentType = fileTypeFor(name);
      if (!contentType) throw new HttpError(415, m.typeNotAllowed, { name: m.typeNotAllowed });
      if (body.size > FILE_LIMITS.maxFileBytes) throw new HttpError(413, m.tooLarge, { size: m.tooLarge });

      const id = randomUUID();
      const storagePath = `projects/${project.id}/${id}`;
      const row = await db.transaction(async (tx) => {
        // One announcement at a time per project, so two cannot both fit in what is left of the quota.
        await tx.query('select id from projects where id = $1 for no key update', [project.id]);
        const used = await usedBytes(tx, project.id);
        if (used + body.size > FILE_LIMITS.projectQuotaBytes)
          throw new HttpError(409, m.quotaExceeded(used), { size: m.quotaExceeded(used) });
        const [inserted] = await tx.query<FileRow>(
          `insert into project_files as f
             (id, project_id, uploaded_by, uploader_role, name, content_type, size_bytes, storage_path, upload_expires_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9))
           returning ${FILE_COLUMNS}`,
          [
            id,
            project.id,
            caller.id,
            caller.role === 'ADMIN' ? 'ADMIN' : 'CLIENT',
            name,
            contentType,
            body.size,
            storagePath,
            FILE_LIMITS.pendingUploadSeconds,
          ],
        );
        return inserted!;
      });
      let url: string;
      try {
        url = await storageCall(() => storage.createUploadUrl(storagePath));
      } catch (error) {
        await db.query('delete from project_files where id = $1', [id]);
        throw error;
      }
      return {
        file: toFile(row, caller),
        upload: {
          url,
          contentType,
          expiresAt: new Date(Date.now() + FILE_LIMITS.pendingUploadSeconds * 1000).toISOString(),
        },
      };
    },
    { successStatus: 201 },
  );

  defineRoute(app, 'completeFileUpload', async ({ c, caller }) => {
    const file = await findVisibleFile(db, c.req.param('id') ?? '', caller);
    if (file.status === 'ready') return { file: toFile(file, caller) };
    if (file.uploaded_by !== caller.id) throw new HttpError(403, m.onlyUploaderCompletes);
    const stored = await storageCall(() => storage.info(file.storage_path));
    if (!stored) throw new HttpError(409, m.uploadMissing);
    if (stored.size !== Number(file.size_bytes) || stored.contentType !== file.content_type) {
      // Not what was announced (and checked): neither the object nor the row stays.
      await db.transaction(async (tx) => {
        await tx.query('delete from project_files where id = $1', [file.id]);
        await storageCall(() => storage.remove([file.storage_path]));
      });
      throw new HttpError(422, m.uploadMismatch);
    }
    // Only while its time lasts: after that the sweep may be removing it. The event in the same transaction is
    // what the live channel carries, so the other side's Files list shows the file (no one's notification:
    // migration 131; a message that carries it notifies).
    const ready = await db.transaction(async (tx) => {
      const [updated] = await tx.query<FileRow>(
        `update project_files f set status = 'ready'
         where f.id = $1 and f.status = 'pending' and f.upload_expires_at > now() returning ${FILE_COLUMNS}`,
        [file.id],
      );
      if (!updated) throw new HttpError(404, m.fileNotFound);
      await appendProjectEvent(tx, {
        projectId: updated.project_id,
        actor: { id: caller.id, role: caller.role },
        action: 'file_uploaded',
        from: null,
        to: null,
        details: { fileId: updated.id, name: updated.name },
      });
      return updated;
    });
    return { file: toFile(ready, caller) };
  });

  defineRoute(app, 'fileDownloadUrl', async ({ c, caller }) => {
    const file = await findVisibleFile(db, c.req.param('id') ?? '', caller);
    if (file.status !== 'ready') throw new HttpError(404, m.fileNotFound);
    const seconds = FILE_LIMITS.downloadUrlSeconds;
    const url = await storageCall(() => storage.signDownload(file.storage_path, file.name, seconds));
    c.header('cache-control', 'no-store');
    return { url, expiresAt: new Date(Date.now() + seconds * 1000).toISOString() };
  });

  defineRoute(app, 'deleteFile', async ({ c, caller }) => {
    const id = c.req.param('id') ?? '';
    await db.transaction(async (tx) => {
      const file = await findVisibleFile(tx, id, caller, { forUpdate: true });
      if (file.uploaded_by !== caller.id) throw new HttpError(403, m.onlyUploaderDeletes);
      await tx.query('delete from project_files where id = $1', [file.id]);
      // A cancelled upload was never listed; a listed file's removal reaches the other side's list live.
      if (file.status === 'ready')
        await appendProjectEvent(tx, {
          projectId: file.project_id,
          actor: { id: caller.id, role: caller.role },
          action: 'file_deleted',
          from: null,
          to: null,
          details: { fileId: file.id, name: file.name },
        });
      // Inside the transaction: if the object cannot be removed, the row stays and the caller may try again.
      await storageCall(() => storage.remove([file.storage_path]));
    });
    return { deleted: true as const };
  });

  defineRoute(app, 'setFileDeliverable', async ({ c, caller, readBody }) => {
    const body = await readBody();
    const file = await findVisibleFile(db, c.req.param('id') ?? '', caller);
    if (file.status !== 'ready') throw new HttpError(404, m.fileNotFound);
    const [updated] = await db.query<FileRow>(
      `update project_files f set deliverable = $2 where f.id = $1 returning ${FILE_COLUMNS}`,
      [file.id, body.deliverable],
    );
    if (!updated) throw new HttpError(404, m.fileNotFound);
    return { file: toFile(updated, caller) };
  });
}
