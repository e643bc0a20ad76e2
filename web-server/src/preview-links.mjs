// Preview links: `?preview=checkout@<release>&expires=<unix seconds>&signature=<HMAC>` loads one release of one
// remote for the browser that opens it, so a remote's team can check a release on the live site before anyone
// else sees it. The host's server checks the signature (HMAC-SHA256 with RELEASE_PREVIEW_SECRET, which
// production requires: local-env.mjs) and the expiry, then keeps the link in a cookie of that
// browser; an unsigned, tampered or expired link, or one naming a release that is not published, is ignored.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PREVIEW_COOKIE = 'agency_preview';
/** The longest a link may live, whatever is asked: a preview is a check, not a way to serve a release. */
export const MAX_PREVIEW_MINUTES = 7 * 24 * 60;
const PREVIEW = /^([a-z][a-z_]{0,39})@([0-9A-Za-z][0-9A-Za-z.+-]{0,63})$/;

const signatureOf = (secret, preview, expires) =>
  createHmac('sha256', secret).update(`${preview}\n${expires}`).digest('base64url');

/**
 * @param {{ secret: string, remote: string, release: string, minutes?: number, now?: number }} options
 * @returns {{ preview: string, expires: number, signature: string }}
 */
export function signPreview({ secret, remote, release, minutes = 60, now = Date.now() }) {
  if (!secret) throw new Error('RELEASE_PREVIEW_SECRET is not set: preview links cannot be signed.');
  const preview = `${remote}@${release}`;
  if (!PREVIEW.test(preview)) throw new Error(`Not a remote and release: ${preview}`);
  const expires =
    Math.floor(now / 1000) + Math.round(Math.min(Math.max(minutes, 1), MAX_PREVIEW_MINUTES) * 60);
  return { preview, expires, signature: signatureOf(secret, preview, expires) };
}

/** The link to `path` on the site that previews the release (see signPreview). */
export function previewLink(siteUrl, path, signed) {
  const url = new URL(path, siteUrl);
  url.searchParams.set('preview', signed.preview);
  url.searchParams.set('expires', String(signed.expires));
  url.searchParams.set('signature', signed.signature);
  return url.href;
}

/**
 * The remote and release a preview names when its signature is right and it has not expired; undefined
 * otherwise (no secret configured included: fail closed).
 * @param {{ preview?: string | null, expires?: string | number | null, signature?: string | null }} given
 * @returns {{ remote: string, release: string, expires: number } | undefined}
 */
export function verifyPreview(secret, given, now = Date.now()) {
  const { preview, signature } = given;
  const expires = Number(given.expires);
  const match = typeof preview === 'string' ? PREVIEW.exec(preview) : null;
  if (!secret || !match || typeof signature !== 'string' || !Number.isInteger(expires)) return undefined;
  if (expires * 1000 <= now || expires * 1000 > now + MAX_PREVIEW_MINUTES * 60_000 + 60_000) return undefined;
  const expected = Buffer.from(signatureOf(secret, preview, expires));
  const actual = Buffer.from(signature);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  return { remote: match[1], release: match[2], expires };
}

/** The cookie value that keeps a verified preview in the browser, and back. */
export const previewCookieValue = ({ preview, expires, signature }) => `${preview}~${expires}~${signature}`;
export function fromPreviewCookie(value) {
  const [preview, expires, signature] = String(value ?? '').split('~');
  return { preview, expires, signature };
}
