// Renders the PNG brand images from their SVG sources with headless Chromium.
//
//   node scripts/render-images.mjs
//
// Sources and outputs live in content/static/img/. Set CHROMIUM=/path/to/chrome
// to use another browser binary (default: /usr/bin/chromium).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const imgDir = join(root, 'content', 'static', 'img');
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';

/**
 * Each job shows one SVG at an exact pixel size and screenshots it.
 * `background` is a CSS colour, or null for a transparent PNG; `padding`
 * (px, optional) insets the image on that background.
 */
const jobs = [
  { src: 'favicon.svg', out: 'favicon-32.png', width: 32, height: 32, background: null },
  // iOS draws touch icons on black where they are transparent and rounds the
  // corners itself, so this one is full-bleed on the brand green.
  // The SVG is drawn inset (padding) so the glyph keeps clear of that rounding.
  { src: 'favicon.svg', out: 'apple-touch-icon.png', width: 180, height: 180, background: '#2e8555', padding: 20 },
  { src: 'og-image.svg', out: 'og-image.png', width: 1200, height: 630, background: '#151517' },
];

function page({ src, width, height, background, padding = 0 }) {
  const url = pathToFileURL(join(imgDir, src)).href;
  const w = width - 2 * padding;
  const h = height - 2 * padding;
  return `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<style>
  html, body { margin: 0; padding: 0; overflow: hidden; width: ${width}px; height: ${height}px;
    background: ${background ?? 'transparent'}; }
  img { display: block; width: ${w}px; height: ${h}px; margin: ${padding}px; }
</style>
</head>
<body><img src="${url}" alt=""></body>
</html>
`;
}

if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium} (set CHROMIUM to override).`);
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'folio-render-'));
let failed = 0;
try {
  for (const job of jobs) {
    const html = join(work, `${job.out}.html`);
    const out = join(imgDir, job.out);
    const profile = mkdtempSync(join(work, 'profile-'));
    writeFileSync(html, page(job));
    if (existsSync(out)) rmSync(out);
    const args = [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
      '--hide-scrollbars',
      '--force-device-scale-factor=1',
      '--allow-file-access-from-files',
      `--window-size=${job.width},${job.height}`,
      `--screenshot=${out}`,
    ];
    if (job.background === null) args.push('--default-background-color=00000000');
    args.push(pathToFileURL(html).href);
    const res = spawnSync(chromium, args, { encoding: 'utf8', timeout: 60_000 });
    if (!existsSync(out) || statSync(out).size === 0) {
      failed++;
      console.error(`FAIL ${job.out}\n${res.stderr ?? ''}`);
    } else {
      console.log(`ok   ${job.out} (${job.width}x${job.height}, ${statSync(out).size} bytes)`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
