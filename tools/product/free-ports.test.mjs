import assert from 'node:assert/strict';
import { test } from 'node:test';
import { freePorts } from './free-ports.mjs';
import { DEFAULT_PORTS } from './local-env.mjs';

test('gives every port of the product a distinct free port', async () => {
  const ports = await freePorts();
  assert.deepEqual(Object.keys(ports), Object.keys(DEFAULT_PORTS));
  const values = Object.values(ports);
  assert.equal(new Set(values).size, values.length);
  assert.ok(values.every((port) => Number.isInteger(port) && port > 0));
});
