import { useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MESSAGE_MAX_ATTACHMENTS } from '@agency/domain';
import { CONVERSATION_TEXTS } from '@agency/domain/messages/conversation';
import { apiClient } from '@agency/auth/api';
import { fileKeys } from './files-data';
import { fileErrorMessage, uploadProjectFile } from './use-project-files';

const t = CONVERSATION_TEXTS.attach;

/** A file picked in the composer: uploading (with its progress), ready to send, or refused (with why). */
export interface PendingAttachment {
  key: string;
  name: string;
  size: number;
  loaded: number;
  state: 'uploading' | 'ready' | 'failed';
  /** Why it was not uploaded (state 'failed'). */
  error?: string;
  /** The project file it became (state 'ready'): what the message carries. */
  fileId?: string;
}

let nextKey = 0;

/** A file the composer uploaded and will not send: deleted the way the Files area deletes (DELETE /api/files/:id). */
function deleteUnsentFile(client: QueryClient, projectId: string, fileId: string) {
  return apiClient()
    .deleteFile({ params: { id: fileId } })
    .catch(() => undefined)
    .finally(() => void client.invalidateQueries({ queryKey: fileKeys.list(projectId) }));
}

/**
 * The composer's attachments (issue 34). Each picked (or dropped) file goes up at once, the way the Files area
 * sends it (uploadProjectFile: limits checked first, signed upload URL, progress), so the message only names files
 * that are already on the project. A file that is never sent does not stay in the project's Files: removing it
 * cancels its upload or deletes the file it became (the Files area's delete, DELETE /api/files/:id), and closing
 * the composer does the same for every file it still holds, unless a send carrying them is under way.
 */
export function useMessageAttachments(projectId: string) {
  const client = useQueryClient();
  const [items, setItems] = useState<PendingAttachment[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const count = useRef(0);
  /** Files uploaded and not (yet) sent: deleted when the composer closes. */
  const unsent = useRef(new Set<string>());
  /** Files a send under way carries: not deleted on close (the message may already hold them). */
  const held = useRef(new Set<string>());

  const deleteFile = (fileId: string) => deleteUnsentFile(client, projectId, fileId);

  useEffect(() => {
    const running = controllers.current;
    const left = unsent.current;
    return () => {
      running.forEach((controller) => controller.abort());
      left.forEach((fileId) => void deleteUnsentFile(client, projectId, fileId));
      left.clear();
    };
  }, [client, projectId]);

  const update = (key: string, change: Partial<PendingAttachment>) =>
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));

  function add(files: Iterable<File>): void {
    for (const file of files) {
      const key = `attachment-${++nextKey}`;
      const base = { key, name: file.name, size: file.size, loaded: 0 };
      if (count.current >= MESSAGE_MAX_ATTACHMENTS) {
        setItems((all) => [...all, { ...base, state: 'failed', error: t.tooMany }]);
        continue;
      }
      count.current += 1;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      setItems((all) => [...all, { ...base, state: 'uploading' }]);
      void uploadProjectFile(projectId, file, (loaded) => update(key, { loaded }), controller.signal)
        .then(
          (uploaded) => {
            // Removed (or the composer closed) while its upload was finishing: it is not sent, so it goes.
            if (controller.signal.aborted) return void deleteFile(uploaded.id);
            unsent.current.add(uploaded.id);
            update(key, { state: 'ready', fileId: uploaded.id, loaded: file.size });
            void client.invalidateQueries({ queryKey: fileKeys.list(projectId) });
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            count.current -= 1;
            update(key, { state: 'failed', error: fileErrorMessage(error, t.tryAgain) });
          },
        )
        .finally(() => controllers.current.delete(key));
    }
  }

  function remove(item: PendingAttachment): void {
    setItems((all) => all.filter((other) => other.key !== item.key));
    if (item.state === 'failed') return;
    count.current -= 1;
    if (item.state === 'uploading') controllers.current.get(item.key)?.abort();
    else if (item.fileId) {
      unsent.current.delete(item.fileId);
      void deleteFile(item.fileId);
    }
  }

  /** A send carrying `fileIds` started: they are no longer the composer's to delete. */
  function hold(fileIds: string[]): void {
    for (const id of fileIds) if (unsent.current.delete(id)) held.current.add(id);
  }

  /** That send failed: the files are the composer's again (still listed, to send again or remove). */
  function release(): void {
    held.current.forEach((id) => unsent.current.add(id));
    held.current.clear();
  }

  /** After the message was sent: its files stay on the project and leave the composer (any added since stay). */
  function clear(): void {
    const sent = new Set(held.current);
    held.current.clear();
    count.current = Math.max(0, count.current - sent.size);
    setItems((all) => all.filter((item) => !(item.fileId && sent.has(item.fileId))));
  }

  return {
    items,
    add,
    remove,
    hold,
    release,
    clear,
    uploading: items.some((item) => item.state === 'uploading'),
    failed: items.some((item) => item.state === 'failed'),
    fileIds: items.flatMap((item) => (item.state === 'ready' && item.fileId ? [item.fileId] : [])),
  };
}
