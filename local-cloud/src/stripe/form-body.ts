/**
 * Stripe's form encoding: `metadata[type]=x`, `expand[]=a`, `items[0][price]=p`. Indexed and empty brackets
 * become arrays, named brackets become objects; values stay strings (Stripe coerces per parameter).
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function keyPath(rawKey: string): string[] {
  const first = rawKey.indexOf('[');
  if (first < 0) return [rawKey];
  const path = [rawKey.slice(0, first)];
  for (const match of rawKey.slice(first).matchAll(/\[([^\]]*)\]/g)) path.push(match[1] ?? '');
  return path;
}

function assign(target: FormObject | FormValue[], path: string[], value: string): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  const isArrayTarget = Array.isArray(target);
  const slot = isArrayTarget ? (head === '' ? target.length : Number(head)) : head;
  if (rest.length === 0) {
    (target as Record<string | number, FormValue>)[slot] = value;
    return;
  }
  const nextIsArray = rest[0] === '' || /^\d+$/.test(rest[0] ?? '');
  let child = (target as Record<string | number, FormValue | undefined>)[slot];
  if (typeof child !== 'object' || child === null) {
    child = nextIsArray ? [] : {};
    (target as Record<string | number, FormValue>)[slot] = child;
  }
  assign(child, rest, value);
}

export function parseFormBody(text: string): FormObject {
  const result: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) assign(result, keyPath(key), value);
  return result;
}
