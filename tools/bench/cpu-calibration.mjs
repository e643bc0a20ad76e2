// What "a phone" means for a CPU multiplier. Lighthouse's mobile preset slows the CPU 4x, which its docs
// (docs/throttling.md, "Calibrating the CPU slowdown") say moves a high-end desktop into the mid-tier mobile
// bracket; on a machine of another speed the multiplier is calibrated from Lighthouse's benchmark index:
// multiplier = this machine's index / the index of the device to emulate. The docs put mid-tier phones
// (Moto G4 class, the preset's target) at an index of 125-800; 250 is that bracket's typical phone, and on the
// machines of this project (index 1,400-2,300) gives ~6-9x, where the same pages measured what they do on such
// a phone. MID_TIER_BENCHMARK_INDEX overrides it.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

export const MID_TIER_BENCHMARK_INDEX = Number(process.env.MID_TIER_BENCHMARK_INDEX ?? 250);

/** The preset's own multiplier. */
export const PRESET_MULTIPLIER = 4;

/** The CPU slowdown that makes a machine of `benchmarkIndex` run like the mid-tier phone (one decimal, ≥ 1). */
export function calibratedMultiplier(benchmarkIndex) {
  return Math.max(1, Math.round((benchmarkIndex / MID_TIER_BENCHMARK_INDEX) * 10) / 10);
}

/**
 * Lighthouse's benchmark index, measured in a page of this browser (unthrottled), as Lighthouse does; the best
 * of `runs`, since other work on a shared machine only ever lowers it.
 */
export async function browserBenchmarkIndex(page, runs = 3) {
  let best = 0;
  for (let i = 0; i < runs; i++)
    best = Math.max(best, await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
  return Math.round(best);
}

/**
 * The calibrated multiplier for a browser (measured in a page of its own), printed with the index it comes from.
 * `override` (a bench's *_CPU_SLOWDOWN variable) replaces it: a loaded machine calibrates low.
 */
export async function calibrateBrowser(browser, override) {
  const probe = await browser.newPage();
  const index = await browserBenchmarkIndex(probe);
  await probe.close();
  const multiplier = Number(override) || calibratedMultiplier(index);
  console.log(
    `Lighthouse benchmark index in this browser: ${index}; mid-tier phone target ${MID_TIER_BENCHMARK_INDEX} -> calibrated multiplier ${multiplier}x`,
  );
  return multiplier;
}
