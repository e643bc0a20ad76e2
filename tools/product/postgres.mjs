// A throwaway PostgreSQL server from Debian's packages (initdb + pg_ctl in a temporary directory, loopback
// only), for the multi-replica topology and the scale bench. `.ci/run` installs the package when missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onProcessEnd } from './on-process-end.mjs';

function postgresBin() {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    : [];
  const latest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!latest)
    throw new Error('PostgreSQL is not installed (apt-get install -y postgresql; .ci/run does it).');
  return join(root, latest, 'bin');
}

/** Runs a PostgreSQL command as the postgres user when we are root (PostgreSQL refuses to run as root). */
function asPostgres(command, args) {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

/**
 * @param {{ port: number, database?: string }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startPostgres({ port, database = 'agency' }) {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'agency-pg-'));
  if (process.getuid?.() === 0)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres']).toString()),
      Number(execFileSync('id', ['-g', 'postgres']).toString()),
    );
  asPostgres(join(bin, 'initdb'), ['-D', join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '--no-sync']);
  asPostgres(join(bin, 'pg_ctl'), [
    '-D',
    join(dir, 'data'),
    '-l',
    join(dir, 'log'),
    '-w',
    'start',
    // Loopback only; enough connections for two API pools, their listeners and the job queues.
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c synchronous_commit=off`,
  ]);
  asPostgres(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database]);
  const stop = (mode) => {
    cancelStopOnEnd();
    try {
      asPostgres(join(bin, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', mode, 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // pg_ctl leaves the server running on its own: a caller that dies without stopping it stops it on the way out.
  const cancelStopOnEnd = onProcessEnd(() => stop('immediate'));
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop() {
      stop('fast');
    },
  };
}
