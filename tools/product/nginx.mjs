// nginx (Debian's package) in front of several API processes on this machine, with the same location rules
// as the compose deployment (deploy/nginx/api-locations.conf). `.ci/run` installs the package when missing.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../web-server/src/apps.mjs';
import { onProcessEnd } from './on-process-end.mjs';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

/**
 * @param {{ port: number, upstreams: number[], log?: (line: string) => void }} options
 * @returns {Promise<{ stop: () => Promise<void> }>}
 */
export async function startNginx({ port, upstreams, log }) {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install -y nginx; .ci/run does it).');
  const dir = mkdtempSync(join(tmpdir(), 'agency-nginx-'));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream api {
    # To the replica with the fewest requests in flight: one descheduled for a moment (two cores shared with
    # nginx and PostgreSQL) gets none more until it catches up. Round robin queued behind it: bench:scale p99
    # 64-82 ms, least_conn 44-69 ms (five runs each, interleaved).
    least_conn;
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream};`).join('\n')}
    # Idle connections kept to the replicas: at least the requests in flight, or nginx opens and closes
    # connections under load (at 200 concurrent requests, 64 gave a p99 of 374 ms, 256 gave 108 ms).
    keepalive 256;
  }
  server {
    listen 127.0.0.1:${port};
    include ${join(ROOT, 'deploy', 'nginx', 'api-locations.conf')};
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr.on('data', (chunk) => log?.(`[nginx] ${chunk.toString().trim()}`));
  child.once(
    'exit',
    onProcessEnd(() => child.kill('SIGQUIT')),
  );
  // nginx prints nothing when it is up: wait until the port answers.
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/health`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('nginx did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGQUIT');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
