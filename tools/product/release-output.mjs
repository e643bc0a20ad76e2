// What the release commands print and how they refuse: one line per step, paths from the repository's root.
import { isAbsolute, relative } from 'node:path';
import { ROOT } from '../../web-server/src/apps.mjs';

export const shown = (path) => {
  const rel = relative(ROOT, path);
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel;
};
export const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
export const step = (name, text) => console.log(`  ${name.padEnd(9)} ${text}`);

/** A refusal: its message is printed as it is, and the command exits 1. */
export class Refused extends Error {}
