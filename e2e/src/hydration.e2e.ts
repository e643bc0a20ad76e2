import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useProductSuite } from './support/suite';
import { earlyVisit, PUBLIC_PAGES } from '../../tools/bench/early-visitor.mjs';

// Issue 36: not one click or keystroke lost while a server-rendered page wakes up. A scripted visitor on a
// phone's screen, CPU slowed 4x and Lighthouse's slow 4G, clicks and types into each public page's controls as
// soon as they show (before the scripts have arrived) and again 0.3 s later; once the page is awake every click
// has had its effect and the forms hold every character. Counts only: the times are `npm run bench:hydration`'s.
const CPU_SLOWDOWN = 4;
const DELAYS_MS = [0, 300];

describe('early input while the page hydrates', () => {
  const suite = useProductSuite({ services: true });

  for (const path of PUBLIC_PAGES) {
    test(`${path}: no click or keystroke lost at a ${CPU_SLOWDOWN}x slower CPU`, async () => {
      for (const delayMs of DELAYS_MS) {
        const lost = await earlyVisit(suite.browser, suite.product.url, path, {
          rate: CPU_SLOWDOWN,
          delayMs,
        });
        assert.deepEqual(
          { clicks: lost.clicks, keystrokes: lost.keystrokes },
          { clicks: 0, keystrokes: 0 },
          `+${delayMs} ms: ${lost.what.join('; ')}`,
        );
      }
    });
  }
});
