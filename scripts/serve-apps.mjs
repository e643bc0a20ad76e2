// Serves the built apps only (host and remotes on their ports, remotes as releases, runtime config and CSP
// from the environment): the web container's entry point. The API and services run elsewhere.
import { startProduct } from '../tools/product/start-product.mjs';

const product = await startProduct({ services: false, log: (line) => console.log(line) });
console.log(`apps served; the host is at ${product.url}`);
const stop = async () => {
  await product.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
