import { useCallback, useState } from 'react';
import type { ConsultationTierKey } from '@agency/domain';
import { CHECKOUT_MESSAGES, CONSULTATION_PROJECT_ID_KEY } from '@agency/domain/messages/checkout';
import {
  toScheduleConsultationRequest,
  type ConsultationFormValues,
} from '@agency/domain/schemas/consultation-form';
import { useNavigate } from '@agency/router';
import { toaster } from '@agency/ui';
import { trackConsultationBooked } from '@agency/tracking';
import { scheduleConsultation } from '../api/schedule-consultation';

/** Sends the request; on success keeps the new project's id for the success page and goes there. */
export function useScheduleConsultation(tierKey: ConsultationTierKey, serviceName: string) {
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);

  const submit = useCallback(
    async (values: ConsultationFormValues) => {
      setSending(true);
      try {
        const projectId = await scheduleConsultation(toScheduleConsultationRequest(tierKey, values));
        try {
          sessionStorage.setItem(CONSULTATION_PROJECT_ID_KEY, projectId);
        } catch {
          // Storage may be unavailable (private mode); the request itself succeeded.
        }
        trackConsultationBooked({ tierId: tierKey, tierName: serviceName });
        navigate('/consultation-success');
      } catch {
        toaster.create({ title: CHECKOUT_MESSAGES.consultation.failed, type: 'error' });
        setSending(false);
      }
    },
    [tierKey, serviceName, navigate],
  );

  return { submit, sending };
}
