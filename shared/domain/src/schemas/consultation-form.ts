import { type InferType } from 'yup';
import type { ConsultationTierKey } from '../tiers';
import { scheduleConsultationSchema, type ScheduleConsultationRequest } from './consultation';

/**
 * The form of /consultation/{tierId} (spec sections 3 and 5): the API's request without the tier, which
 * comes from the address. Same fields, same messages, so the browser and the server agree.
 */
export const consultationFormSchema = scheduleConsultationSchema.omit(['tier']);

type ConsultationFields = InferType<typeof consultationFormSchema>;

/** What the inputs hold: selects start empty, so budget and timeline are plain strings until chosen. */
export type ConsultationFormValues = Omit<ConsultationFields, 'budget' | 'timeline'> & {
  company: string;
  budget: string;
  timeline: string;
  preferredDate: string;
  preferredTime: string;
  preferredTimeZone: string;
};

export const EMPTY_CONSULTATION_FORM: ConsultationFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  company: '',
  projectDescription: '',
  budget: '',
  timeline: '',
  preferredDate: '',
  preferredTime: '',
  // Filled with the browser's zone when the form opens (browserTimeZone in schemas/preferred-slot.ts).
  preferredTimeZone: '',
  acceptedTerms: false,
};

/** The request body for POST /api/schedule-consultation; empty optional fields are left out. */
export function toScheduleConsultationRequest(
  tier: ConsultationTierKey,
  values: ConsultationFormValues,
): ScheduleConsultationRequest {
  const request: ScheduleConsultationRequest = {
    tier,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    projectDescription: values.projectDescription.trim(),
    budget: values.budget as ScheduleConsultationRequest['budget'],
    timeline: values.timeline as ScheduleConsultationRequest['timeline'],
    acceptedTerms: values.acceptedTerms,
  };
  if (values.company.trim()) request.company = values.company.trim();
  if (values.preferredDate) request.preferredDate = values.preferredDate;
  if (values.preferredTime) request.preferredTime = values.preferredTime;
  if ((values.preferredDate || values.preferredTime) && values.preferredTimeZone)
    request.preferredTimeZone = values.preferredTimeZone;
  return request;
}
