// Which release of each remote one visitor gets: the rule the host's server applies to the page it renders and
// to the /app-config.json it answers (visitor-releases.mjs), so a page is rendered, hydrated and
// re-read from the same release. Plain JavaScript with no dependency: a browser-side host could apply it too.
// The runtime configuration names, per remote, the current release and, during a canary, the canary release
// with its share of visitors (0-100). A visitor is in the canary when a hash of their random id (a cookie the
// browser keeps, not a user: it works for visitors who never sign in) and the canary release falls under the
// share: the same visitor keeps the same release across reloads, and each canary takes a fresh slice.

/** The cookie holding the visitor's random id: only ever used to pick releases. */
export const VISITOR_COOKIE = 'agency_visitor';

/** 0-99 from a string: FNV-1a, 32 bits. */
export function bucketOf(text) {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return (hash >>> 0) % 100;
}

/** True when the visitor with this id gets the canary release of the remote. */
export function inCanary(visitorId, remote, canary) {
  return bucketOf(`${visitorId}:${remote}:${canary.release}`) < canary.share;
}

/**
 * The remotes as this visitor gets them: a canary the visitor is in becomes their current release (falling back
 * to the stable one when it cannot run here), otherwise the stable one stays. The result names no canary, so
 * picking again changes nothing (a page's configuration may already be picked by the server).
 * @template {{ manifest: string, release?: string, previous?: object, canary?: { manifest: string, release: string, share: number } }} L
 * @param {Record<string, L>} remotes
 * @param {string} visitorId
 * @returns {Record<string, L>}
 */
export function pickReleases(remotes, visitorId) {
  const picked = {};
  for (const [name, location] of Object.entries(remotes)) {
    const { canary, ...stable } = location;
    picked[name] =
      canary && inCanary(visitorId, name, canary)
        ? {
            manifest: canary.manifest,
            release: canary.release,
            previous: { manifest: stable.manifest, release: stable.release },
          }
        : stable;
  }
  return picked;
}
