// Server rendering only (the host's server entry): never shared at run time, never shipped to browsers.
import { cssVarsPrefix } from '@chakra-ui/react/theme';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { createElement, type ReactNode } from 'react';
import { FALLBACK_STACK, FONT_FAMILY } from './font-stack';
import { STYLE_KEY } from './style-cache';

export { SERVER_RULES_ATTRIBUTE } from './style-cache';

/**
 * One style cache for a whole server render: each rule is written once, in a <style> just before the first
 * element that uses it. The host moves them to the head, and the browser's cache (style-cache.ts) takes them
 * over there when the page is hydrated.
 */
export function ServerStyles({ children }: { children: ReactNode }) {
  return createElement(CacheProvider, { value: createCache({ key: STYLE_KEY }) }, children);
}

/** Set on <html> when the page first painted without the kit's typeface: the view then keeps the fallback. */
export const FONT_FALLBACK_ATTRIBUTE = 'data-font-fallback';

/**
 * The typeface is `font-display: optional`: used if it is there for the first paint, else the view keeps the
 * fallback. But the browser picks fonts again whenever styles change (hydration adds rules, a dialog opens), so
 * a typeface that arrived after the first paint would still replace the text seconds later (measured: fallback
 * at 1.5 s, Inter at 5 s on a slow phone profile). This script, in the head of every server-rendered
 * page, looks 100 ms after the first frame (the typeface's own `optional` window: one coming from the
 * browser's cache may land just after the first frame, and is then used) and, if the typeface is not there,
 * pins the fallback for this view.
 */
export function fontFallbackScript(): string {
  const attribute = JSON.stringify(FONT_FALLBACK_ATTRIBUTE);
  const font = JSON.stringify(`1em '${FONT_FAMILY}'`);
  return `requestAnimationFrame(function(){setTimeout(function(){try{if(!document.fonts.check(${font}))document.documentElement.setAttribute(${attribute},"")}catch(e){}},100)})`;
}

/** Unlayered, so it wins over the kit's token layer: the font tokens without the typeface. */
export const fontFallbackCss = `html[${FONT_FALLBACK_ATTRIBUTE}]{${['body', 'heading']
  .map((token) => `--${cssVarsPrefix}-fonts-${token}:${FALLBACK_STACK}`)
  .join(';')}}`;
