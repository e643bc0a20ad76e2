// Serves one app's production build as it would be deployed on its own origin: precompressed brotli/gzip,
// immutable caching for content-hashed files (and for everything in a remote's release folders), no-cache for
// HTML and the runtime config, CORS for remote assets, and security headers.
// Files are looked up on disk on every request (sirv's `dev` mode): outside it sirv lists the folder once at
// start and keeps each file's size, so after a rebuild it served new files with old lengths
// (ERR_CONTENT_LENGTH_MISMATCH) and 404'd new chunks. Source maps and dot-files are never served.
import { createServer } from 'node:http';
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

/** The Content-Security-Policy naming exactly the origins the product talks to. */
export function contentSecurityPolicy(appConfig, { stripeOrigins = ['https://js.stripe.com'] } = {}) {
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
    `script-src ${unique(["'self'", ...remotes, ...stripe, ...pixel])}`,
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

/**
 * @param {{ dir: string, port: number, spa?: boolean, cors?: boolean, immutable?: boolean,
 *           appConfig?: object | (() => object), csp?: string | ((appConfig: object) => string),
 *           host?: string }} options
 *   `immutable`: every file is immutable (a tree of release folders, never written again).
 *   `appConfig`: served as /app-config.json; a function is asked on every request (the host's runtime config).
 *   `csp`: a policy, or a function of the current app config.
 */
export function startStaticServer({ dir, port, spa = false, cors = false, immutable = false, csp, appConfig, host = '127.0.0.1' }) {
  const setHeaders = (res, pathname) => {
    if (immutable || HASHED.test(pathname)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    else res.setHeader('Cache-Control', 'no-cache');
  };
  const serve = sirv(dir, { dev: true, etag: true, gzip: true, brotli: true, single: spa, setHeaders });
  const currentConfig = typeof appConfig === 'function' ? appConfig : () => appConfig;
  // Recomputed only when the configuration object changes.
  const rendered = new WeakMap();
  const render = (config) => {
    let out = rendered.get(config);
    if (!out) {
      out = { body: JSON.stringify(config), csp: typeof csp === 'function' ? csp(config) : csp };
      rendered.set(config, out);
    }
    return out;
  };

  const server = createServer((req, res) => {
    const config = currentConfig();
    const { body: configBody, csp: policy } = config ? render(config) : { body: undefined, csp };
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
    const pathname = req.url?.split('?')[0] ?? '/';
    if (configBody && pathname === '/app-config.json') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' }).end(configBody);
      return;
    }
    if (NEVER_SERVED.test(pathname) || NEVER_SERVED.test(decoded(pathname))) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
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
