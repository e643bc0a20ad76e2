import { boolean, number, type InferType } from 'yup';
import { requestObject, singleLineText } from './schemas/request-object';

/**
 * Files on a project (issue 34, item 2): the limits the server enforces and the portals state, the types a file
 * may have, and how a name is cleaned. Defined once; the API, the storage bucket's own settings and the Files
 * area read them from here.
 */
const MB = 1024 * 1024;

export const FILE_LIMITS = {
  /** One file at most (the bucket refuses larger objects too). */
  maxFileBytes: 25 * MB,
  /** All of a project's files together, uploads under way included. */
  projectQuotaBytes: 500 * MB,
  /** A cleaned name's length, extension included. */
  maxNameLength: 120,
  /** How long a download link the API hands out works. */
  downloadUrlSeconds: 60,
  /**
   * How long an upload may take to finish once asked for (a signed upload URL lives two hours on Supabase);
   * after that an unfinished one is removed, object and row.
   */
  pendingUploadSeconds: 2 * 60 * 60,
} as const;

/** The allowlist: each type the portals take, with its name and the extensions that mean it. */
export const FILE_TYPES = [
  { type: 'application/pdf', label: 'PDF', extensions: ['pdf'] },
  { type: 'image/png', label: 'PNG', extensions: ['png'] },
  { type: 'image/jpeg', label: 'JPEG', extensions: ['jpg', 'jpeg'] },
  { type: 'image/gif', label: 'GIF', extensions: ['gif'] },
  { type: 'image/webp', label: 'WebP', extensions: ['webp'] },
  { type: 'image/svg+xml', label: 'SVG', extensions: ['svg'] },
  { type: 'text/plain', label: 'text', extensions: ['txt'] },
  { type: 'text/csv', label: 'CSV', extensions: ['csv'] },
  { type: 'text/markdown', label: 'Markdown', extensions: ['md'] },
  { type: 'text/html', label: 'HTML', extensions: ['html', 'htm'] },
  { type: 'application/json', label: 'JSON', extensions: ['json'] },
  { type: 'application/zip', label: 'ZIP', extensions: ['zip'] },
  {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'Word',
    extensions: ['docx'],
  },
  {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    label: 'Excel',
    extensions: ['xlsx'],
  },
  {
    type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    label: 'PowerPoint',
    extensions: ['pptx'],
  },
] as const;

export const ALLOWED_FILE_TYPES: readonly string[] = FILE_TYPES.map((entry) => entry.type);
export const ALLOWED_FILE_EXTENSIONS: readonly string[] = FILE_TYPES.flatMap((entry) => entry.extensions);
/** For a file picker's `accept`. */
export const FILE_ACCEPT = ALLOWED_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** `25 MB`, `1.5 KB`: sizes as the portals and the server's messages state them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** The type a file of this name is stored and served as: from its extension, or null when not allowed. */
export function fileTypeFor(name: string): string | null {
  const extension = extensionOf(name);
  return (
    FILE_TYPES.find((entry) => (entry.extensions as readonly string[]).includes(extension))?.type ?? null
  );
}

/**
 * A name safe to show and to offer as a download name: one line, no path, none of the characters file systems
 * refuse (`\ / : * ? " < > |`), no leading dots, spaces collapsed, at most FILE_LIMITS.maxNameLength characters
 * with the extension kept. Empty when nothing usable is left.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[:*?"<>|]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .replace(/[\s.]+$/, '');
  const chars = [...cleaned];
  if (chars.length <= FILE_LIMITS.maxNameLength) return cleaned;
  const extension = extensionOf(cleaned);
  const suffix = extension ? `.${extension}` : '';
  return (
    chars
      .slice(0, FILE_LIMITS.maxNameLength - suffix.length)
      .join('')
      .trimEnd() + suffix
  );
}

/** Who put a file on the project. */
export type FileUploaderRole = 'ADMIN' | 'CLIENT';

/** A project's file as the API lists it. */
export interface ProjectFile {
  id: string;
  project_id: string;
  /** The cleaned name, offered as the download's name. */
  name: string;
  content_type: string;
  size: number;
  uploader_role: FileUploaderRole;
  /** The caller uploaded it (and so may delete it). */
  mine: boolean;
  /** Marked by the admin as something the project delivers. */
  deliverable: boolean;
  created_at: string;
}

export interface ProjectFilesUsage {
  usedBytes: number;
  quotaBytes: number;
}

/** A message may carry this many of the project's files. */
export const MESSAGE_MAX_ATTACHMENTS = 10;

/** A file a message carries: enough to show it and ask for its download URL. */
export interface MessageAttachment {
  id: string;
  name: string;
  content_type: string;
  size: number;
}

export const FILE_MESSAGES = {
  api: {
    tooManyAttachments: `A message can carry at most ${MESSAGE_MAX_ATTACHMENTS} files.`,
    attachmentNotInProject: 'Attach files uploaded to this project (finished uploads only).',
    fileNotFound: 'File not found',
    nameRequired: 'A file needs a name.',
    tooLarge: `A file can be at most ${formatBytes(FILE_LIMITS.maxFileBytes)}.`,
    empty: 'The file is empty.',
    typeNotAllowed: `This type of file is not accepted. Allowed: ${FILE_TYPES.map((t) => t.label).join(', ')}.`,
    quotaExceeded: (usedBytes: number) =>
      `This project's files may take at most ${formatBytes(FILE_LIMITS.projectQuotaBytes)} (${formatBytes(usedBytes)} used).`,
    onlyUploaderDeletes: 'Only the person who uploaded a file can delete it.',
    onlyUploaderCompletes: 'Only the person who started an upload can finish it.',
    uploadMissing: 'The upload did not arrive. Please try again.',
    uploadMismatch: 'The uploaded file is not the one announced. Please try again.',
    storageUnavailable: 'File storage is unavailable. Please try again later.',
  },
  ui: {
    title: 'Files',
    open: 'Files',
    dialogTitle: (projectTitle: string) => `Files: ${projectTitle}`,
    pick: 'Choose files',
    dropHere: 'Drop files here or choose them',
    dropActive: 'Drop to upload',
    limits: `Up to ${formatBytes(FILE_LIMITS.maxFileBytes)} per file, ${formatBytes(FILE_LIMITS.projectQuotaBytes)} per project. Allowed: ${FILE_TYPES.map((t) => t.label).join(', ')}.`,
    usage: (used: number, quota: number) => `${formatBytes(used)} of ${formatBytes(quota)} used`,
    uploading: (name: string) => `Uploading ${name}`,
    uploaded: (name: string) => `${name} uploaded`,
    uploadFailed: (name: string, reason: string) => `${name} was not uploaded: ${reason}`,
    empty: 'No files yet.',
    loadFailed: 'Files could not be loaded.',
    retry: 'Retry',
    download: 'Download',
    downloadLabel: (name: string) => `Download ${name}`,
    downloadFailed: 'The file could not be downloaded. Please try again.',
    delete: 'Delete',
    deleteLabel: (name: string) => `Delete ${name}`,
    deleted: (name: string) => `${name} deleted`,
    deleteFailed: 'The file could not be deleted. Please try again.',
    deliverable: 'Deliverable',
    markDeliverable: (name: string) => `Mark ${name} as a deliverable`,
    deliverableFailed: 'The deliverable mark could not be changed. Please try again.',
    byYou: 'You',
    byConsultancy: 'Consultancy',
    byClient: 'Client',
    columns: { name: 'Name', size: 'Size', by: 'Uploaded by', date: 'Date', actions: 'Actions' },
    close: 'Close',
  },
} as const;

/** POST /api/projects/:id/files: announce an upload (its name and size); the answer carries a signed upload URL. */
export const createFileUploadSchema = requestObject({
  name: singleLineText(FILE_MESSAGES.api.nameRequired)
    .required(FILE_MESSAGES.api.nameRequired)
    .max(1000, FILE_MESSAGES.api.nameRequired),
  size: number()
    .required(FILE_MESSAGES.api.empty)
    .integer(FILE_MESSAGES.api.empty)
    .min(1, FILE_MESSAGES.api.empty),
});
export type CreateFileUploadRequest = InferType<typeof createFileUploadSchema>;

/** PATCH /api/files/:id (admin): mark or unmark a deliverable. */
export const fileDeliverableSchema = requestObject({
  deliverable: boolean().required(),
});
export type FileDeliverableRequest = InferType<typeof fileDeliverableSchema>;
