import { string, type InferType } from 'yup';
import {
  MIN_CONTACT_NAME_LENGTH,
  MIN_DESCRIPTION_LENGTH,
  SIMPLE_EMAIL_PATTERN,
  VALIDATION,
} from '../messages/validation';
import { requestObject } from './request-object';

const m = VALIDATION.contact;

export const contactFormSchema = requestObject({
  firstName: string().required(m.firstName).min(MIN_CONTACT_NAME_LENGTH, m.firstName).max(100),
  lastName: string().required(m.lastName).min(MIN_CONTACT_NAME_LENGTH, m.lastName).max(100),
  email: string().required(m.email).matches(SIMPLE_EMAIL_PATTERN, m.email).max(320),
  company: string().optional().max(200),
  projectDetails: string().required(m.projectDetails).min(MIN_DESCRIPTION_LENGTH, m.projectDetails).max(10_000),
});

export type ContactFormRequest = InferType<typeof contactFormSchema>;
