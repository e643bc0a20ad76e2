import { useCallback, useEffect, useState } from 'react';
import type { ProjectPaymentsResponse } from '@agency/domain';
import { apiClient } from '@agency/auth/api';

export type ProjectPaymentsState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: ProjectPaymentsResponse };

/**
 * A project's payment history and balance due (GET /api/projects/:id/payments), fetched when first used and
 * again on reload() or when `version` changes (the project changed on the server).
 */
export function useProjectPayments(projectId: string, version: unknown = null) {
  const [attempt, setAttempt] = useState(0);
  const key = `${projectId}|${attempt}|${String(version)}`;
  // Each answer is kept with the request it answers, so a newer request reads as loading until its own answer.
  const [answer, setAnswer] = useState<{ key: string; state: ProjectPaymentsState } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    apiClient()
      .projectPayments({ params: { id: projectId } }, { signal: controller.signal })
      .then(
        (data) => setAnswer({ key, state: { status: 'ready', data } }),
        () => {
          if (!controller.signal.aborted) setAnswer({ key, state: { status: 'error' } });
        },
      );
    return () => controller.abort();
  }, [key, projectId]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const state: ProjectPaymentsState = answer?.key === key ? answer.state : { status: 'loading' };
  return { state, reload };
}
