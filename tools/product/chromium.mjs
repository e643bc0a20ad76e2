// Debian's Chromium as the browser tests and benchmarks launch it: headless, with nothing reaching outside this
// machine, and without the browser's own interface loading beside the page under test.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** The whole browser, as visitors run it: the benchmarks measure this one. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/**
 * The journeys' browser: Chromium's headless shell (Debian's chromium-headless-shell; Playwright's own default
 * for headless tests) where it is installed. The same Blink and V8 without the whole browser around them: the
 * journeys took 318 s instead of 348 s on two cores, with a quarter less CPU in a sample of four files.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

/**
 * Chromium builds its address-bar popup as a web page, and preloads it into each new window: ~400 requests for
 * chrome:// pages and their scripts, measured in the traces of a fresh browser context. On two cores that is
 * CPU taken from the page being measured (and from the product's servers) in every test and benchmark run.
 */
const NO_BROWSER_UI_PRELOAD = [
  'PreloadTopChromeWebUI',
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
];

// Chromium honours only the last --disable-features, and Playwright passes its own first: these are its list
// (playwright-core 1.65, chromiumSwitches), repeated so that adding ours does not turn them back on.
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** One --disable-features with every feature any of `flags` disables, plus the browser UI's preloading. */
export function withoutBrowserUiPreload(flags) {
  const disabled = new Set(NO_BROWSER_UI_PRELOAD);
  const others = [];
  for (const flag of flags) {
    if (flag.startsWith('--disable-features=')) {
      for (const feature of flag.slice('--disable-features='.length).split(','))
        if (feature) disabled.add(feature);
    } else others.push(flag);
  }
  return [...others, `--disable-features=${[...disabled].join(',')}`];
}

/** Playwright's Chromium with the flags above: the whole browser unless `executablePath` says otherwise. */
export function launchChromium(options = {}) {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    ...options,
    args: withoutBrowserUiPreload([
      ...CHROMIUM_FLAGS,
      `--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(',')}`,
      ...(options.args ?? []),
    ]),
  });
}
