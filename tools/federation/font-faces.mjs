// The UI kit's typeface, self-hosted: the latin and latin-ext subsets of Inter (variable weight, from
// @fontsource-variable/inter) are emitted into the build under content-hashed names, and every page's head
// declares them (index.html).
// `font-display: optional`: the font is used when it arrives within the first ~100 ms (it is cached for good
// after the first visit), otherwise the page keeps the fallback for that view, so text never re-lays out. The
// fallback face is Arial scaled to Inter's metrics, so the two set text alike.
// Not preloaded: in Chromium 156 a font preload that is still loading when the body arrives, with scripts
// loading beside it, holds the first paint 1-2 s (Lighthouse traces of `/`: first paint at 1.3-2.4 s with the
// preload, 0.35-0.44 s without). The cost: a first visit is more likely to keep the fallback.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

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

// Inter's vertical metrics (ascender 0.96875, descender 0.2412 of the em) and its width against Arial (107%).
const FALLBACK_FACE =
  `@font-face{font-family:'${TYPEFACE.fallbackFamily}';src:local('Arial'),local('Helvetica Neue'),local('Liberation Sans');` +
  'ascent-override:90.44%;descent-override:22.52%;line-gap-override:0%;size-adjust:107.12%}';

/** @returns {{ files: { name: string, source: Buffer }[], css: string }} */
export function fontFaces(publicPath = '/') {
  const css = readFileSync(join(packageDir, 'wght.css'), 'utf8');
  const files = [];
  const faces = [];
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
      `@font-face{font-family:'${TYPEFACE.family}';font-style:normal;font-display:optional;font-weight:100 900;` +
        `src:url(${publicPath}${name}) format('woff2-variations'),url(${publicPath}${name}) format('woff2');unicode-range:${range}}`,
    );
  }
  return {
    files,
    css: `<style>${faces.join('')}${FALLBACK_FACE}</style>`,
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
