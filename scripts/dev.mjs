// `npm run dev`: every app on its Rspack dev server with hot reload, the API restarting on change, and
// the offline services — on the same ports and configuration as `npm start`.
import { spawn } from 'node:child_process';
import { APPS, ROOT } from '../tools/product/start-product.mjs';
import { appConfigFrom, resolveLocalEnv } from '../web-server/src/local-env.mjs';

const env = await resolveLocalEnv();
const shared = { ...process.env, ...env, AGENCY_APP_CONFIG: JSON.stringify(appConfigFrom(env)) };
const children = [];

function run(name, command, args, cwd = ROOT) {
  const child = spawn(command, args, { cwd, env: shared, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .forEach((line) => console.log(`[${name}] ${line}`));
  child.stdout.on('data', prefix);
  child.stderr.on('data', prefix);
  child.on('exit', (code) => console.log(`[${name}] exited with ${code}`));
  children.push(child);
}

run('local-cloud', process.execPath, ['--import', 'tsx', 'local-cloud/src/main.ts']);
run('api', process.execPath, ['--import', 'tsx', '--watch', 'api/src/main.ts']);
for (const app of APPS) {
  run(app.dir, 'npx', ['rspack', 'serve', '--mode', 'development'], `${ROOT}/${app.dir}`);
}
console.log(`\n  Dev servers starting. Open ${env.PUBLIC_SITE_URL} (mailbox ${env.MAILBOX_URL}).\n`);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
