import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import rspack from '@rspack/core';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { COMPILE_HINT, CompileHintsPlugin } from './compile-hints-plugin.mjs';

const dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));
after(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(
  join(dir, 'index.js'),
  'import(/* webpackChunkName: "start" */ "./start.js");\nimport(/* webpackChunkName: "later" */ "./later.js");\n',
);
writeFileSync(join(dir, 'start.js'), '// a comment\nexport const startsHere = () => "the start chunk";\n');
writeFileSync(join(dir, 'later.js'), 'export const later = () => "a later chunk";\n');

function build(groups) {
  const out = mkdtempSync(join(dir, 'dist-'));
  const compiler = rspack({
    context: dir,
    mode: 'production',
    devtool: 'hidden-source-map',
    entry: { main: './index.js' },
    output: { path: out, filename: '[name].js', chunkFilename: '[name].js' },
    plugins: [new CompileHintsPlugin(groups)],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => {});
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve((file) => readFileSync(join(out, file), 'utf8'));
    }),
  );
}

test('the named groups’ files begin with the hint, after minification; the others do not', async () => {
  const read = await build(['start']);
  assert.ok(read('start.js').startsWith(COMPILE_HINT));
  assert.ok(!read('start.js').includes('a comment'), 'the source’s own comment is minified away');
  assert.ok(!read('later.js').includes('allFunctionsCalledOnLoad'));
  assert.ok(!read('main.js').includes('allFunctionsCalledOnLoad'));
});

test('a hinted file’s source map still points at the source', async () => {
  const read = await build(['start']);
  const code = read('start.js');
  const line = code.split('\n').findIndex((text) => text.includes('the start chunk'));
  const column = code.split('\n')[line].indexOf('"the start chunk"');
  const position = originalPositionFor(new TraceMap(read('start.js.map')), { line: line + 1, column });
  assert.match(position.source, /start\.js$/);
  assert.equal(position.line, 2);
});

test('a group that is not in the build fails it, rather than hinting nothing', async () => {
  await assert.rejects(build(['renamed']), /No chunk named "renamed"/);
});
