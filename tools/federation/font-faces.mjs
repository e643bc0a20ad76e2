// The UI kit's typeface, self-hosted: the latin and latin-ext subsets of Inter (variable weight, from
// @fontsource-variable/inter) are emitted into the build under content-hashed names, and every page's head
// declares them (index.html).
// The first view needs the latin subset only: it is preloaded, so it usually arrives with the first paint.
// `font-display: swap`: text paints at once in the fallback and takes Inter when it arrives, and the swap moves
// nothing, because the fallback is Arial scaled to Inter's own metrics: size-adjust from the two fonts' average
// character widths, ascent/descent/line-gap overrides from Inter's vertical metrics. Both are computed here,
// from the font file the build ships (@capsizecss/unpack reads it, @capsizecss/core turns it into the
// fallback's @font-face, as Next.js's font optimisation does), so they follow a new version of the font.
// (Before: `font-display: optional` without a preload, the fallback pinned for the view when the font missed
// the first 100 ms, and the same overrides typed in by hand.)
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import { fromBuffer } from '@capsizecss/unpack';

const require = createRequire(import.meta.url);
const packageDir = dirname(
  require.resolve('@fontsource-variable/inter/package.json', {
    paths: [join(import.meta.dirname, '../../shared/ui')],
  }),
);
const SUBSETS = ['latin', 'latin-ext'];
const TYPEFACE = JSON.parse(
  readFileSync(new URL('../../shared/ui/src/typeface.json', import.meta.url), 'utf8'),
);

/** The subset the first view needs (English text): preloaded, and the one the fallback's metrics come from. */
const PRELOADED_SUBSET = 'latin';

/**
 * The fallback face: Arial (or its metric twin Liberation Sans, on Linux) with Inter's metrics, computed by
 * capsize from Inter's file; the source list is ours (capsize names Arial only).
 */
async function fallbackFace(interFile) {
  const inter = await fromBuffer(interFile);
  const { fontFaces } = createFontStack([{ ...inter, familyName: TYPEFACE.family }, arial], {
    fontFaceFormat: 'styleObject',
  });
  const face = fontFaces[0]['@font-face'];
  const overrides = ['ascentOverride', 'descentOverride', 'lineGapOverride', 'sizeAdjust']
    .map((key) => `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${face[key]}`)
    .join(';');
  return (
    `@font-face{font-family:'${TYPEFACE.fallbackFamily}';` +
    `src:local('Arial'),local('ArialMT'),local('Helvetica Neue'),local('Liberation Sans');${overrides}}`
  );
}

/** The fallback face, computed once when the build config loads this module (top-level await). */
const FALLBACK_FACE = await fallbackFace(
  readFileSync(join(packageDir, 'files', `inter-${PRELOADED_SUBSET}-wght-normal.woff2`)),
);

/** @returns {{ files: { name: string, source: Buffer }[], css: string }} */
export function fontFaces(publicPath = '/') {
  const css = readFileSync(join(packageDir, 'wght.css'), 'utf8');
  const files = [];
  const faces = [];
  let preload = '';
  for (const subset of SUBSETS) {
    const block = css.match(new RegExp(`/\\* inter-${subset}-wght-normal \\*/\\s*@font-face \\{([^}]*)\\}`));
    if (!block) throw new Error(`@fontsource-variable/inter has no ${subset} subset`);
    const file = block[1].match(/url\(\.\/files\/([^)]+)\)/)[1];
    const range = block[1].match(/unicode-range:\s*([^;]+);/)[1];
    const source = readFileSync(join(packageDir, 'files', file));
    const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
    const name = `static/fonts/${file.replace(/\.woff2$/, `.${hash}.woff2`)}`;
    files.push({ name, source });
    faces.push(
      `@font-face{font-family:'${TYPEFACE.family}';font-style:normal;font-display:swap;font-weight:100 900;` +
        `src:url(${publicPath}${name}) format('woff2-variations'),url(${publicPath}${name}) format('woff2');unicode-range:${range}}`,
    );
    if (subset === PRELOADED_SUBSET) {
      preload = `<link rel="preload" href="${publicPath}${name}" as="font" type="font/woff2" crossorigin>`;
    }
  }
  return {
    files,
    css: `${preload}<style>${faces.join('')}${FALLBACK_FACE}</style>`,
  };
}

/** Emits the font files into the build. */
export class FontFilesPlugin {
  constructor(files) {
    this.files = files;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FontFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'FontFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const { name, source } of this.files)
            compilation.emitAsset(name, new sources.RawSource(source));
        },
      );
    });
  }
}
