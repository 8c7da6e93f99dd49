#!/usr/bin/env node
// Prefetch weight: the page-data bytes a page fetches after it has loaded,
// before the reader does anything (2.5 s of idle), and after the reader
// hovers one link. Builds this site into a temporary folder and serves it;
// needs Chromium at /usr/bin/chromium (FOLIO_CHROMIUM to change).
//   node bench/prefetch-bytes.mjs
import { execFileSync } from 'node:child_process';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { startPreview } from './lib.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = ['/blog/asyncapi-client-generator', '/blog', '/docs/usage'];
const temp = mkdtempSync(path.join(os.tmpdir(), 'folio-prefetch-'));
const out = path.join(temp, 'out');
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

execFileSync(process.execPath, [path.join(root, 'bin/folio'), 'build', '--root', root, '--out', out, '--quiet'], { stdio: ['ignore', 'ignore', 'inherit'] });
const { chromium } = createRequire(path.join(root, 'package.json'))('playwright-core');
const server = await startPreview({ root, out });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
console.log('page-data fetched after load (no interaction for 2.5 s), raw / gzip -9');
console.log('| page | chunks | raw | gzip |');
console.log('|---|---:|---:|---:|');
try {
  for (const page of PAGES) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const tab = await context.newPage();
    const bodies = [];
    tab.on('response', async (response) => {
      if (!response.url().includes('/assets/data/')) return;
      try {
        bodies.push(await response.body());
      } catch {}
    });
    await tab.goto(server.url.origin + page, { waitUntil: 'load' });
    await tab.waitForTimeout(2500);
    const raw = bodies.reduce((sum, body) => sum + body.length, 0);
    const gzip = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    console.log(`| ${page} | ${bodies.length} | ${kb(raw)} | ${kb(gzip)} |`);
    await context.close();
  }
} finally {
  await browser.close();
  server.child.kill();
  rmSync(temp, { recursive: true, force: true });
}
