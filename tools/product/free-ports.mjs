// Free loopback ports for a product that a test or a bench starts. Every socket stays open until all the
// ports are chosen, so no two names get the same port.
//
// They are chosen below the kernel's ephemeral range: a port from that range (what listening on port 0 gives)
// can be taken, between the check and the real listen, as the local end of any outgoing connection (to
// PostgreSQL, between nginx and the API...), which CI saw as EADDRINUSE once.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { DEFAULT_PORTS } from '../../web-server/src/local-env.mjs';

const LOWEST = 10_000;
/** Browsers refuse these ports (Chromium's and Firefox's restricted list, from 10,000 up). */
const BROWSER_BLOCKED = new Set([10080]);
/**
 * Every port this process was given: a product starts its services some time after its ports are chosen, and
 * a later choice (the replicas' ports, PostgreSQL's) must not take one of them meanwhile (CI saw EADDRINUSE).
 */
const handedOut = new Set();

/** The first port of the ephemeral range (Linux), or null where it cannot be read. */
function ephemeralStart() {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const port = Number(low);
    return Number.isInteger(port) && port > LOWEST + 1000 ? port : null;
  } catch {
    return null;
  }
}

/** Listens on `port` (0: any the system gives); resolves false when it is taken. */
function tryListen(server, port) {
  return new Promise((resolve, reject) => {
    const onError = (error) =>
      error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(false) : reject(error);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve(true);
    });
  });
}

/**
 * @param {string[]} names the port variables to fill; by default every port the product listens on
 * @returns {Promise<Record<string, number>>}
 */
export async function freePorts(names = Object.keys(DEFAULT_PORTS)) {
  const below = ephemeralStart();
  const servers = [];
  try {
    for (let attempts = 0; servers.length < names.length; attempts++) {
      const server = createServer();
      const port = below && attempts < 1000 ? LOWEST + Math.floor(Math.random() * (below - LOWEST)) : 0;
      if (BROWSER_BLOCKED.has(port) || handedOut.has(port)) continue;
      if (!(await tryListen(server, port))) continue;
      if (handedOut.has(server.address().port)) server.close();
      else servers.push(server);
    }
    const ports = servers.map((server) => server.address().port);
    for (const port of ports) handedOut.add(port);
    return Object.fromEntries(names.map((name, i) => [name, ports[i]]));
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(() => resolve()))));
  }
}
