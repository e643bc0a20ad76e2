// The worker thread that renders the host's pages (started by server-render.mjs). It runs the host's server
// build and the remotes' server builds, so a remote's bug (an exception, a rejected promise nobody awaits)
// costs at most this worker, which is started again, never the server; and rendering never holds up the
// server's other requests.
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { CHUNK_GROUPS_FILE, HOST_CONTRACT_FILE, HOST_SSR_FILE, REMOTE_SSR_FILE } from './build-layout.mjs';
import { contractProblems } from './remote-contract.mjs';

const require = createRequire(import.meta.url);
// A remote that does not answer in time is left to the browser (which retries it, and tells the visitor).
const FETCH_TIMEOUT_MS = 2000;
const { hostDir } = workerData;

const log = (line) => parentPort.postMessage({ log: line });
// A promise a remote page started and nobody awaited: reported, and the worker carries on.
process.on('unhandledRejection', (reason) =>
  log(`[server-render] unhandled rejection: ${reason?.stack ?? reason}`),
);

const escapeAttribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A file read again only when it changed on disk (the host is rebuilt in place). */
function watchedFile(path, parse) {
  let stamp;
  let value;
  return () => {
    const stat = statSync(path, { throwIfNoEntry: false });
    const next = stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : 'none';
    if (next !== stamp) {
      stamp = next;
      value = stat ? parse(path) : undefined;
    }
    return value;
  };
}

const template = watchedFile(join(hostDir, 'index.html'), (path) => readFileSync(path, 'utf8'));
const hostBuild = watchedFile(join(hostDir, HOST_SSR_FILE), (path) => {
  delete require.cache[require.resolve(path)];
  return require(path);
});
const chunkGroups = watchedFile(join(hostDir, CHUNK_GROUPS_FILE), (path) =>
  JSON.parse(readFileSync(path, 'utf8')),
);
const hostContract = watchedFile(join(hostDir, HOST_CONTRACT_FILE), (path) =>
  JSON.parse(readFileSync(path, 'utf8')),
);

/** Loads a CommonJS server build whose shared modules (React, the shared/ facades) come from `shared`. */
function evaluateServerBuild(source, filename, shared) {
  const module = { exports: {} };
  const requireShared = (name) => {
    if (name in shared) return shared[name];
    throw new Error(`${filename} requires ${name}, which the host does not provide`);
  };
  vm.compileFunction(source, ['module', 'exports', 'require'], { filename })(
    module,
    module.exports,
    requireShared,
  );
  return module.exports;
}

// Release files never change, so what was fetched stays good; a failure, or a file not there (yet: an upload
// landing after the release was switched), is asked for again next time. The newest files are kept, a bounded
// number of them, as releases keep coming for as long as the server runs.
const RELEASE_FILES_KEPT = 100;
const releaseFiles = new Map();
function fetchOnce(url, read) {
  let entry = releaseFiles.get(url);
  if (entry) {
    releaseFiles.delete(url);
    releaseFiles.set(url, entry);
  } else {
    entry = fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) }).then(async (response) => {
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return read(response);
    });
    const forget = () => releaseFiles.get(url) === entry && releaseFiles.delete(url);
    entry.then((file) => file === null && forget(), forget);
    releaseFiles.set(url, entry);
    if (releaseFiles.size > RELEASE_FILES_KEPT) releaseFiles.delete(releaseFiles.keys().next().value);
  }
  return entry;
}
const manifestOf = (manifestUrl) => fetchOnce(manifestUrl, (response) => response.json());

/** The manifest of a release this host can run (the browser refuses the others before running them). */
async function fittingManifest(remote, manifestUrl) {
  const contract = hostContract();
  const manifest = manifestUrl && contract ? await manifestOf(manifestUrl) : null;
  return manifest && contractProblems(remote, manifest, contract).length === 0 ? manifest : null;
}

// A release's server build, run against the host build that requires it (a host rebuilt in place brings its
// own React and shared packages; a remote build must use those).
// The newest ones only (each release brings a new one; the pages use the current and previous releases).
const REMOTE_BUILDS_KEPT = 20;
const evaluated = new WeakMap();
function remoteBuild(host, url, source) {
  let builds = evaluated.get(host);
  if (!builds) evaluated.set(host, (builds = new Map()));
  const build = builds.get(url) ?? evaluateServerBuild(source, url, host.sharedModules);
  builds.delete(url);
  builds.set(url, build);
  if (builds.size > REMOTE_BUILDS_KEPT) builds.delete(builds.keys().next().value);
  return build;
}

/**
 * A remote page's component from the current release's server build, or null (the browser renders it).
 * `failures` counts remotes that could not be reached: such a page is not kept, so the next visitor gets it
 * rendered once the remote answers again.
 */
async function remotePage(config, remote, exposed, failures) {
  const manifestUrl = config.remotes[remote]?.manifest;
  try {
    if (!(await fittingManifest(remote, manifestUrl))) return null;
    const buildUrl = new URL(REMOTE_SSR_FILE, manifestUrl).href;
    const source = await fetchOnce(buildUrl, (response) => response.text());
    if (source === null) return null;
    return remoteBuild(hostBuild(), buildUrl, source).pages?.[exposed]?.default ?? null;
  } catch (error) {
    failures.count += 1;
    log(`[server-render] ${remote} ${exposed} is rendered in the browser: ${error.message}`);
    return null;
  }
}

/**
 * The files of a remote page, from its current release: the manifest, the entry and the page's own chunks,
 * and with `hostGroups` (the host's chunk groups) the host's chunks of the shared modules the remote takes from
 * the host (the ones it lists that the host provides on demand). Nothing for a release this host cannot run, or a remote that does
 * not answer (the browser tells the visitor).
 */
async function remoteFiles(route, config, { hostGroups } = {}) {
  const manifestUrl = config.remotes[route.remote]?.manifest;
  if (!manifestUrl) return [];
  const files = [{ href: manifestUrl, as: 'fetch' }];
  const manifest = await fittingManifest(route.remote, manifestUrl).catch(() => null);
  if (manifest) {
    const entry = manifest.metaData.remoteEntry;
    files.push({
      href: new URL(`${entry.path ? `${entry.path}/` : ''}${entry.name}`, manifestUrl).href,
      as: 'script',
    });
    const exposed = manifest.exposes.find((e) => (e.path ?? `./${e.name}`) === route.exposed);
    for (const file of exposed?.assets.js.sync ?? [])
      files.push({ href: new URL(file, manifestUrl).href, as: 'script' });
    for (const { name } of hostGroups ? manifest.shared : [])
      for (const file of hostGroups[`shared:${name}`] ?? []) files.push({ href: `/${file}`, as: 'script' });
  }
  return files;
}

/**
 * What the browser will fetch to hydrate the route, all of it in the first wave. A page the server rendered lists
 * it for its script to preload once the page is painted (host/src/lib/dom/start-up-files.ts): as preload links
 * in the head, the scripts shared the network with what the first paint needs. The dashboard, which the browser
 * renders, preloads from the head: the host's files as links, and the remote of the role this browser kept
 * through a script (its remote depends on the role, which only the browser knows).
 */
async function preloads(page, config, build) {
  const groups = chunkGroups();
  const files = [];
  if (groups) {
    const hostFiles = new Set([groups.startup, ...page.chunks].flatMap((name) => groups.groups[name] ?? []));
    for (const file of hostFiles) files.push({ href: `/${file}`, as: 'script' });
  }
  if (page.remote) files.push(...(await remoteFiles(page.remote, config)));
  if (!page.remotesByRole)
    return { links: files.length ? build.startUpFilesElement(files) : '', scriptHashes: [] };

  const link = ({ href, as }) =>
    as === 'fetch'
      ? `<link rel="preload" href="${escapeAttribute(href)}" as="fetch" crossorigin="anonymous">`
      : `<link rel="preload" href="${escapeAttribute(href)}" as="script" fetchpriority="low">`;
  const links = files.map(link);
  const announced = new Set(files.map((file) => file.href));
  const byRole = {};
  for (const [role, route] of Object.entries(page.remotesByRole))
    byRole[role] = (await remoteFiles(route, config, { hostGroups: groups?.groups ?? {} })).filter(
      (file) => !announced.has(file.href),
    );
  const { tag, scriptHash } = build.rolePreloadTag(config.supabaseUrl, byRole);
  links.push(tag);
  return { links: links.join(''), scriptHashes: [scriptHash] };
}

async function render({ pathname, config }) {
  const build = hostBuild();
  const html = template();
  if (!build || !html) return undefined;
  const failures = { count: 0 };
  const page = await build.renderPage({
    url: pathname,
    config,
    loadRemotePage: (remote, exposed) => remotePage(config, remote, exposed, failures),
  });
  const { links, scriptHashes } = await preloads(page, config, build);
  return {
    cacheable: failures.count === 0,
    status: page.status,
    scriptHashes: [...page.scriptHashes, ...scriptHashes],
    html: html
      .replace(/<!--page-head-->[\s\S]*<!--\/page-head-->/, () => page.head)
      .replace('</head>', () => `${links}</head>`)
      .replace('<!--page-html-->', () => page.html),
  };
}

parentPort.on('message', async ({ id, type, pathname, config }) => {
  try {
    const result =
      type === 'sitemap' ? (hostBuild()?.SITEMAP_PATHS ?? ['/']) : await render({ pathname, config });
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: error?.stack ?? String(error) });
  }
});
