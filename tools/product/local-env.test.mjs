import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveLocalEnv } from './local-env.mjs';

test('the apps listen on this machine only unless BIND_HOST opens them (as the API and the stand-ins)', async () => {
  assert.equal((await resolveLocalEnv({})).BIND_HOST, undefined);
  assert.equal((await resolveLocalEnv({ BIND_HOST: '0.0.0.0' })).BIND_HOST, '0.0.0.0');
});
