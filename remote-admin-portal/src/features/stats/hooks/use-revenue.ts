import { apiClient } from '@agency/auth/api';
import { portalKeys, useQuery } from '@agency/portal';

export type RevenueState =
  { status: 'loading' } | { status: 'ready'; revenue: number } | { status: 'unavailable' };

/** This month's revenue; read again after a live change that may move money (anything but a board change). */
export function useRevenue(): RevenueState {
  const { data, isError } = useQuery({
    queryKey: portalKeys.revenue,
    queryFn: ({ signal }) =>
      apiClient()
        .monthlyRevenue(undefined, { signal })
        .then(({ revenue }) => revenue),
  });
  if (data !== undefined) return { status: 'ready', revenue: data };
  // Payments may not be configured: the card reads Unavailable.
  return isError ? { status: 'unavailable' } : { status: 'loading' };
}
