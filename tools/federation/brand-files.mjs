// The brand's files (shared/ui/src/brand/brand.json): the SVG favicon and the web app manifest are written
// into the host's build from it; the PNG icons and the social card are drawn from the same mark by
// `npm run brand:icons` into host/public (rasterising needs a browser, which a build should not launch).
import { readFileSync } from 'node:fs';

const BRAND_FILE = new URL('../../shared/ui/src/brand/brand.json', import.meta.url);

export function readBrand() {
  return JSON.parse(readFileSync(BRAND_FILE, 'utf8'));
}

const color = (brand, value) => (value && value in brand.colors ? brand.colors[value] : value);

/** The logo mark as an SVG document. */
export function logoSvg(brand = readBrand(), { size } = {}) {
  const shapes = brand.logo.shapes
    .map(
      (shape) =>
        `<path d="${shape.d}" fill="${color(brand, shape.fill) ?? 'none'}"` +
        (shape.stroke
          ? ` stroke="${color(brand, shape.stroke)}" stroke-width="${shape.strokeWidth ?? 1}" stroke-linecap="round"`
          : '') +
        '/>',
    )
    .join('');
  const dimensions = size ? ` width="${size}" height="${size}"` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${brand.logo.viewBox}"${dimensions}>${shapes}</svg>`;
}

/** The icon set's links for every page's head. */
export function iconLinks(brand = readBrand()) {
  return [
    '<link rel="icon" href="/favicon.ico" sizes="32x32">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
    '<link rel="manifest" href="/site.webmanifest">',
    `<meta name="theme-color" content="${brand.colors['600']}">`,
  ];
}

/** Writes favicon.svg and site.webmanifest into the host's build. */
export class BrandFilesPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('BrandFilesPlugin', (compilation) => {
      compilation.fileDependencies.add(BRAND_FILE.pathname);
      compilation.hooks.processAssets.tap(
        { name: 'BrandFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const brand = readBrand();
          compilation.emitAsset('favicon.svg', new sources.RawSource(logoSvg(brand)));
          const manifest = {
            name: brand.name,
            short_name: brand.shortName,
            description: brand.tagline,
            start_url: '/',
            display: 'browser',
            background_color: '#ffffff',
            theme_color: brand.colors['600'],
            icons: [
              { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
              { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
              { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
            ],
          };
          compilation.emitAsset(
            'site.webmanifest',
            new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`),
          );
        },
      );
    });
  }
}
