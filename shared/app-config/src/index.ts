/**
 * Runtime configuration. The host fetches /app-config.json at start (no-cache), so moving a remote or an
 * API needs no rebuild; a remote running standalone fetches the same file from its own dev server.
 */
export interface RemoteLocation {
  /** URL of the remote's mf-manifest.json (of its current release). */
  manifest: string;
  /** The current release's id (`<version>-<content hash>`), when it is served from a release folder. */
  release?: string;
  /** The release before it: the host falls back to it when the current one cannot run here. */
  previous?: { manifest: string; release?: string };
}

export interface AppConfig {
  remotes: Record<string, RemoteLocation>;
  apiUrl: string;
  supabaseUrl: string;
  supabaseAnonKey: string;
  stripePublishableKey: string;
  /** Offline only: URL of the local Stripe.js stand-in. Unset in production (js.stripe.com is used). */
  stripeJsUrl?: string;
  /** Ad pixel id; tracking does nothing when unset. */
  pixelId?: string;
  links: {
    /** External scheduling page for the free 15-minute consultation. */
    booking: string;
    /** The founder's professional profile. */
    founderProfile: string;
    contactEmail: string;
  };
}

let current: AppConfig | undefined;

export function setAppConfig(config: AppConfig): void {
  current = config;
}

export function getAppConfig(): AppConfig {
  if (!current) throw new Error('App configuration is not loaded yet.');
  return current;
}

export function hasAppConfig(): boolean {
  return current !== undefined;
}

export async function loadAppConfig(url = '/app-config.json', fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  const response = await fetchImpl(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Could not load ${url}: ${response.status}`);
  const config = (await response.json()) as AppConfig;
  setAppConfig(config);
  return config;
}
