// Development only, first in the host's page: lets the React Refresh runtime of every app on the page (the
// host's and each remote's, one per bundle) drive the one React renderer they share. A refresh runtime
// finds the renderer through the DevTools hook's `renderers` map, which only the real DevTools fills, and
// the renderer holds a single refresh handler. Without this, a remote's runtime (started after React) never
// saw the renderer: an edit in a remote applied without re-rendering, and the runtimes would take the
// handler from each other, reverting each other's edits.
const hook = globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__;
if (hook && !hook.agencyRefreshForEveryApp) {
  hook.agencyRefreshForEveryApp = true;
  const inject = hook.inject;
  hook.inject = function (renderer) {
    if (typeof renderer.setRefreshHandler === 'function') {
      const setHandler = renderer.setRefreshHandler;
      const handlers = [];
      // Each runtime resolves the component types it registered; together they resolve all of them.
      renderer.setRefreshHandler = (handler) => {
        if (handler && !handlers.includes(handler)) handlers.push(handler);
        setHandler(
          handlers.length === 0
            ? null
            : (type) => {
                for (const resolve of handlers) {
                  const family = resolve(type);
                  if (family) return family;
                }
                return undefined;
              },
        );
      };
    }
    const id = inject.apply(this, arguments);
    if (!hook.renderers.has(id)) hook.renderers.set(id, renderer);
    return id;
  };
}
