import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';

const require = createRequire(import.meta.url);

/** A fresh copy of react-refresh's runtime, the way each app's bundle carries its own. */
function refreshRuntime() {
  const path = require.resolve('react-refresh/runtime');
  for (const key of Object.keys(require.cache)) if (key.includes('react-refresh')) delete require.cache[key];
  return require(path);
}

test('the host and a remote, each with its own React Refresh runtime, both refresh the one renderer', async () => {
  const host = refreshRuntime();
  host.injectIntoGlobalHook(globalThis); // the host's refresh entry, first on the page
  await import('./react-refresh-hook.js');

  // React DOM registers with the DevTools hook when it loads.
  let handler = null;
  const refreshed = [];
  const renderer = {
    scheduleRefresh: (root, update) => refreshed.push(update),
    setRefreshHandler: (next) => (handler = next),
    scheduleRoot: () => {},
  };
  const hook = globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__;
  const id = hook.inject(renderer);
  assert.equal(hook.renderers.get(id), renderer, 'later runtimes can find the renderer');

  // A root commits; then a remote's runtime starts, after React.
  const root = { current: { memoizedState: { element: {} }, alternate: null } };
  hook.onCommitFiberRoot(id, root);
  const remote = refreshRuntime();
  remote.injectIntoGlobalHook(globalThis);
  hook.onCommitFiberRoot(id, root);

  const HostHeader = () => 'header v1';
  const RemoteForm = () => 'form v1';
  host.register(HostHeader, 'src/header.tsx Header');
  remote.register(RemoteForm, 'src/form.tsx Form');

  // An edit in the remote: its runtime refreshes the renderer.
  const RemoteFormEdited = () => 'form v2';
  remote.register(RemoteFormEdited, 'src/form.tsx Form');
  remote.performReactRefresh();
  assert.equal(refreshed.length, 1, 'the remote edit reached the renderer');
  assert.equal(handler(RemoteForm).current, RemoteFormEdited);

  // Then an edit in the host: the remote's edit keeps resolving.
  const HostHeaderEdited = () => 'header v2';
  host.register(HostHeaderEdited, 'src/header.tsx Header');
  host.performReactRefresh();
  assert.equal(refreshed.length, 2);
  assert.equal(handler(HostHeader).current, HostHeaderEdited);
  assert.equal(
    handler(RemoteForm).current,
    RemoteFormEdited,
    'the host refresh did not revert the remote edit',
  );
});
