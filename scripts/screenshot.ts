// Screenshots of the built site (out/) for looking at pages as a reader does.
// npx tsx scripts/screenshot.ts [outDir] <path>... → /tmp/folio-shots/<name>-<width>-<mode>.png
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startStaticServer } from '../src/dev/static-server.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const args = process.argv.slice(2);
const outDir =
  args[0]?.startsWith('/') && !args[0].startsWith('/docs') && !args[0].startsWith('/blog') && args[0] !== '/' ? args.shift()! : path.resolve('out');
const paths = args.length ? args : ['/'];
const shots = '/tmp/folio-shots';
mkdirSync(shots, { recursive: true });
const server = await startStaticServer({ root: outDir });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
const widths = (process.env.WIDTHS ?? '1280,390').split(',').map(Number);
const modes = (process.env.MODES ?? 'light,dark').split(',');
for (const p of paths) {
  for (const width of widths) {
    for (const mode of modes) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addInitScript((m) => localStorage.setItem('folio.theme', m), mode);
      const page = await context.newPage();
      page.on('console', (msg) => {
        if (msg.type() === 'error' || msg.type() === 'warning') console.log(`[${p}] console.${msg.type()}: ${msg.text()}`);
      });
      page.on('pageerror', (err) => console.log(`[${p}] pageerror: ${err.message}`));
      await page.goto(server.url + p, { waitUntil: 'networkidle' });
      const name = p.replace(/\//g, '_') || 'home';
      const file = path.join(shots, `${name}-${width}-${mode}.png`);
      await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
      console.log(file);
      await context.close();
    }
  }
}
await browser.close();
await server.close();
