// Serves one app's production build as it would be deployed on its own origin: precompressed brotli/gzip,
// immutable caching for content-hashed files, no-cache for HTML, manifests, remoteEntry and the runtime
// config, CORS for remote assets, and security headers.
import { createServer } from 'node:http';
import sirv from 'sirv';

const HASHED = /\.[0-9a-f]{10}\.(js|css|png|jpe?g|webp|svg|woff2?)$/;

/** The Content-Security-Policy naming exactly the origins the product talks to. */
export function contentSecurityPolicy(appConfig, { stripeOrigins = ['https://js.stripe.com'] } = {}) {
  const origin = (url) => new URL(url).origin;
  const remotes = Object.values(appConfig.remotes).map((r) => origin(r.manifest));
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
 * @param {{ dir: string, port: number, spa?: boolean, cors?: boolean, csp?: string,
 *           appConfig?: object, host?: string }} options
 */
export function startStaticServer({ dir, port, spa = false, cors = false, csp, appConfig, host = '127.0.0.1' }) {
  const setHeaders = (res, pathname) => {
    if (HASHED.test(pathname)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    else res.setHeader('Cache-Control', 'no-cache');
  };
  const serve = sirv(dir, { etag: true, gzip: true, brotli: true, single: spa, dotfiles: false, setHeaders });
  const configBody = appConfig ? JSON.stringify(appConfig) : undefined;

  const server = createServer((req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (csp) res.setHeader('Content-Security-Policy', csp);
    if (cors) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
    }
    if (configBody && req.url?.split('?')[0] === '/app-config.json') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' }).end(configBody);
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
