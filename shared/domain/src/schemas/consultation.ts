import { boolean, mixed, string, type InferType } from 'yup';
import { API_MESSAGES } from '../messages/api-messages';
import {
  BUDGET_OPTIONS,
  INVALID_CHARACTERS,
  MIN_DESCRIPTION_LENGTH,
  TIMELINE_OPTIONS,
  VALIDATION,
  type BudgetRange,
  type Timeline,
} from '../messages/validation';
import { SCHEDULING_MESSAGES as S } from '../messages/scheduling';
import type { ConsultationTierKey } from '../tiers';
import { isCalendarDate, isClockTime, isTimeZone, pastPartOf, type PreferredSlot } from './preferred-slot';
import { requestObject, requiredEmailAddress, singleLineText, trimmedText } from './request-object';

export const BUDGET_RANGES = BUDGET_OPTIONS.map((o) => o.value);
export const PROJECT_TIMELINES = TIMELINE_OPTIONS.map((o) => o.value);

export const CONSULTATION_TIER_KEYS = ['3', '4', 'general'] as const satisfies readonly ConsultationTierKey[];

const c = VALIDATION.customer;
const k = VALIDATION.consultation;
const x = INVALID_CHARACTERS;

/** The customer fields shared by the purchase and consultation forms. */
export const customerFields = {
  firstName: singleLineText(x.firstName)
    .required(c.firstNameRequired)
    .test('not-blank', c.firstNameRequired, (v) => !!v?.trim())
    .max(100),
  lastName: singleLineText(x.lastName)
    .required(c.lastNameRequired)
    .test('not-blank', c.lastNameRequired, (v) => !!v?.trim())
    .max(100),
  email: requiredEmailAddress(c.emailRequired, c.emailInvalid),
  company: singleLineText(x.company).optional().max(200),
  projectDescription: trimmedText(
    MIN_DESCRIPTION_LENGTH,
    c.descriptionRequired,
    c.descriptionTooShort,
    x.projectDescription,
  ).max(10_000),
  acceptedTerms: boolean().required(API_MESSAGES.termsRequired).oneOf([true], API_MESSAGES.termsRequired),
};

/** POST /api/schedule-consultation: the consultation form of /consultation/{tierId}. */
export const scheduleConsultationSchema = requestObject({
  tier: mixed<ConsultationTierKey>()
    .required(API_MESSAGES.invalidValue)
    .oneOf([...CONSULTATION_TIER_KEYS], API_MESSAGES.invalidValue),
  ...customerFields,
  budget: mixed<BudgetRange>()
    .required(k.budgetRequired)
    .oneOf([...BUDGET_RANGES], k.budgetRequired),
  timeline: mixed<Timeline>()
    .required(k.timelineRequired)
    .oneOf([...PROJECT_TIMELINES], k.timelineRequired),
  // The sender's wall clock in their time zone; never in the past there (schemas/preferred-slot.ts).
  preferredDate: singleLineText(x.preferredDate)
    .optional()
    .max(50)
    .test('calendar-date', S.dateInvalid, (v) => !v || isCalendarDate(v))
    .test('not-past', S.datePast, function (v) {
      return pastPartOf(slotOf(this.parent, v)) !== 'date';
    }),
  preferredTime: singleLineText(x.preferredTime)
    .optional()
    .max(50)
    .test('clock-time', S.timeInvalid, (v) => !v || isClockTime(v))
    .test('not-past', S.timePast, function () {
      return pastPartOf(slotOf(this.parent)) !== 'time';
    }),
  preferredTimeZone: string()
    .optional()
    .test('time-zone', S.timeZoneInvalid, (v) => !v || isTimeZone(v)),
});

function slotOf(
  parent: { preferredDate?: string; preferredTime?: string; preferredTimeZone?: string },
  date = parent.preferredDate,
): PreferredSlot {
  return { date, time: parent.preferredTime, timeZone: parent.preferredTimeZone };
}

export type ScheduleConsultationRequest = InferType<typeof scheduleConsultationSchema>;
