import type { ApiRouteTypes } from '@agency/domain';
import { CHECKOUT_MESSAGES } from '@agency/domain/messages/checkout';
import { apiClient } from '@agency/auth/api';

type ScheduleConsultation = ApiRouteTypes['scheduleConsultation'];

/** POST /api/schedule-consultation; resolves with the id of the pending project it created. */
export async function scheduleConsultation(body: ScheduleConsultation['body']): Promise<string> {
  try {
    const { id } = await apiClient().scheduleConsultation({ body });
    if (!id) throw new Error('No project id');
    return id;
  } catch {
    throw new Error(CHECKOUT_MESSAGES.consultation.failedThrown);
  }
}
