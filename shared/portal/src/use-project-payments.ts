import { useQuery } from '@tanstack/react-query';
import type { ProjectPaymentsResponse } from '@agency/domain';
import { apiClient } from '@agency/auth/api';
import { portalKeys } from './portal-data';

export type ProjectPaymentsState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: ProjectPaymentsResponse };

/**
 * A project's payment history and balance due (GET /api/projects/:id/payments), read when shown and again on
 * reload() or when `version` changes (the project changed on the server).
 */
export function useProjectPayments(projectId: string, version: unknown = null) {
  const { data, isError, isFetching, refetch } = useQuery({
    queryKey: [...portalKeys.payments(projectId), String(version)],
    queryFn: ({ signal }) => apiClient().projectPayments({ params: { id: projectId } }, { signal }),
    staleTime: 0,
  });
  const state: ProjectPaymentsState = data
    ? { status: 'ready', data }
    : isError && !isFetching
      ? { status: 'error' }
      : { status: 'loading' };
  return { state, reload: () => void refetch() };
}
