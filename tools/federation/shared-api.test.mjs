import assert from 'node:assert/strict';
import { test } from 'node:test';
import { currentSharedApi, recordedSharedApi, sharedApiProblems } from './shared-api.mjs';

const ui = (version, exports) => ({ '@agency/ui': { version, exports } });

test('the shared modules export what shared-api.json records for their versions', () => {
  assert.deepEqual(sharedApiProblems(recordedSharedApi(), currentSharedApi()), []);
});

test('exports changed under the same version ask for a bump; with the bump only the record is out of date', () => {
  const recorded = ui('0.1.0', ['Button', 'Card']);
  assert.deepEqual(sharedApiProblems(recorded, ui('0.1.0', ['Button', 'Card'])), []);
  assert.match(
    sharedApiProblems(recorded, ui('0.1.0', ['Button', 'Card', 'Tabs']))[0],
    /^@agency\/ui 0\.1\.0: its exports changed \(added Tabs\) but its version did not\. Bump the version/,
  );
  assert.match(sharedApiProblems(recorded, ui('0.1.0', ['Button']))[0], /\(removed Card\)/);
  assert.deepEqual(sharedApiProblems(recorded, ui('0.1.1', ['Button', 'Card', 'Tabs'])), [
    '@agency/ui: the record is out of date (version or exports): npm run shared:api',
  ]);
  assert.deepEqual(sharedApiProblems({}, ui('0.1.0', ['Button'])), [
    '@agency/ui is not recorded: npm run shared:api',
  ]);
});
