import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What every log line written while handling one request or one job carries: its request id (the one the
 * proxy set, or ours) or its job, whichever module writes the line. pino adds it through `mixin`.
 */
const context = new AsyncLocalStorage<Record<string, string>>();

export const logContext = {
  run<T>(fields: Record<string, string>, work: () => T): T {
    return context.run(fields, work);
  },
  /** pino's `mixin`: the fields of the request or job under way. */
  mixin: (): Record<string, string> => context.getStore() ?? {},
};
