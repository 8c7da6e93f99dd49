#!/usr/bin/env node
// The client budget: what a first visit downloads for a page, before any
// prefetch. Builds this site into a temporary folder, then for the home
// page, a docs page and a blog post reports the JavaScript (external
// scripts and the inline ones), the HTML and the CSS, raw and gzip -9.
// The scripts are the ones Chromium actually requests while loading the
// page (when /usr/bin/chromium is there), else the ones the HTML names.
// Budget: 80 kB gzip of JavaScript per page, React included.
//   node bench/client-budget.mjs [--keep]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET = 80_000;
const PAGES = [
  ['home', '/'],
  ['docs page', '/docs/usage'],
  ['blog post', '/blog/asyncapi-client-generator'],
];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const temp = mkdtempSync(path.join(os.tmpdir(), 'folio-budget-'));
const out = path.join(temp, 'out');
const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

execFileSync(process.execPath, [path.join(root, 'bin/folio'), 'build', '--root', root, '--out', out, '--quiet'], { stdio: ['ignore', 'ignore', 'inherit'] });

const fileOf = (url) => path.join(out, decodeURIComponent(url.split(/[?#]/)[0]).replace(/^\//, ''));
const htmlOf = (page) => readFileSync(path.join(out, page === '/' ? 'index.html' : `${page.slice(1)}/index.html`));
const inlineScripts = (html) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
const namedScripts = (html) => [
  ...new Set([...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g), ...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1])),
];
const styles = (html) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);

async function requestedScripts() {
  const chromium = process.env.FOLIO_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) return undefined;
  const { chromium: launcher } = await import('playwright-core');
  const server = await staticServer(out);
  const browser = await launcher.launch({
    executablePath: chromium,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const found = {};
  try {
    for (const [, page] of PAGES) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      const scripts = new Set();
      tab.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
      });
      await tab.goto(server.url + page, { waitUntil: 'load' });
      await tab.waitForSelector('html[data-folio-hydrated]', { state: 'attached' });
      found[page] = [...scripts];
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return found;
}

// A minimal static server for the built folder (pages and assets; nothing else is needed here).
async function staticServer(dir) {
  const http = await import('node:http');
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      let file = path.join(dir, decodeURIComponent(req.url.split('?')[0]));
      if (existsSync(path.join(file, 'index.html'))) file = path.join(file, 'index.html');
      if (!existsSync(file)) {
        res.statusCode = 404;
        return res.end();
      }
      res.setHeader(
        'Content-Type',
        file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : file.endsWith('.json') ? 'application/json' : 'text/html',
      );
      res.end(readFileSync(file));
    });
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((done) => server.close(done)) }));
  });
}

let requested;
try {
  requested = await requestedScripts();
} catch (error) {
  console.log(`  (Chromium measurement failed, using the scripts the HTML names: ${error.message})`);
}

console.log(`  ${requested ? 'scripts as requested by Chromium' : 'scripts as named in the HTML'}; gzip -9; budget ${kb(BUDGET)} of JavaScript per page`);
console.log('  | page | JS files | JS gzip (files + inline) | JS raw | HTML raw / gzip | CSS raw / gzip | budget |');
console.log('  |---|---:|---:|---:|---:|---:|---|');
let over = false;
for (const [name, page] of PAGES) {
  const html = htmlOf(page);
  const text = html.toString('utf8');
  const scripts = requested?.[page] ?? namedScripts(text);
  const bodies = scripts.map((url) => readFileSync(fileOf(url)));
  const inline = Buffer.from(inlineScripts(text));
  const jsGzip = bodies.reduce((sum, body) => sum + gz(body), 0) + gz(inline);
  const jsRaw = bodies.reduce((sum, body) => sum + body.length, 0) + inline.length;
  const css = styles(text).map((url) => readFileSync(fileOf(url)));
  const cssRaw = css.reduce((sum, body) => sum + body.length, 0);
  const cssGzip = css.reduce((sum, body) => sum + gz(body), 0);
  const ok = jsGzip <= BUDGET;
  over ||= !ok;
  console.log(
    `  | ${name} (${page}) | ${scripts.length} | ${kb(jsGzip)} (${bodies.map((body) => kb(gz(body))).join(' + ')} + ${kb(gz(inline))}) | ${kb(jsRaw)} | ${kb(html.length)} / ${kb(gz(html))} | ${kb(cssRaw)} / ${kb(cssGzip)} | ${ok ? 'within' : 'OVER'} |`,
  );
}
if (!process.argv.includes('--keep')) rmSync(temp, { recursive: true, force: true });
if (over) {
  console.log('  Over budget: a page loads more than 80 kB gzip of JavaScript.');
  process.exitCode = 1;
}
