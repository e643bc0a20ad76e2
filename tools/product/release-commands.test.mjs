import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { hostContractOf } from './release-commands.mjs';

/** A local port nothing listens on. */
async function closedPort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('a release is checked against the host that runs: one that does not answer refuses it', async () => {
  await assert.rejects(
    hostContractOf({ PUBLIC_SITE_URL: 'http://host.invalid' }),
    /The host at http:\/\/host\.invalid did not answer \(.+\): a release is checked against the host that runs/,
  );
});

test('only a local host that is not running is stood in for by its build in host/dist', async () => {
  const url = `http://127.0.0.1:${await closedPort()}`;
  const answer = await hostContractOf({ PUBLIC_SITE_URL: url }).catch((error) => error);
  // With a host build it is read (`source` says so); without one, the refusal says to build or start the host.
  if (answer instanceof Error) assert.match(answer.message, /does not answer and host\/dist has no/);
  else assert.match(answer.source, /\(the host is not running\)$/);
});
