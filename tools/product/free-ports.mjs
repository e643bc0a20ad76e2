// Free loopback ports for a product that a test or a bench starts. Every socket stays open until all the
// ports are chosen, so no two names get the same port.
import { createServer } from 'node:net';
import { DEFAULT_PORTS } from './local-env.mjs';

/**
 * @param {string[]} names the port variables to fill; by default every port the product listens on
 * @returns {Promise<Record<string, number>>}
 */
export async function freePorts(names = Object.keys(DEFAULT_PORTS)) {
  const servers = [];
  try {
    while (servers.length < names.length) {
      const server = createServer();
      servers.push(server);
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
    }
    return Object.fromEntries(names.map((name, i) => [name, servers[i].address().port]));
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(() => resolve()))));
  }
}
