// Serves the built apps only (host and remotes on their ports, remotes as releases, runtime config and CSP
// from the environment): the web container's entry point. The API and services run elsewhere. In production
// (NODE_ENV=production, as Dockerfile.web sets) it refuses to start without the public configuration it
// serves to browsers, naming each missing variable, before anything listens (local-env.mjs).
import { ConfigurationError, resolveLocalEnv } from './local-env.mjs';
import { startWebServer } from './web-server.mjs';

let server;
try {
  const env = await resolveLocalEnv({ ...process.env });
  server = await startWebServer({ env, log: (line) => console.log(line) });
} catch (error) {
  if (!(error instanceof ConfigurationError)) throw error;
  console.error(error.message);
  process.exit(1);
}
console.log(`apps served; the host is at ${server.url}`);
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
