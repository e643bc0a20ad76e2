import type { ProjectFile, ProjectFilesUsage } from '../files';
import type { RouteEntry } from '../route';

/** A project's files: uploads through signed URLs, downloads, deliverables. */
export const FILE_ROUTES = {
  /** A project's files (uploads finished), newest first, and how much of its quota they take. */
  listProjectFiles: {
    method: 'GET',
    path: '/api/projects/:id/files',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
    response: {} as { files: ProjectFile[]; usage: ProjectFilesUsage },
  },
  /** Announce an upload: checked against the limits, answered with a signed upload URL for the bytes. */
  createFileUpload: {
    method: 'POST',
    path: '/api/projects/:id/files',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
    body: 'createFileUploadSchema',
    response: {} as { file: ProjectFile; upload: { url: string; contentType: string; expiresAt: string } },
  },
  /** After the bytes arrived at the upload URL: checked against what was announced, then listed. */
  completeFileUpload: {
    method: 'POST',
    path: '/api/files/:id/complete',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
    response: {} as { file: ProjectFile },
  },
  /** A short-lived signed URL that downloads the file (always as an attachment). */
  fileDownloadUrl: {
    method: 'POST',
    path: '/api/files/:id/download-url',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
    response: {} as { url: string; expiresAt: string },
  },
  /** Delete one's own file (or cancel one's unfinished upload). */
  deleteFile: {
    method: 'DELETE',
    path: '/api/files/:id',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
    response: {} as { deleted: true },
  },
  setFileDeliverable: {
    method: 'PATCH',
    path: '/api/files/:id',
    access: 'admin',
    projectScoped: true,
    feature: 'core',
    body: 'fileDeliverableSchema',
    response: {} as { file: ProjectFile },
  },
} as const satisfies Record<string, RouteEntry>;
