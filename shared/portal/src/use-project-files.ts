import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FILE_LIMITS,
  FILE_MESSAGES,
  fileTypeFor,
  type ApiRouteTypes,
  type ProjectFile,
} from '@agency/domain';
import { apiClient, apiErrorMessage } from '@agency/auth/api';
import { fileKeys } from './files-data';

const m = FILE_MESSAGES;
type FileList = ApiRouteTypes['listProjectFiles']['response'];

export { fileKeys };

/** An upload under way, for its progress bar. */
export interface UploadProgress {
  key: string;
  name: string;
  loaded: number;
  total: number;
}

/**
 * PUTs the bytes to the signed upload URL with XMLHttpRequest, whose upload events (unlike fetch's) report
 * progress. Resolves when Storage took them; rejects with Storage's message otherwise.
 */
export function putWithProgress(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let message = `Storage answered ${xhr.status}`;
      try {
        const body = JSON.parse(xhr.responseText) as { message?: unknown };
        if (typeof body.message === 'string') message = body.message;
      } catch {
        // not JSON
      }
      reject(new Error(message));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** Follows a signed download URL; Storage answers with an attachment, so the page stays where it is. */
export function followDownload(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener noreferrer';
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
}

/** What the server would refuse, said before anything is sent (the server checks again). */
export function fileProblem(file: File): string | null {
  if (file.size === 0) return m.api.empty;
  if (file.size > FILE_LIMITS.maxFileBytes) return m.api.tooLarge;
  if (!fileTypeFor(file.name)) return m.api.typeNotAllowed;
  return null;
}

/**
 * One file onto the project, the way both the Files area and the conversation's composer send it: announced to
 * the API (which checks the limits and signs an upload URL for that one object), PUT to Storage with progress,
 * then completed. Anything announced but not finished (a failure, `signal` aborted) is cancelled, so nothing is
 * left behind.
 */
export async function uploadProjectFile(
  projectId: string,
  file: File,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<ProjectFile> {
  const problem = fileProblem(file);
  if (problem) throw new Error(problem);
  const { file: announced, upload: target } = await apiClient().createFileUpload({
    params: { id: projectId },
    body: { name: file.name, size: file.size },
  });
  try {
    signal?.throwIfAborted();
    await putWithProgress(target.url, file, target.contentType, onProgress, signal);
    signal?.throwIfAborted();
    return (await apiClient().completeFileUpload({ params: { id: announced.id } })).file;
  } catch (error) {
    // Leave nothing behind: the announced upload is cancelled (the server sweeps it otherwise).
    await apiClient()
      .deleteFile({ params: { id: announced.id } })
      .catch(() => undefined);
    throw error;
  }
}

/**
 * A project's files on TanStack Query: the list (read when shown), uploads with progress, downloads through a
 * short-lived signed URL, deletion of one's own and the admin's deliverable mark, each updating the list.
 */
export function useProjectFiles(projectId: string) {
  const client = useQueryClient();
  const key = fileKeys.list(projectId);
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiClient().listProjectFiles({ params: { id: projectId } }, { signal }),
    staleTime: 0,
  });
  const [uploads, setUploads] = useState<UploadProgress[]>([]);
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const replaceFile = (file: ProjectFile) =>
    client.setQueryData<FileList>(key, (old) =>
      old ? { ...old, files: old.files.map((f) => (f.id === file.id ? file : f)) } : old,
    );

  const upload = useMutation({
    mutationFn: async (file: File) => {
      const problem = fileProblem(file);
      if (problem) throw new Error(problem);
      const progressKey = `${file.name}-${file.size}-${Math.random()}`;
      const track = (loaded: number) =>
        setUploads((all) => all.map((u) => (u.key === progressKey ? { ...u, loaded } : u)));
      setUploads((all) => [...all, { key: progressKey, name: file.name, loaded: 0, total: file.size }]);
      try {
        return await uploadProjectFile(projectId, file, track);
      } finally {
        setUploads((all) => all.filter((u) => u.key !== progressKey));
      }
    },
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (file: ProjectFile) => apiClient().deleteFile({ params: { id: file.id } }),
    onSettled: refresh,
  });

  // The mark shows at once and goes back if the server refuses it. A read of the list already under way (a live
  // event's) is cancelled first, so its older answer cannot land after the mark and untick it.
  const setDeliverable = useMutation({
    mutationFn: ({ file, deliverable }: { file: ProjectFile; deliverable: boolean }) =>
      apiClient().setFileDeliverable({ params: { id: file.id }, body: { deliverable } }),
    onMutate: async ({ file, deliverable }) => {
      await client.cancelQueries({ queryKey: key });
      replaceFile({ ...file, deliverable });
      return file;
    },
    onError: (_error, _input, before) => {
      if (before) replaceFile(before);
    },
    onSuccess: ({ file }) => replaceFile(file),
  });

  /** Asks for a signed URL and follows it: Storage answers with an attachment, so the page stays. */
  const download = useMutation({
    mutationFn: async (file: ProjectFile) => {
      const { url } = await apiClient().fileDownloadUrl({ params: { id: file.id } });
      followDownload(url, file.name);
    },
  });

  return { list, uploads, upload, remove, setDeliverable, download };
}

export const fileErrorMessage = (error: unknown, fallback: string) =>
  error instanceof Error && !('status' in error) ? error.message : apiErrorMessage(error, fallback);
