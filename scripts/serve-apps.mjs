// Serves the built apps only (host and remotes on their ports, remotes as releases, runtime config and CSP
// from the environment): the web container's entry point. The API and services run elsewhere. In production
// (NODE_ENV=production, as Dockerfile.web sets) it refuses to start without the public configuration it
// serves to browsers, naming each missing variable, before anything listens (tools/product/local-env.mjs).
import { ConfigurationError } from '../tools/product/local-env.mjs';
import { startProduct } from '../tools/product/start-product.mjs';

let product;
try {
  product = await startProduct({ services: false, log: (line) => console.log(line) });
} catch (error) {
  if (!(error instanceof ConfigurationError)) throw error;
  console.error(error.message);
  process.exit(1);
}
console.log(`apps served; the host is at ${product.url}`);
const stop = async () => {
  await product.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
