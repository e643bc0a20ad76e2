// The product's pages as the server renders them, minus every script: a proxy in front of the host that
// removes <script> elements and the preloads of scripts (and of the federation manifests only scripts read)
// from each HTML document, and passes everything else (styles, fonts, images) through as it is. What
// bench:lighthouse compares a page with: the cost of the same HTML without any JavaScript.
import { createServer } from 'node:http';

const SCRIPTS = /<script\b[^>]*>[\s\S]*?<\/script>/gi;
const SCRIPT_PRELOADS = /<link\b[^>]*\brel="(?:preload|modulepreload)"[^>]*\bas="(?:script|fetch)"[^>]*>/gi;
const MODULE_PRELOADS = /<link\b[^>]*\brel="modulepreload"[^>]*>/gi;
const HOP_HEADERS = ['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'];

/** @param {string} origin the host's URL; @returns {Promise<{ url: string, close: () => Promise<void> }>} */
export async function startWithoutScripts(origin) {
  const server = createServer(async (request, response) => {
    try {
      const upstream = await fetch(new URL(request.url ?? '/', origin), {
        method: request.method,
        headers: { accept: request.headers.accept ?? '*/*' },
        redirect: 'manual',
      });
      const headers = Object.fromEntries(
        [...upstream.headers].filter(([name]) => !HOP_HEADERS.includes(name.toLowerCase())),
      );
      const isHtml = (upstream.headers.get('content-type') ?? '').includes('text/html');
      const body = isHtml
        ? Buffer.from(
            (await upstream.text())
              .replace(SCRIPTS, '')
              .replace(SCRIPT_PRELOADS, '')
              .replace(MODULE_PRELOADS, ''),
          )
        : Buffer.from(await upstream.arrayBuffer());
      response.writeHead(upstream.status, { ...headers, 'content-length': body.length });
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch (error) {
      response.writeHead(502).end(String(error));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // The browser keeps its connections open: without this, close() would wait for it.
        server.closeAllConnections();
      }),
  };
}
