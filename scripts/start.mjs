// `npm start`: builds what is missing or out of date (Nx replays unchanged builds from its cache), then
// runs the whole product offline on its embedded defaults.
import { spawnSync } from 'node:child_process';
import { ROOT, startProduct } from '../tools/product/start-product.mjs';

console.log('Building the apps and the services (cached when unchanged) ...');
const build = spawnSync(
  'npx',
  ['nx', 'run-many', '-t', 'build', '--projects=tag:app,tag:service', '--outputStyle=stream'],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);

const verbose = process.argv.includes('--verbose');
const product = await startProduct({
  log: (line) => {
    if (verbose || /error|warn|listening|admin|^\[releases\]/i.test(line)) console.log(line);
  },
});
const { env } = product;
console.log(`
  The product is running offline.

  Open            ${product.url}
  Mailbox         ${env.MAILBOX_URL}
  API             ${env.API_URL}
  Admin sign-in   ${env.ADMIN_EMAIL} / ${env.ADMIN_PASSWORD}
  Test cards      4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined)
  Releases        npm run release -- <remote> ships one remote, npm run rollback -- <remote> undoes it

  Press Ctrl-C to stop.
`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping...');
  await product.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
