import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { HOST_SSR_FILE } from './build-layout.mjs';
import { createServerRenderer } from './server-render.mjs';

const hostDir = mkdtempSync(join(tmpdir(), 'agency-server-render-test-'));
after(() => rmSync(hostDir, { recursive: true, force: true }));

// A host build with one page that never finishes rendering (a remote's page stuck in a loop).
writeFileSync(
  join(hostDir, 'index.html'),
  '<html><head><!--page-head--><!--/page-head--></head><body><div id="root"><!--page-html--></div></body></html>',
);
mkdirSync(dirname(join(hostDir, HOST_SSR_FILE)), { recursive: true });
writeFileSync(
  join(hostDir, HOST_SSR_FILE),
  `exports.SITEMAP_PATHS = ['/'];
exports.renderPage = async ({ url }) => {
  if (url === '/stuck') for (;;);
  return { status: 200, head: '<title>' + url + '</title>', html: '<p>' + url + '</p>', scriptHashes: [], chunks: [] };
};`,
);

test('a page whose render is stuck costs its worker, not the pages after it, and is left to the browser until the next release', async () => {
  const lines = [];
  const renderer = createServerRenderer({ hostDir, log: (line) => lines.push(line), renderTimeoutMs: 3000 });
  try {
    const config = { siteUrl: 'http://site.test' };
    assert.match((await renderer.render('/', config)).html, /<p>\/<\/p>/);

    await assert.rejects(renderer.render('/stuck', config), /took over 3000 ms/);
    // The next page renders (in a fresh worker), and the stuck one is not tried again meanwhile.
    assert.match((await renderer.render('/terms-of-service', config)).html, /<p>\/terms-of-service<\/p>/);
    assert.equal(await renderer.render('/stuck', config), undefined);
    assert.ok(lines.some((line) => line.includes('/stuck is left to the browser until the next release')));

    // A release (a new configuration) tries it again.
    await assert.rejects(renderer.render('/stuck', { ...config }), /took over 3000 ms/);
  } finally {
    await renderer.close();
  }
});
