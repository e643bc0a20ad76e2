import { object, string, type AnyObject, type ObjectShape } from 'yup';
import { API_MESSAGES } from '../messages/api-messages';

/** Request bodies are checked as sent: no coercion, unknown fields rejected. */
export function requestObject<S extends ObjectShape>(shape: S) {
  return object(shape)
    .noUnknown(true, ({ unknown }: AnyObject) => `${API_MESSAGES.unknownField}: ${String(unknown)}`)
    .strict();
}

/** A required string whose trimmed length reaches `min`. */
export function trimmedText(min: number, requiredMessage: string, tooShortMessage: string) {
  return string()
    .required(requiredMessage)
    .test('trimmed-min', tooShortMessage, (v) => v === undefined || v.trim().length >= min)
    .test('not-blank', requiredMessage, (v) => v === undefined || v.trim().length > 0);
}

export const projectIdField = () =>
  string()
    .required(API_MESSAGES.projectIdInvalid)
    .uuid(API_MESSAGES.projectIdInvalid);
