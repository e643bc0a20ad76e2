// Async boundary: shared modules are negotiated before anything renders. The server-rendered page is painted
// first: the app's start-up (evaluating React, the UI kit, then hydrating) waits for the first frame, so it
// never holds up the first paint. Its chunks are preloaded by the page meanwhile, so nothing waits on them.
function afterFirstPaint(start: () => void) {
  if (document.visibilityState !== 'visible') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
}

afterFirstPaint(() => void import(/* webpackChunkName: "bootstrap" */ './bootstrap'));
