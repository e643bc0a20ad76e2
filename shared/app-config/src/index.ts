/**
 * Runtime configuration. The host's server writes the current configuration into every page it serves
 * (readInlineAppConfig), and serves the same as /app-config.json (no-cache), which the host re-reads on
 * navigation; so moving a remote or an API needs no rebuild. A remote running standalone, or `npm run dev`,
 * fetches /app-config.json from its own dev server.
 */
export interface RemoteLocation {
  /** URL of the remote's mf-manifest.json (of its current release). */
  manifest: string;
  /** The current release's id (`<version>-<content hash>`), when it is served from a release folder. */
  release?: string;
  /** The release before it: the host falls back to it when the current one cannot run here. */
  previous?: { manifest: string; release?: string };
  /** A canary: this release is current for `share` percent of visitors (web-server/src/release-selection.mjs). */
  canary?: { manifest: string; release: string; share: number };
}

export interface AppConfig {
  remotes: Record<string, RemoteLocation>;
  /** Where the site is served (PUBLIC_SITE_URL): canonical and social links point here. */
  siteUrl: string;
  apiUrl: string;
  supabaseUrl: string;
  supabaseAnonKey: string;
  stripePublishableKey: string;
  /** Offline only: URL of the local Stripe.js stand-in. Unset in production (js.stripe.com is used). */
  stripeJsUrl?: string;
  /** Ad pixel id; tracking does nothing when unset. */
  pixelId?: string;
  /** Share of remote page loads the host reports to the API (0-1; 1 when unset): REMOTE_HEALTH_SAMPLE_RATE. */
  remoteHealth?: { sampleRate: number };
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

/** The id of the element the host's server writes the configuration into (JSON, not a script that runs). */
export const INLINE_APP_CONFIG_ID = 'app-config';

/** The configuration written into the page by the server, if there is one; it becomes the current one. */
export function readInlineAppConfig(doc: Pick<Document, 'getElementById'> = document): AppConfig | undefined {
  const text = doc.getElementById(INLINE_APP_CONFIG_ID)?.textContent;
  if (!text) return undefined;
  try {
    const config = JSON.parse(text) as AppConfig;
    setAppConfig(config);
    return config;
  } catch {
    return undefined;
  }
}

export async function loadAppConfig(
  url = '/app-config.json',
  fetchImpl: typeof fetch = fetch,
): Promise<AppConfig> {
  const response = await fetchImpl(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Could not load ${url}: ${response.status}`);
  const config = (await response.json()) as AppConfig;
  setAppConfig(config);
  return config;
}
