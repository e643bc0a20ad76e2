import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * A value this browser kept for this tab (session storage), read once hydrated: a page the server rendered has
 * none, so it shows the value after hydration instead of failing to match.
 */
export function useSessionValue<T>(key: string, parse: (raw: string) => T | null): T | null {
  const raw = useSyncExternalStore(
    unchanging,
    () => read(key),
    () => null,
  );
  if (raw === null) return null;
  try {
    return parse(raw);
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
