// Server rendering only (the host's server entry): never shared at run time, never shipped to browsers.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { createElement, type ReactNode } from 'react';

/**
 * One style cache for a whole server render: each rule is written once, in a <style> just before the first
 * element that uses it, and the browser's cache takes these over when the page is hydrated.
 */
export function ServerStyles({ children }: { children: ReactNode }) {
  return createElement(CacheProvider, { value: createCache({ key: 'css' }) }, children);
}
