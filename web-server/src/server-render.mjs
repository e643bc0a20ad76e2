// Pages as the host's server sends them: the host's server build (host/dist/.ssr/render-page.cjs) renders the
// requested route with the CURRENT runtime configuration and the current release of the remote that owns the
// page (its server build, ssr/pages.cjs, fetched from the release as the browser fetches its chunks), into the
// host's index.html. The page carries the configuration, and preloads everything the browser will ask for to
// hydrate it (the host's start-up chunks, the route's own chunks, the remote's manifest, entry and page
// chunks), all in the first wave. Rendering runs in a worker thread (server-render-worker.mjs). Documents are
// cached per configuration, host build and path: a release or a rollback (a new configuration) is served at
// once, and neither needs a host rebuild.
// Without a server build (an old host build), or when rendering fails, the server sends index.html and the
// browser renders the page, as before.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { HOST_SSR_FILE } from './build-layout.mjs';

const PAGE_CACHE_SIZE = 200;
const RENDER_TIMEOUT_MS = 10_000;

class StuckRender extends Error {}

const escapeXml = (value) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/**
 * @param {{ hostDir: string, log?: (line: string) => void, renderTimeoutMs?: number }} options
 *   `hostDir`: the host's build (index.html, .ssr/, federation-host.json).
 */
export function createServerRenderer({ hostDir, log = console.error, renderTimeoutMs = RENDER_TIMEOUT_MS }) {
  let worker;
  let nextId = 0;
  const pending = new Map();

  function startWorker() {
    const started = new Worker(new URL('./server-render-worker.mjs', import.meta.url), {
      workerData: { hostDir },
    });
    started.on('message', ({ id, result, error, log: line }) => {
      if (line) return log(line);
      const call = pending.get(id);
      if (!call) return;
      pending.delete(id);
      clearTimeout(call.timer);
      if (error) call.reject(new Error(error));
      else call.resolve(result);
    });
    // A worker that died (or was stopped) takes its calls with it; the next request starts another.
    const gone = (reason) => {
      if (worker === started) worker = undefined;
      for (const [id, call] of pending) {
        if (call.worker !== started) continue;
        pending.delete(id);
        clearTimeout(call.timer);
        call.reject(new Error(`the render worker stopped: ${reason}`));
      }
    };
    started.on('error', (error) => {
      log(`[server-render] the render worker failed: ${error.stack ?? error}`);
      gone(error.message);
    });
    started.on('exit', (code) => gone(`exit ${code}`));
    return started;
  }

  /**
   * A render that does not finish in time has the worker stuck (a page that loops, or waits on what never
   * comes: renders run one at a time, so every later page would wait behind it). The worker is stopped, which
   * fails its other calls too (those pages are served for the browser to render), and the next call starts a
   * fresh one.
   */
  function call(message) {
    const assigned = (worker ??= startWorker());
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(
          new StuckRender(`rendering ${message.pathname ?? message.type} took over ${renderTimeoutMs} ms`),
        );
        if (worker === assigned) worker = undefined;
        void assigned.terminate();
      }, renderTimeoutMs);
      pending.set(id, { resolve, reject, timer, worker: assigned });
      assigned.postMessage({ id, ...message });
    });
  }

  const buildStamp = () => {
    const stat = statSync(join(hostDir, HOST_SSR_FILE), { throwIfNoEntry: false });
    return stat ? `${stat.mtimeMs}:${stat.size}` : 'none';
  };

  const pages = new Map();
  /** Paths whose render got stuck: left to the browser until the next release or host build. */
  const stuck = new Set();
  let renderedWith = { config: undefined, build: undefined };

  /** Starts over when the configuration or the host build changed; true when it did. */
  function current(config) {
    const build = buildStamp();
    if (renderedWith.config === config && renderedWith.build === build) return false;
    pages.clear();
    stuck.clear();
    renderedWith = { config, build };
    return true;
  }

  /**
   * The document for a request, or undefined when the host has no server build (then serve index.html).
   * @returns {Promise<{ status: number, html: string, scriptHashes: string[] } | undefined>}
   */
  function render(url, config, visitor) {
    // Nothing the server renders depends on the query; one document per path (and per choice of releases a
    // visitor gets: a canary's side, a preview) keeps the cache bounded.
    const pathname = new URL(url, 'http://host.invalid').pathname;
    if (current(config)) void warm(config, pathname);
    if (stuck.has(pathname)) return Promise.resolve(undefined);
    const cacheKey = visitor?.key && visitor.key !== '|' ? `${visitor.key} ${pathname}` : pathname;
    const renderWith = visitor?.config ?? config;
    let document = pages.get(cacheKey);
    if (!document) {
      document = call({ type: 'render', pathname, config: renderWith });
      const rendered = document;
      // Not kept: a failed render, or a page whose remote could not be reached (rendered again next time).
      rendered.then(
        (page) => page?.cacheable === false && pages.get(cacheKey) === rendered && pages.delete(cacheKey),
        (error) => {
          if (pages.get(cacheKey) === rendered) pages.delete(cacheKey);
          if (error instanceof StuckRender && renderedWith.config === config) {
            stuck.add(pathname);
            log(
              `[server-render] ${pathname} is left to the browser until the next release: ${error.message}`,
            );
          }
        },
      );
      pages.set(cacheKey, document);
      if (pages.size > PAGE_CACHE_SIZE) pages.delete(pages.keys().next().value);
    }
    return document;
  }

  let sitemap;
  // A worker that failed to answer (a busy machine, a restart) gives '/' for now and is asked again next time:
  // kept, that answer left every other page out of the sitemap until the server restarted.
  const publicPaths = () =>
    (sitemap ??= call({ type: 'sitemap' }).catch(() => {
      sitemap = undefined;
      return ['/'];
    }));

  /**
   * Renders the public pages (the sitemap's) ahead of their visitors: at start, and whenever the configuration
   * changes (a release, a rollback), so no visitor waits for a first render.
   */
  async function warm(config, except) {
    try {
      for (const path of await publicPaths()) {
        if (renderedWith.config !== config) return;
        if (path !== except) await render(path, config).catch(() => {});
      }
    } catch {
      // Warming is an optimisation: a page not rendered ahead is rendered for its first visitor.
    }
  }

  const site = (config) => config.siteUrl.replace(/\/$/, '');
  return {
    render,
    /** Renders the public pages ahead of their visitors (the server calls it at start). */
    warm: (config) => {
      current(config);
      return warm(config);
    },
    /** Files the host serves from its configuration: where the site is changes them, not a rebuild. */
    files: {
      '/robots.txt': {
        type: 'text/plain; charset=utf-8',
        body: async (config) =>
          [
            'User-agent: *',
            'Disallow: /dashboard',
            'Disallow: /reset-password',
            'Disallow: /__diagnostics/',
            `Sitemap: ${site(config)}/sitemap.xml`,
            '',
          ].join('\n'),
      },
      '/sitemap.xml': {
        type: 'application/xml; charset=utf-8',
        body: async (config) => {
          return [
            '<?xml version="1.0" encoding="UTF-8"?>',
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
            ...(await publicPaths()).map(
              (path) => `  <url><loc>${escapeXml(`${site(config)}${path}`)}</loc></url>`,
            ),
            '</urlset>',
            '',
          ].join('\n');
        },
      },
    },
    /** Stops the worker. */
    close: async () => {
      await worker?.terminate();
    },
  };
}
