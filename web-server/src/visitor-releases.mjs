// The releases one visitor gets, picked by the host's server: their side of each canary (from the random id
// cookie the browser keeps; web-server/src/release-selection.mjs) and a verified preview. The page is rendered
// from them and /app-config.json names them, so the browser loads and hydrates from the same files and keeps its
// side on every re-read, with no picking code in the host's start-up chunk. Each location still names its canary
// and share (the tools read them); the browser loads `manifest`, this visitor's release.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pickReleases, VISITOR_COOKIE } from './release-selection.mjs';
import { fromPreviewCookie, PREVIEW_COOKIE, previewCookieValue, verifyPreview } from './preview-links.mjs';

const YEAR_S = 365 * 24 * 3600;
const VISITOR_ID = /^[0-9A-Za-z-]{8,64}$/;

export function cookiesOf(req) {
  const cookies = {};
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies[part.slice(0, at).trim()] = decodeURIComponent(part.slice(at + 1).trim());
  }
  return cookies;
}

/**
 * @param {{ secret?: string, releasesDir: string, secure?: boolean, now?: () => number }} options
 */
export function visitorReleases({ secret, releasesDir, secure = false, now = Date.now }) {
  const flags = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  /** Per configuration object, per choice: the same object for the same choice (caches key on it). */
  const variants = new WeakMap();
  const variant = (config, key, make) => {
    let byKey = variants.get(config);
    if (!byKey) variants.set(config, (byKey = new Map()));
    let found = byKey.get(key);
    if (!found) byKey.set(key, (found = make()));
    return found;
  };

  /** A published release of a remote the configuration serves, as a location (no canary, no fallback). */
  const previewLocation = (config, { remote, release }) => {
    const location = config.remotes[remote];
    if (!location?.release || !existsSync(join(releasesDir, remote, release))) return undefined;
    const manifest = location.manifest.replace(`/${location.release}/`, `/${release}/`);
    return { manifest, release, previous: { manifest: location.manifest, release: location.release } };
  };

  /**
   * For one request: `served` is the configuration as /app-config.json answers it (with a verified preview),
   * `rendered` the one the page is rendered with (picked for this visitor), `key` names the choice, `cookies`
   * the Set-Cookie values to send (a new visitor's id, a preview link's cookie).
   */
  return function forRequest(req, config) {
    const cookies = cookiesOf(req);
    const setCookies = [];
    let visitor = cookies[VISITOR_COOKIE];
    if (!visitor || !VISITOR_ID.test(visitor)) {
      visitor = randomUUID();
      setCookies.push(`${VISITOR_COOKIE}=${visitor}; Max-Age=${YEAR_S}; ${flags}`);
    }
    const query = new URL(req.url ?? '/', 'http://host.invalid').searchParams;
    let preview;
    if (query.has('preview')) {
      const given = {
        preview: query.get('preview'),
        expires: query.get('expires'),
        signature: query.get('signature'),
      };
      preview = verifyPreview(secret, given, now());
      if (preview)
        setCookies.push(
          `${PREVIEW_COOKIE}=${previewCookieValue(given)}; Max-Age=${Math.max(1, preview.expires - Math.floor(now() / 1000))}; ${flags}`,
        );
    }
    if (!preview && cookies[PREVIEW_COOKIE])
      preview = verifyPreview(secret, fromPreviewCookie(cookies[PREVIEW_COOKIE]), now());
    const location = preview && previewLocation(config, preview);
    const previewKey = location ? `${preview.remote}@${preview.release}` : '';
    const chosen = location
      ? variant(config, `preview:${previewKey}`, () => ({
          ...config,
          remotes: { ...config.remotes, [preview.remote]: location },
        }))
      : config;
    const hasCanary = Object.values(chosen.remotes).some((l) => l.canary);
    const picked = hasCanary ? pickReleases(chosen.remotes, visitor) : chosen.remotes;
    const canaries = Object.keys(chosen.remotes)
      .filter(
        (name) => chosen.remotes[name].canary && picked[name].release === chosen.remotes[name].canary.release,
      )
      .sort();
    const key = `${previewKey}|${canaries.join(',')}`;
    // The visitor's releases, each location still naming its canary (for the tools: npm run api:check).
    const served = hasCanary
      ? variant(chosen, `picked:${canaries.join(',')}`, () => ({
          ...chosen,
          remotes: Object.fromEntries(
            Object.entries(picked).map(([name, at]) => [
              name,
              chosen.remotes[name].canary ? { ...at, canary: chosen.remotes[name].canary } : at,
            ]),
          ),
        }))
      : chosen;
    const rendered = served;
    return { served, rendered, key, cookies: setCookies, preview: location ? previewKey : undefined };
  };
}
