import { object, string, type AnyObject, type ObjectShape } from 'yup';
import { API_MESSAGES } from '../messages/api-messages';
import { isEmailAddress } from '../messages/validation';

/** Request bodies are checked as sent: no coercion, unknown fields rejected. */
export function requestObject<S extends ObjectShape>(shape: S) {
  return object(shape)
    .noUnknown(true, ({ unknown }: AnyObject) => `${API_MESSAGES.unknownField}: ${String(unknown)}`)
    .strict();
}

// NUL (which PostgreSQL refuses), the other C0 controls, DEL and the C1 controls, and a lone UTF-16 surrogate
// (half of a character: no encoding can carry it, and PostgreSQL refuses it in JSON). With the `u` flag a
// surrogate range matches only an unpaired one, so emoji and other characters beyond U+FFFF stay allowed.
// One-line text also refuses the Unicode line and paragraph separators; multi-line text keeps tab, line feed
// and carriage return.
const NOT_IN_ONE_LINE = new RegExp(String.raw`[\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]`, 'u');
const NOT_IN_MULTI_LINE = new RegExp(
  String.raw`[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ud800-\udfff]`,
  'u',
);

export const isOneLineText = (value: string): boolean => !NOT_IN_ONE_LINE.test(value);

/** One-line text (names, titles, ids): no control characters, no lone surrogate. */
export function singleLineText(invalidMessage: string) {
  return string().test('no-control-characters', invalidMessage, (v) => v == null || isOneLineText(v));
}

/** Multi-line text (descriptions, details, reasons): newlines and tabs, no other control characters, no lone surrogate. */
export function multiLineText(invalidMessage: string) {
  return string().test(
    'no-control-characters',
    invalidMessage,
    (v) => v == null || !NOT_IN_MULTI_LINE.test(v),
  );
}

/** One e-mail address (no list, no line break); an empty string is invalid, a missing one is left to required(). */
export function emailAddress(invalidMessage: string) {
  return string().test('email-address', invalidMessage, (v) => v === undefined || isEmailAddress(v));
}

/** A required e-mail address: missing or empty says `requiredMessage`, as the form's field does. */
export function requiredEmailAddress(requiredMessage: string, invalidMessage: string) {
  return string()
    .required(requiredMessage)
    .test('email-address', invalidMessage, (v) => v === undefined || v === '' || isEmailAddress(v));
}

const BIGINT_MAX = 9223372036854775807n;
/** A positive database id (bigint) as the API shows it: digits only, within PostgreSQL's bigint. */
export const isBigintId = (value: string): boolean => /^\d{1,19}$/.test(value) && BigInt(value) <= BIGINT_MAX;

/** A required multi-line string whose trimmed length reaches `min`. */
export function trimmedText(
  min: number,
  requiredMessage: string,
  tooShortMessage: string,
  invalidMessage: string,
) {
  return multiLineText(invalidMessage)
    .required(requiredMessage)
    .test('trimmed-min', tooShortMessage, (v) => v === undefined || v.trim().length >= min)
    .test('not-blank', requiredMessage, (v) => v === undefined || v.trim().length > 0);
}

export const projectIdField = () =>
  string().required(API_MESSAGES.projectIdInvalid).uuid(API_MESSAGES.projectIdInvalid);
