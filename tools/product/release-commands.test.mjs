import assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { apiContractOf, contractsOf, hostContractOf, liveReleaseProblems } from './release-contracts.mjs';

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

/** An API on a free local port that answers GET /api/contract with `status` and `body`. */
async function fakeApi(status, body) {
  const server = createHttpServer((req, res) => {
    res.writeHead(req.url === '/api/contract' ? status : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.url === '/api/contract' ? body : { error: 'Not found' }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

test("a release's requests are checked against the API that runs: what it answers, or a refusal", async () => {
  const requests = { 'POST /api/contact-form': { body: ['email'] } };
  const running = await fakeApi(200, { requests });
  try {
    assert.deepEqual(await apiContractOf({ API_URL: running.url }), {
      contract: requests,
      source: `the running API (${running.url}/api/contract)`,
    });
  } finally {
    running.close();
  }
  const older = await fakeApi(404, {});
  try {
    await assert.rejects(
      apiContractOf({ API_URL: older.url }),
      /answered 404 for \/api\/contract: it predates release checks of requests; deploy the API first/,
    );
  } finally {
    older.close();
  }
  const notAnApi = await fakeApi(200, '<!doctype html>');
  try {
    await assert.rejects(
      apiContractOf({ API_URL: notAnApi.url }),
      /answered \/api\/contract with something that is not its contract: is that the API's address\?/,
    );
  } finally {
    notAnApi.close();
  }
  await assert.rejects(
    apiContractOf({ API_URL: 'http://api.invalid' }),
    /The API at http:\/\/api\.invalid did not answer \(.+\): a release is checked against the API that runs/,
  );
});

test("a local API that is not running is stood in for by this checkout's", async () => {
  const answer = await apiContractOf({ API_URL: `http://127.0.0.1:${await closedPort()}` });
  assert.equal(answer.source, "this checkout's API (the API is not running)");
  assert.ok(answer.contract['POST /api/client-approve-project'].body.includes('monthlyFee'));
});

test('forced (an emergency: a rollback while the API is down), what cannot be read is not checked instead of refusing', async () => {
  const env = { PUBLIC_SITE_URL: 'http://host.invalid', API_URL: 'http://api.invalid' };
  await assert.rejects(contractsOf(env, false), /did not answer/);
  assert.deepEqual(await contractsOf(env, true), { host: undefined, api: undefined });
});

test('before an API deploy: what the live releases (current and previous) may send that the new API would refuse', async () => {
  const files = {
    '/app-config.json': null, // filled in once the port is known
    '/checkout/r2/api-requests.json': { 'POST /api/contact-form': { body: ['email', 'phone'] } },
    '/checkout/r1/api-requests.json': { 'POST /api/contact-form': { body: ['email'] } },
    // /marketing/r1/api-requests.json is missing: a release from before the check.
  };
  const server = createHttpServer((req, res) => {
    const body = files[req.url];
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'Not found' }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  files['/app-config.json'] = {
    remotes: {
      checkout: {
        manifest: `${base}/checkout/r2/mf-manifest.json`,
        release: 'r2',
        previous: { manifest: `${base}/checkout/r1/mf-manifest.json`, release: 'r1' },
      },
      marketing: { manifest: `${base}/marketing/r1/mf-manifest.json`, release: 'r1' },
    },
  };
  try {
    // The new API no longer takes `phone`: the current checkout release sends it, the previous one does not.
    const accepted = { 'POST /api/contact-form': { body: ['email'] } };
    const { checked, notChecked } = await liveReleaseProblems({ PUBLIC_SITE_URL: base }, accepted);
    assert.deepEqual(checked, [
      {
        remote: 'checkout',
        release: 'r2',
        problems: [{ kind: 'no-field', route: 'POST /api/contact-form', part: 'body', fields: ['phone'] }],
      },
      { remote: 'checkout', release: 'r1', problems: [] },
    ]);
    assert.deepEqual(notChecked, [{ remote: 'marketing', release: 'r1' }]);
  } finally {
    server.close();
  }
  await assert.rejects(
    liveReleaseProblems({ PUBLIC_SITE_URL: 'http://host.invalid' }, {}),
    /did not give its runtime configuration/,
  );
});
