// Server rendering only (the host's server entry): never shared at run time, never shipped to browsers.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { createElement, type ReactNode } from 'react';
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
