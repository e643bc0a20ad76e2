import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { freePorts } from './free-ports.mjs';
import { DEFAULT_PORTS } from '../../web-server/src/local-env.mjs';

test('gives every port of the product a distinct free port', async () => {
  const ports = await freePorts();
  assert.deepEqual(Object.keys(ports), Object.keys(DEFAULT_PORTS));
  const values = Object.values(ports);
  assert.equal(new Set(values).size, values.length);
  assert.ok(values.every((port) => Number.isInteger(port) && port > 0));
});

const RANGE = '/proc/sys/net/ipv4/ip_local_port_range';
test(
  'ports come from below the ephemeral range, which outgoing connections take their local ports from',
  {
    skip: !existsSync(RANGE),
  },
  async () => {
    const low = Number(readFileSync(RANGE, 'utf8').trim().split(/\s+/)[0]);
    const values = Object.values(await freePorts());
    assert.ok(
      values.every((port) => port >= 10_000 && port < low),
      `${values} below ${low}`,
    );
  },
);

test('a later call never gives a port an earlier one gave (its services may not be listening yet)', async () => {
  const given = [];
  for (let call = 0; call < 50; call++) given.push(...Object.values(await freePorts()));
  assert.equal(new Set(given).size, given.length);
});
