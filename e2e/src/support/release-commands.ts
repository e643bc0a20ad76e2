import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RunningProduct } from './product';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface CommandResult {
  code: number | null;
  output: string;
}

/**
 * Runs npm scripts against the running product, as a team member would in a terminal (`product` is asked at
 * each run: a suite's product starts in its before()). E2E_TRANSCRIPT=<file>: what each command printed is
 * appended there, as a user would see it.
 */
export function npmRunner(product: () => RunningProduct, env: Record<string, string> = {}) {
  return (script: string, ...args: string[]): Promise<CommandResult> =>
    new Promise((resolve, reject) => {
      const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
        cwd: ROOT,
        env: { ...process.env, ...product().env, ...env },
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.once('error', reject);
      child.once('close', (code) => {
        if (process.env.E2E_TRANSCRIPT)
          appendFileSync(process.env.E2E_TRANSCRIPT, `$ npm run ${script} -- ${args.join(' ')}\n${output}\n`);
        resolve({ code, output });
      });
    });
}

/** Where the product tells browsers each remote's releases are (its /app-config.json). */
export interface ServedRemote {
  manifest: string;
  release: string;
  previous?: { release: string };
  canary?: { release: string; share: number };
}

type Remotes = Record<'marketing' | 'checkout' | 'client_portal' | 'admin_portal', ServedRemote>;

export async function servedRemotes(product: RunningProduct): Promise<Remotes> {
  const response = await fetch(`${product.url}/app-config.json`);
  return ((await response.json()) as { remotes: Remotes }).remotes;
}
