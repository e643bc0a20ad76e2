import createCache, { type EmotionCache } from '@emotion/cache';
import type { SerializedStyles } from '@emotion/react';
import { StyleSheet } from '@emotion/sheet';

/** The Emotion key: the prefix of every class name, on the server and in the browser alike. */
export const STYLE_KEY = 'css';

/**
 * Set by the server on the <style> holding a page's component rules, naming them. Not Emotion's own
 * `data-emotion`, so that Emotion's default cache (made as soon as its package loads) leaves the element be.
 */
export const SERVER_RULES_ATTRIBUTE = 'data-server-rules';

/**
 * Emotion's sheet takes a server-rendered <style> over by moving it to the end of <head>. To the browser a
 * moved <style> is a new style sheet: it applies the whole sheet again, which measured 100-400 ms per move
 * on a phone profile (4x slower CPU) for the kit's 39 kB of global rules and the page's 73 kB of component
 * rules, moved five times in all during hydration. This sheet takes them over where they are; what it adds
 * later still goes after them. Emotion's <Global> makes its sheets with the same class, so the global
 * styles (found again by their `data-emotion`) stay in place too.
 */
class InPlaceStyleSheet extends StyleSheet {
  override hydrate(nodes: HTMLStyleElement[]): void {
    this.tags.push(...nodes);
  }
}

function createBrowserStyleCache(): EmotionCache {
  const cache = createCache({ key: STYLE_KEY });
  const { sheet } = cache;
  cache.sheet = new InPlaceStyleSheet({
    key: STYLE_KEY,
    container: sheet.container,
    nonce: sheet.nonce,
    speedy: sheet.isSpeedy,
  });
  const serverRules = document.querySelectorAll<HTMLStyleElement>(`style[${SERVER_RULES_ATTRIBUTE}]`);
  for (const node of serverRules) {
    for (const name of node.getAttribute(SERVER_RULES_ATTRIBUTE)!.split(' ')) cache.inserted[name] = true;
  }
  cache.sheet.hydrate([...serverRules]);
  return cache;
}

let browserStyleCache: EmotionCache | undefined;

/** The browser's one style cache, made on first use; undefined on the server (which makes one per page). */
export function getBrowserStyleCache(): EmotionCache | undefined {
  if (typeof document === 'undefined') return undefined;
  browserStyleCache ??= createBrowserStyleCache();
  return browserStyleCache;
}

/**
 * The global styles the server wrote into this page (every <Global> but the one declaring the cascade layers,
 * `layersRule`) under the name Emotion gave them there; undefined on a page the browser renders alone.
 * Handed to <Global> as they are, they spare it serializing and hashing the kit's 39 kB of global CSS again
 * only to find that name (115 ms at 4x CPU, in one piece of hydration work).
 */
export function serverGlobalStyles(layersRule: string): SerializedStyles | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${STYLE_KEY}-global `;
  const withoutSpaces = (css: string | null) => css?.replace(/\s/g, '');
  const node = [...document.querySelectorAll<HTMLStyleElement>(`style[data-emotion^="${prefix}"]`)].find(
    (style) => withoutSpaces(style.textContent) !== withoutSpaces(layersRule),
  );
  if (!node) return undefined;
  return { name: node.getAttribute('data-emotion')!.slice(prefix.length), styles: node.textContent ?? '' };
}
