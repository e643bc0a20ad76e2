// Serves one app's production build as it would be deployed on its own origin: precompressed brotli/gzip,
// immutable caching for content-hashed files (and for everything in a remote's release folders), no-cache for
// HTML and the runtime config, CORS for remote assets, and security headers.
// Files are looked up on disk on every request (sirv's `dev` mode): outside it sirv lists the folder once at
// start and keeps each file's size, so after a rebuild it served new files with old lengths
// (ERR_CONTENT_LENGTH_MISMATCH) and 404'd new chunks. Source maps and dot-files are never served.
import { createServer } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import sirv from 'sirv';

const HASHED = /\.[0-9a-f]{10}\.(js|css|png|jpe?g|webp|svg|woff2?)$/;
const NEVER_SERVED = /(^|\/)\.|\.map$/;

function decoded(pathname) {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * The Content-Security-Policy naming exactly the origins the product talks to; `scriptHashes` allows the
 * page's own inline scripts (the session hint the server writes into each page).
 */
export function contentSecurityPolicy(
  appConfig,
  { stripeOrigins = ['https://js.stripe.com'], scriptHashes = [] } = {},
) {
  const origin = (url) => new URL(url).origin;
  // Origins only, never a release: releasing or rolling back a remote changes nothing here.
  const remotes = Object.values(appConfig.remotes).flatMap((r) =>
    [r.manifest, r.previous?.manifest].filter(Boolean).map(origin),
  );
  const stripe = appConfig.stripeJsUrl ? [origin(appConfig.stripeJsUrl)] : stripeOrigins;
  const pixel = appConfig.pixelId ? ['https://connect.facebook.net'] : [];
  const pixelImg = appConfig.pixelId ? ['https://www.facebook.com'] : [];
  const unique = (list) => [...new Set(list)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${unique(["'self'", ...scriptHashes, ...remotes, ...stripe, ...pixel])}`,
    `connect-src ${unique(["'self'", ...remotes, origin(appConfig.apiUrl), origin(appConfig.supabaseUrl), ...stripe, ...pixel])}`,
    // Emotion (Chakra) injects style elements at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${unique(["'self'", 'data:', ...remotes, ...pixelImg])}`,
    "font-src 'self' data:",
    `frame-src ${unique(stripe)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A response body in the encoding the client accepts best, compressed once per body. */
function encoded(cache, body, acceptEncoding = '') {
  if (/\bbr\b/.test(acceptEncoding)) {
    cache.br ??= brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    return { encoding: 'br', bytes: cache.br };
  }
  if (/\bgzip\b/.test(acceptEncoding)) {
    cache.gzip ??= gzipSync(body, { level: 9 });
    return { encoding: 'gzip', bytes: cache.gzip };
  }
  return { bytes: Buffer.from(body) };
}

/**
 * @param {{ dir: string, port: number, spa?: boolean, cors?: boolean, immutable?: boolean,
 *           appConfig?: object | (() => object), csp?: string | ((appConfig: object, options?: object) => string),
 *           render?: (url: string, appConfig: object) => Promise<{ status: number, html: string, scriptHashes: string[] } | undefined>,
 *           files?: Record<string, { type: string, body: (appConfig: object) => string | Promise<string> }>,
 *           visitor?: (req: import('node:http').IncomingMessage, appConfig: object) => { served: object, rendered: object, key: string, cookies: string[] },
 *           host?: string }} options
 *   `immutable`: every file is immutable (a tree of release folders, never written again).
 *   `appConfig`: served as /app-config.json; a function is asked on every request (the host's runtime config).
 *   `csp`: a policy, or a function of the current app config (and the page's inline script hashes).
 *   `render`: renders the page for a path without a file extension (server-render.mjs); when it gives
 *   nothing, index.html is served.
 *   `files`: files made from the current app config (robots.txt, sitemap.xml).
 *   `visitor`: the configuration one visitor gets (visitor-releases.mjs): `served` as /app-config.json,
 *   `rendered` to render their page with (cached under `key`), and the cookies to set.
 */
export function startStaticServer({
  dir,
  port,
  spa = false,
  cors = false,
  immutable = false,
  csp,
  appConfig,
  render,
  files = {},
  visitor,
  host = '127.0.0.1',
}) {
  const setHeaders = (res, pathname) => {
    if (immutable || HASHED.test(pathname))
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    else res.setHeader('Cache-Control', 'no-cache');
  };
  const serve = sirv(dir, { dev: true, etag: true, gzip: true, brotli: true, single: spa, setHeaders });
  const currentConfig = typeof appConfig === 'function' ? appConfig : () => appConfig;
  // Recomputed only when the configuration object changes.
  const forConfig = new WeakMap();
  const configured = (config) => {
    let out = forConfig.get(config);
    if (!out) {
      out = {
        body: JSON.stringify(config),
        csp: typeof csp === 'function' ? csp(config) : csp,
        files: {},
        pages: new WeakMap(),
      };
      forConfig.set(config, out);
    }
    return out;
  };

  /** Serves a rendered page; false when there is none to serve (no renderer, or it gave nothing or failed). */
  async function servePage(req, res, pathname, config, cached, chosen) {
    let page;
    try {
      page = await render(
        pathname === '/index.html' ? '/' : (req.url ?? pathname),
        config,
        chosen && { key: chosen.key, config: chosen.rendered },
      );
    } catch (error) {
      console.error(`[static-server] rendering ${pathname} failed, serving index.html:`, error);
    }
    if (!page) return false;
    // One compressed copy per rendered document (the renderer caches the documents themselves).
    let compressed = cached.pages.get(page);
    if (!compressed) {
      compressed = {};
      cached.pages.set(page, compressed);
    }
    const { encoding, bytes } = encoded(compressed, page.html, req.headers['accept-encoding']);
    const policy = typeof csp === 'function' ? csp(config, { scriptHashes: page.scriptHashes }) : csp;
    if (policy) res.setHeader('Content-Security-Policy', policy);
    res.writeHead(page.status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      'Content-Length': bytes.length,
      ...(encoding && { 'Content-Encoding': encoding }),
    });
    res.end(req.method === 'HEAD' ? undefined : bytes);
    return true;
  }

  const server = createServer(async (req, res) => {
    const config = currentConfig();
    const cached = config ? configured(config) : undefined;
    const { csp: policy } = cached ?? { csp };
    const pathname = req.url?.split('?')[0] ?? '/';
    const isPage = pathname === '/index.html' || !/\.[^/]*$/.test(pathname);
    // What this visitor gets (their canary side, a preview), for the pages and the configuration only.
    const chosen =
      visitor && config && (isPage || pathname === '/app-config.json') ? visitor(req, config) : undefined;
    if (chosen?.cookies.length) res.setHeader('Set-Cookie', chosen.cookies);
    const configBody = chosen ? configured(chosen.served).body : cached?.body;
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (policy) res.setHeader('Content-Security-Policy', policy);
    if (cors) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
    }
    if (configBody && pathname === '/app-config.json') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' }).end(configBody);
      return;
    }
    if (config && files[pathname]) {
      cached.files[pathname] ??= Promise.resolve(files[pathname].body(config));
      const body = await cached.files[pathname];
      res.writeHead(200, { 'Content-Type': files[pathname].type, 'Cache-Control': 'no-cache' }).end(body);
      return;
    }
    if (NEVER_SERVED.test(pathname) || NEVER_SERVED.test(decoded(pathname))) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    // A page (a path without a file extension, or index.html itself) is rendered by the server.
    if (render && config && isPage && (req.method === 'GET' || req.method === 'HEAD')) {
      if (await servePage(req, res, pathname, config, cached, chosen)) return;
    }
    serve(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : port,
        close: () => new Promise((done) => server.close(() => done())),
        server,
      });
    });
  });
}
