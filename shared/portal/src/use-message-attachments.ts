import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
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

/**
 * The composer's attachments (issue 34). Each picked file goes up at once, the way the Files area sends it
 * (uploadProjectFile: limits checked first, signed upload URL, progress), so the message only names files that
 * are already on the project. Removing one cancels its upload, or deletes the file it became; closing the
 * composer cancels the uploads still under way.
 */
export function useMessageAttachments(projectId: string) {
  const client = useQueryClient();
  const [items, setItems] = useState<PendingAttachment[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const count = useRef(0);

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const update = (key: string, change: Partial<PendingAttachment>) =>
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const refreshFiles = () => void client.invalidateQueries({ queryKey: fileKeys.list(projectId) });

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
            update(key, { state: 'ready', fileId: uploaded.id, loaded: file.size });
            refreshFiles();
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
    else if (item.fileId)
      void apiClient()
        .deleteFile({ params: { id: item.fileId } })
        .catch(() => undefined)
        .finally(refreshFiles);
  }

  /** After the message was sent: its files stay on the project, the composer starts empty. */
  function clear(): void {
    setItems([]);
    count.current = 0;
  }

  return {
    items,
    add,
    remove,
    clear,
    uploading: items.some((item) => item.state === 'uploading'),
    failed: items.some((item) => item.state === 'failed'),
    fileIds: items.flatMap((item) => (item.state === 'ready' && item.fileId ? [item.fileId] : [])),
  };
}
