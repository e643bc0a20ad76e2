import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Waits until no CSS transition and no finite CSS animation runs: axe would measure a colour halfway between
 * two (a button taking its hydrated styles, a field turning invalid), which a loaded CI machine once caught on
 * the Login button, or text still fading in with its dialog (the Complete Project confirmation, another run).
 * Endless animations (a spinner) are left running.
 */
export async function settledAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          !(animation instanceof CSSTransition || animation instanceof CSSAnimation) ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/**
 * axe's violations on the page as it is now (or only inside the `include` selector), one readable line per rule
 * with the elements it names.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  await settledAnimations(page);
  const builder = new AxeBuilder({ page });
  // AxeBuilder's default runs axe in each frame and merges the results in a new blank page, so that
  // cross-origin frames (the card field's) are tested too. A page without frames gets the same result from axe
  // run in the page itself, in half the time (measured: 1.0 s against 0.5 s a call on /).
  if (page.frames().length === 1) builder.setLegacyMode();
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  // Each element with its markup and axe's reason (for contrast: both colours and the ratio), so a failure
  // seen once on CI can be read from the log.
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .map((n) => `${n.target.join(' ')}\n      ${n.html.slice(0, 300)}\n      ${n.failureSummary ?? ''}`)
        .join('\n    ')}`,
  );
}

export async function assertNoAxeViolations(page: Page, where: string, include?: string) {
  assert.deepEqual(await axeViolations(page, include), [], `axe found violations on ${where}`);
}
