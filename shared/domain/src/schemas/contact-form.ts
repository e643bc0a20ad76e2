import { type InferType } from 'yup';
import {
  INVALID_CHARACTERS,
  MIN_CONTACT_NAME_LENGTH,
  MIN_DESCRIPTION_LENGTH,
  VALIDATION,
} from '../messages/validation';
import { emailAddress, multiLineText, requestObject, singleLineText } from './request-object';

const m = VALIDATION.contact;
const x = INVALID_CHARACTERS;

export const contactFormSchema = requestObject({
  firstName: singleLineText(x.firstName)
    .required(m.firstName)
    .min(MIN_CONTACT_NAME_LENGTH, m.firstName)
    .max(100),
  lastName: singleLineText(x.lastName).required(m.lastName).min(MIN_CONTACT_NAME_LENGTH, m.lastName).max(100),
  email: emailAddress(m.email).required(m.email),
  company: singleLineText(x.company).optional().max(200),
  projectDetails: multiLineText(x.projectDetails)
    .required(m.projectDetails)
    .min(MIN_DESCRIPTION_LENGTH, m.projectDetails)
    .max(10_000),
});

export type ContactFormRequest = InferType<typeof contactFormSchema>;
