// `npm run brand:icons`: draws the raster half of the favicon set and the social card from the brand
// (shared/ui/src/brand/brand.json) in Debian's Chromium, into host/public/ (copied into the host's build as they
// are). Run it after changing the brand's name, colours or logo, and commit the files; the SVG favicon and the
// web app manifest are written by the build itself (brand-files.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../product/chromium.mjs';
import { logoSvg, readBrand } from './brand-files.mjs';

const require = createRequire(import.meta.url);
const out = fileURLToPath(new URL('../../host/public/', import.meta.url));
const brand = readBrand();
const font = readFileSync(
  join(
    require.resolve('@fontsource-variable/inter/package.json', {
      paths: [fileURLToPath(new URL('../../shared/ui', import.meta.url))],
    }),
    '..',
    'files',
    'inter-latin-wght-normal.woff2',
  ),
).toString('base64');

/** The mark alone, filling the square (favicons), or centred on the brand colour with room around it (app icons). */
const iconPage = (size, padded) => `
  <body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${padded ? brand.colors['600'] : 'transparent'}">
    ${logoSvg(brand, { size: padded ? Math.round(size * 0.72) : size })}
  </body>`;

const socialCard = `
  <style>
    @font-face { font-family: Inter; src: url(data:font/woff2;base64,${font}) format('woff2'); font-weight: 100 900; }
    body { margin: 0; width: 1200px; height: 630px; font-family: Inter, sans-serif; color: white;
      background: linear-gradient(135deg, ${brand.colors['900']}, ${brand.colors['600']}); display: flex;
      flex-direction: column; justify-content: center; padding: 0 96px; box-sizing: border-box; }
    .brand { display: flex; align-items: center; gap: 24px; font-size: 44px; font-weight: 700; letter-spacing: -0.02em; }
    .brand svg { border-radius: 18px; box-shadow: 0 0 0 4px rgba(255,255,255,.25); }
    h1 { font-size: 76px; line-height: 1.05; letter-spacing: -0.03em; margin: 56px 0 28px; max-width: 950px; }
    p { font-size: 32px; margin: 0; color: ${brand.colors['100']}; max-width: 950px; }
  </style>
  <body>
    <div class="brand">${logoSvg(brand, { size: 88 })}${brand.name}</div>
    <h1>Turning Ideas into Digital Solutions</h1>
    <p>${brand.tagline}</p>
  </body>`;

/** An .ico holding one PNG (every browser that asks for /favicon.ico reads PNG-in-ICO). */
function icoFromPng(png, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8);
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

const browser = await launchChromium();
try {
  const shoot = async (html, width, height, transparent = false, type = 'png') => {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.setContent(html);
    await page.evaluate(() => document.fonts.ready);
    const png = await page.screenshot({
      omitBackground: transparent,
      type,
      ...(type === 'jpeg' && { quality: 88 }),
    });
    await page.close();
    return png;
  };
  writeFileSync(join(out, 'favicon.ico'), icoFromPng(await shoot(iconPage(32, false), 32, 32, true), 32));
  writeFileSync(join(out, 'apple-touch-icon.png'), await shoot(iconPage(180, true), 180, 180));
  writeFileSync(join(out, 'icon-192.png'), await shoot(iconPage(192, true), 192, 192));
  writeFileSync(join(out, 'icon-512.png'), await shoot(iconPage(512, true), 512, 512));
  writeFileSync(join(out, 'social-card.jpg'), await shoot(socialCard, 1200, 630, false, 'jpeg'));
  console.log(
    `Wrote favicon.ico, apple-touch-icon.png, icon-192.png, icon-512.png and social-card.jpg to ${out}`,
  );
} finally {
  await browser.close();
}
