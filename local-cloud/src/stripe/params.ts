// Readers for Stripe's form-encoded parameters, shared by the service's resources.
import { type FormObject, type FormValue } from './form-body';
import { invalidRequest, missingParam } from './stripe-errors';

export function text(params: FormObject, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
export function requiredText(params: FormObject, name: string): string {
  const value = text(params, name);
  if (value === undefined) throw missingParam(name);
  return value;
}
export function integer(params: FormObject, name: string): number | undefined {
  const value = text(params, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, name);
  return Number(value);
}
export function flag(params: FormObject, name: string): boolean {
  return params[name] === 'true';
}
export function nested(params: FormObject, name: string): FormObject {
  const value = params[name];
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}
export function list(params: FormObject, name: string): string[] {
  const value = params[name];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (value && typeof value === 'object')
    return Object.values(value).filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
}
/** Metadata update semantics: merge, and an empty string removes a key. */
export function mergeMetadata(current: unknown, update: FormValue | undefined): Record<string, string> {
  const merged: Record<string, string> = { ...(current as Record<string, string> | undefined) };
  if (update && typeof update === 'object' && !Array.isArray(update)) {
    for (const [key, value] of Object.entries(update)) {
      if (typeof value !== 'string') continue;
      if (value === '') delete merged[key];
      else merged[key] = value;
    }
  }
  return merged;
}

export function addMonths(unixSeconds: number, months: number): number {
  const date = new Date(unixSeconds * 1000);
  const day = date.getUTCDate();
  date.setUTCMonth(date.getUTCMonth() + months);
  if (date.getUTCDate() < day) date.setUTCDate(0); // Jan 31 + 1 month → end of February
  return Math.floor(date.getTime() / 1000);
}
