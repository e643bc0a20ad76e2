// The machine a benchmark ran on, printed before its figures. Machines of the same kind here differ in speed
// from one session to the next (the same build's dashboard load measured 954 ms on one and 428 ms on another),
// so a timing means little without it. cpu-index is Lighthouse's own benchmark index (its page function, run
// in node before anything else starts): higher is faster; Lighthouse prints the same index measured in the page.
import { cpus } from 'node:os';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/** `machine: <cpu model> x<cores>, node <version>, cpu-index=<n>` */
export function describeMachine() {
  const cores = cpus();
  const model = cores[0]?.model.trim() || 'unknown cpu';
  const index = Math.round(pageFunctions.computeBenchmarkIndex());
  return `machine: ${model} x${cores.length}, node ${process.version}, cpu-index=${index}`;
}
