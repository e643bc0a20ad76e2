import { apiClient } from '@agency/auth/api';
import { useQuery } from '@agency/portal';

/**
 * The client's billing centre, one query: details, documents, what is coming, the saved card (issue 35). Read by
 * the Billing page and by every dialog that offers the saved card, so they share one copy.
 */
export const BILLING_QUERY_KEY = ['billing'] as const;

export function useBillingOverview({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: BILLING_QUERY_KEY,
    queryFn: () => apiClient().billingOverview(),
    staleTime: 30_000,
  });
}
