import defaults from './local-defaults.json';

/**
 * Failing closed. Every local default is public (local-defaults.json): fine for the offline stand-ins, never for
 * a deployment. A service is in production when NODE_ENV=production or when any hosted service is configured;
 * then each secret it needs must be set and must not be a known local value, or the service refuses to start
 * with a message naming the variable.
 */
export type ServiceEnv = Record<string, string | undefined>;

const isLocalUrl = (value: string | undefined) => {
  if (!value) return true;
  try {
    return ['localhost', '127.0.0.1', '[::1]', '::1'].includes(new URL(value).hostname);
  } catch {
    return false;
  }
};

/** The hosted services a deployment points at (their variables set to something other than this machine). */
export function hostedServices(env: ServiceEnv): string[] {
  return [
    !isLocalUrl(env.SUPABASE_URL) && 'SUPABASE_URL',
    env.STRIPE_SECRET_KEY &&
      env.STRIPE_SECRET_KEY !== defaults.stripe.secretKey &&
      !env.STRIPE_API_URL &&
      'STRIPE_SECRET_KEY',
    !isLocalUrl(env.SMTP_URL) && 'SMTP_URL',
    !isLocalUrl(env.DATABASE_URL) && 'DATABASE_URL',
  ].filter((name): name is string => !!name);
}

export function isProduction(env: ServiceEnv): boolean {
  return env.NODE_ENV === 'production' || hostedServices(env).length > 0;
}

/** Values anyone can read in this repository: a production secret must be none of them. */
const KNOWN_LOCAL_VALUES = new Set<string>([
  defaults.jwtSecret,
  defaults.adminPassword,
  defaults.stripe.secretKey,
  defaults.stripe.publishableKey,
  defaults.stripe.webhookSecret,
]);

export interface Requirement {
  variable: string;
  /** What the variable is for, in the refusal. */
  purpose: string;
  /** Another variable that satisfies the requirement instead (e.g. SUPABASE_JWKS_URL for the JWT secret). */
  or?: string;
  minLength?: number;
}

export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Refusing to start in production:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee "Going to production" in the README.`,
    );
    this.name = 'ConfigurationError';
  }
}

/** The problems with `requirements` in `env` (empty when every one is met). */
export function productionProblems(env: ServiceEnv, requirements: Requirement[]): string[] {
  const problems: string[] = [];
  for (const { variable, purpose, or, minLength } of requirements) {
    const value = env[variable];
    // The alternative is set: this one may be left out, but not set to a public local value.
    if (or && env[or] && !(value && KNOWN_LOCAL_VALUES.has(value))) continue;
    const name = or ? `${variable} (or ${or})` : variable;
    if (!value) problems.push(`${name} must be set: ${purpose}.`);
    else if (KNOWN_LOCAL_VALUES.has(value))
      problems.push(`${variable} is a public local default: set your own ${purpose}.`);
    else if (minLength && value.length < minLength)
      problems.push(`${variable} must be at least ${minLength} characters: ${purpose}.`);
  }
  return problems;
}

/** Throws a ConfigurationError naming every unmet requirement when `env` is production. */
export function assertProductionReady(env: ServiceEnv, requirements: Requirement[]): void {
  if (!isProduction(env)) return;
  const problems = productionProblems(env, requirements);
  if (problems.length) throw new ConfigurationError(problems);
}

/** The address servers listen on: this machine only, unless BIND_HOST says otherwise. */
export const bindHost = (env: ServiceEnv): string => env.BIND_HOST || '127.0.0.1';
