import type { QueryClient } from '@tanstack/react-query';
import type { LiveProjectEvent } from '@agency/domain';

/** A project's files in the dashboard's cache (issue 34): one query per project's Files list. */
export const fileKeys = {
  list: (projectId: string) => ['files', projectId] as const,
};

const FILE_ACTIONS = new Set(['file_uploaded', 'file_deleted']);

/**
 * A live event about a project's files (the other side uploaded or deleted one, from the Files area or the
 * conversation's composer): its Files list is read again (at once when on screen). Returns whether the event
 * was one (nothing else about the project changed).
 */
export function applyFileEvent(client: QueryClient, event: LiveProjectEvent): boolean {
  if (!FILE_ACTIONS.has(event.action)) return false;
  void client.invalidateQueries({ queryKey: fileKeys.list(event.projectId) });
  return true;
}
