import { preloadStartUpFiles } from './lib/dom/start-up-files';

// Async boundary: shared modules are negotiated before anything renders. The server-rendered page is painted
// first: the app's start-up (fetching its files, evaluating React and the UI kit, then hydrating) waits for the
// first frame, so it never holds up the first paint; then every file the server listed is asked for at once.
function afterFirstPaint(start: () => void) {
  if (document.visibilityState !== 'visible') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Evaluating the app's modules is one task per import: done at once it was the longest task of a page's load
// (~50 ms at full speed, ~0.4 s on a phone), and a click in it waits for all of it. In stages, the browser can
// respond between them. Every stage belongs to the one "bootstrap" chunk group (which preloadStartUpFiles has
// just asked for with the route's remote): the stages decide when each module runs, never what is downloaded.
const START_STAGES = [
  // The group's scripts themselves, and React (a small module).
  () => import(/* webpackChunkName: "bootstrap" */ 'react'),
  () => import(/* webpackChunkName: "bootstrap" */ 'react-dom/client'),
  // The kit's modules, then its system in three more tasks.
  async () => (await import(/* webpackChunkName: "bootstrap" */ '@agency/ui')).prepareSystem(nextTask),
  () => import(/* webpackChunkName: "bootstrap" */ './bootstrap'),
];

afterFirstPaint(async () => {
  preloadStartUpFiles();
  for (const stage of START_STAGES) {
    await stage();
    await nextTask();
  }
});
