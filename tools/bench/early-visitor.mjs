// A visitor who does not wait for the page to wake up: on a slowed-down CPU it opens a public page and, as
// soon as the server-rendered controls are on screen (and, in later trials, a little later), clicks and types
// into them, then waits for the app to finish starting and checks that every click and every keystroke had
// its effect. Shared by `npm run bench:hydration` (which also prints how long the controls took to respond) and
// e2e/src/hydration.e2e.ts (which asserts the counts, never the times).
import { throttling } from 'lighthouse/core/config/constants.js';

/** Lighthouse's mobile screen (its preset's Moto G Power), so "above the fold" means what it means there. */
export const MOBILE_VIEWPORT = { width: 412, height: 823 };

/**
 * In the page from its first byte: the time at which every control above the fold (links, buttons, fields,
 * tabs) has been taken over by React (React's own `__reactProps$` key on the element: what it dispatches
 * events from), i.e. responds as the app. Polled every 25 ms from the first paint's HTML on. A link in a page
 * that hydrates on the visitor's first input (host/src/lib/federation/components/remote-page.tsx) responds as
 * the server wrote it: the host's router follows it.
 */
const CONTROLS_PROBE = `(() => {
  const hydrated = (e) =>
    Object.keys(e).some((k) => k.startsWith('__reactProps$')) ||
    (e.matches('a[href]') && e.closest('[data-hydrates-on-first-input]') !== null);
  const SELECTOR = 'a[href],button,input,select,textarea,[role=tab]';
  // Kept for awake()'s report of the controls React never took over.
  window.__controlsProbe = { hydrated, SELECTOR };
  const aboveFold = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top < innerHeight && r.bottom > 0;
  };
  const tick = () => {
    const root = document.getElementById('root');
    if (root && root.firstElementChild && document.readyState !== 'loading') {
      const controls = [...root.querySelectorAll(SELECTOR)].filter(aboveFold);
      if (controls.length && controls.every(hydrated)) {
        window.__controls = { readyAt: performance.now(), count: controls.length };
        return;
      }
    }
    setTimeout(tick, 25);
  };
  tick();
})()`;

const menuButton = (page) => page.getByRole('button', { name: 'Open menu' });
const menuOpened = async (page) => (await menuButton(page).getAttribute('aria-expanded')) === 'true';
const loginEmail = (page) => page.getByRole('form', { name: 'Login' }).getByLabel('Email');
const signUpTab = (page) => page.getByRole('tab', { name: 'Sign Up' });

/**
 * What the early visitor does on each public page: `click` steps (counted lost when their effect is missing
 * once the page is awake) and `type` steps (each character missing from what the app holds counts as a lost
 * keystroke). `settle` runs once the page is awake, before the checks: it makes the app render the fields from
 * its own state (a keystroke the form never heard of would then vanish from the field).
 */
export const EARLY_VISITS = {
  '/': {
    steps: [{ kind: 'click', name: 'header menu', target: menuButton, done: menuOpened }],
  },
  '/login': {
    steps: [
      { kind: 'type', name: 'login e-mail', target: loginEmail, text: 'early@example.com' },
      {
        kind: 'click',
        name: 'Sign Up tab',
        target: signUpTab,
        done: async (page) => (await signUpTab(page).getAttribute('aria-selected')) === 'true',
      },
    ],
    // Back to the Login tab: the login form renders again, from its own state.
    settle: (page) => page.getByRole('tab', { name: 'Login' }).click(),
  },
  '/terms-of-service': {
    steps: [{ kind: 'click', name: 'header menu', target: menuButton, done: menuOpened }],
  },
  '/purchase/1': {
    steps: [
      { kind: 'type', name: 'first name', target: (page) => page.getByLabel('First Name'), text: 'Ada' },
      { kind: 'type', name: 'last name', target: (page) => page.getByLabel('Last Name'), text: 'Lovelace' },
    ],
    // A change the form hears renders every field from its state.
    settle: (page) => page.getByLabel('Company').pressSequentially('x'),
  },
};

export const PUBLIC_PAGES = Object.keys(EARLY_VISITS);

/**
 * Lighthouse's mobile network (its preset's slow 4G, as DevTools applies it: 562.5 ms per request, 1.47 Mbit/s
 * down), so the scripts arrive after the HTML as they do on a phone, and the visitor meets the page before they
 * run. `network: false` serves at this machine's speed.
 */
const SLOW_4G = {
  offline: false,
  latency: throttling.mobileSlow4G.requestLatencyMs,
  downloadThroughput: (throttling.mobileSlow4G.downloadThroughputKbps * 1024) / 8,
  uploadThroughput: (throttling.mobileSlow4G.uploadThroughputKbps * 1024) / 8,
};

async function throttledPage(browser, rate, network = true) {
  const context = await browser.newContext({ viewport: MOBILE_VIEWPORT });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (rate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  }
  await page.addInitScript(CONTROLS_PROBE);
  return { context, page };
}

/** The page is awake: the app started, nothing held by the early-input script, every visible control hydrated. */
async function awake(page) {
  try {
    await page.waitForFunction(
      () =>
        document.documentElement.hasAttribute('data-app-ready') &&
        !document.documentElement.hasAttribute('data-early-input') &&
        window.__controls !== undefined,
      undefined,
      { timeout: 90_000, polling: 100 },
    );
  } catch (error) {
    // Which of the three never came, and which controls were still not React's, so a failure names its cause.
    const state = await page
      .evaluate(() => {
        const { hydrated, SELECTOR } = window.__controlsProbe;
        const root = document.getElementById('root');
        const cold = [...(root?.querySelectorAll(SELECTOR) ?? [])]
          .filter((e) => !hydrated(e))
          .map(
            (e) =>
              `${e.tagName.toLowerCase()} "${(e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 30)}"`,
          );
        return {
          appReady: document.documentElement.hasAttribute('data-app-ready'),
          inputHeld: document.documentElement.hasAttribute('data-early-input'),
          notHydrated: cold.slice(0, 10),
        };
      })
      .catch((reason) => ({ unreadable: String(reason) }));
    throw new Error(`the page did not wake up: ${JSON.stringify(state)}`, { cause: error });
  }
}

/**
 * One clean load at `rate`: ms from navigation start to the first contentful paint and to every above-the-fold
 * control responding (see CONTROLS_PROBE), and how many controls that is.
 */
export async function controlsReady(browser, url, rate, { network = true } = {}) {
  const { context, page } = await throttledPage(browser, rate, network);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await awake(page);
    return await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      ready: window.__controls.readyAt,
      controls: window.__controls.count,
    }));
  } finally {
    await context.close();
  }
}

/** The target's box once two looks 50 ms apart agree (at most 3 s). */
async function stableBox(page, target) {
  let box = await target.boundingBox();
  for (const deadline = Date.now() + 3_000; Date.now() < deadline;) {
    await page.waitForTimeout(50);
    const next = await target.boundingBox();
    if (box && next && box.x === next.x && box.y === next.y) return next;
    box = next;
  }
  return box;
}

const commonPrefix = (a, b) => {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
};

/**
 * One early visit at `rate`: the steps of EARLY_VISITS[path] as soon as each control shows (after `delayMs`
 * more for the first one), then, once awake, the checks. Returns the lost clicks and keystrokes, and what was
 * lost.
 */
export async function earlyVisit(browser, origin, path, { rate, delayMs = 0, network = true }) {
  const visit = EARLY_VISITS[path];
  const { context, page } = await throttledPage(browser, rate, network);
  try {
    await page.goto(`${origin}${path}`, { waitUntil: 'commit' });
    let first = true;
    for (const step of visit.steps) {
      const target = step.target(page);
      await target.waitFor({ state: 'visible', timeout: 60_000 });
      if (first && delayMs) await page.waitForTimeout(delayMs);
      first = false;
      // The pointer goes where the control shows, at once: no waiting for it to be "actionable" (Playwright's
      // click waits for animation frames, which a busy main thread holds back until hydration is under way).
      // Brought into view first, as a visitor scrolls to it (the purchase form starts below a phone's fold),
      // and aimed at once it stops moving (a page the browser renders itself may still shift as it fills in:
      // what a click then misses is a layout shift, Lighthouse's CLS, not input lost to hydration).
      await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      const box = await stableBox(page, target);
      if (!box) throw new Error(`${step.name} is not on screen`);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      if (step.kind === 'type') await page.keyboard.type(step.text);
    }
    await awake(page);
    const lost = { clicks: 0, keystrokes: 0, what: [] };
    // A click's effect shows once its control is hydrated and the click replayed: give it a moment.
    for (const step of visit.steps.filter((s) => s.kind === 'click')) {
      const deadline = Date.now() + 5_000;
      let done = await step.done(page);
      while (!done && Date.now() < deadline) {
        await page.waitForTimeout(100);
        done = await step.done(page);
      }
      if (!done) {
        lost.clicks += 1;
        lost.what.push(`click on ${step.name}`);
      }
    }
    await visit.settle?.(page);
    await page.waitForTimeout(200);
    for (const step of visit.steps.filter((s) => s.kind === 'type')) {
      const value = await step.target(page).inputValue();
      const missing = step.text.length - commonPrefix(step.text, value);
      if (missing > 0) {
        lost.keystrokes += missing;
        lost.what.push(`${missing} of ${step.text.length} keystrokes in ${step.name} (holds "${value}")`);
      }
    }
    return lost;
  } finally {
    await context.close();
  }
}
