#!/usr/bin/env node
// Dev loop benchmark: `folio serve` on a copy of this site.
//  - edit-to-disk: saving a docs page → its updated HTML on disk (polled), median;
//  - edit-to-reload: saving it → the open page in Chromium reloaded with the change
//    (the new document's load event, text visible), median;
//  - a blog post's body edit: which routes were re-rendered (from the SSE event);
//  - RSS of the `folio serve` process before and after 500 consecutive edits.
//   node bench/dev-loop.mjs [--edits 40] [--memory-edits 500] [--page docs/getting-started.md]
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './lib.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const edits = Number(arg('edits', '40'));
const memoryEdits = Number(arg('memory-edits', '500'));
const pageFile = arg('page', 'docs/getting-started.md');
const postFile = arg('post', 'blog/2025-06-02-asyncapi-payload-generator/index.md');

// 1. A copy of this site (content and config), served with folio's own theme.
const site = path.join(here, '.work', 'dev-loop-site');
rmSync(site, { recursive: true, force: true });
mkdirSync(site, { recursive: true });
cpSync(path.join(root, 'content'), path.join(site, 'content'), { recursive: true });
cpSync(path.join(root, 'site.config.ts'), path.join(site, 'site.config.ts'));
if (!existsSync(path.join(root, 'dist', 'cli.mjs'))) {
  const { buildSelf } = await import(path.join(root, 'scripts', 'build-self.mjs'));
  await buildSelf();
}

const child = spawn(process.execPath, [path.join(root, 'bin', 'folio'), 'serve', '--root', site, '--port', '0'], {
  env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (chunk) => (output += chunk));
child.stderr.on('data', (chunk) => (output += chunk));
const fail = (message) => {
  child.kill('SIGINT');
  console.error(`${message}\n--- folio serve output ---\n${output.slice(-4000)}`);
  process.exit(1);
};
const url = await new Promise((resolve) => {
  const timer = setInterval(() => {
    const match = /folio serve\s+(http:\/\/\S+)/.exec(output);
    if (match) {
      clearInterval(timer);
      resolve(match[1].replace(/\/$/, ''));
    }
    if (child.exitCode !== null) fail('folio serve exited');
  }, 10);
});

const rssMb = () => {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
};
const rssAfterFirstBuild = rssMb();

// 2. An SSE client: every `update` / `build-error` event, in order.
const events = [];
let notify = () => {};
http.get(`${url}/__folio/events`, (res) => {
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (name && name !== 'hello') {
        events.push({ name, data: JSON.parse(data), at: performance.now() });
        notify();
      }
    }
  });
});
const nextEvent = (count) =>
  new Promise((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error('no update event within 30 s')), 30_000);
    const check = () => {
      if (events.length >= count) {
        clearTimeout(timeout);
        resolve(events[count - 1]);
      } else notify = check;
    };
    check();
  });

const source = path.join(site, 'content', pageFile);
const original = readFileSync(source, 'utf8');
const route = `/docs/${pageFile
  .replace(/^docs\//, '')
  .replace(/(README|index)\.mdx?$/, '')
  .replace(/\.mdx?$/, '')}`;
const htmlFile = path.join(site, 'out', route.slice(1), 'index.html');
let counter = 0;
const edit = () => {
  const marker = `devloop-marker-${++counter}-${Date.now()}`;
  writeFileSync(source, `${original}\n\nEdited paragraph ${marker}.\n`);
  return marker;
};
const waitForDisk = async (marker, started) => {
  for (;;) {
    try {
      if (readFileSync(htmlFile, 'utf8').includes(marker)) return performance.now() - started;
    } catch {
      // mid-rename: read again
    }
    if (performance.now() - started > 30_000) fail('the edited page never reached the disk');
    await new Promise((resolve) => setImmediate(resolve));
  }
};

// 3. Edit-to-disk (no browser open: nothing else competes for the CPU).
const disk = [];
for (let i = 0; i < edits + 3; i++) {
  const before = events.length;
  const started = performance.now();
  const marker = edit();
  const ms = await waitForDisk(marker, started);
  await nextEvent(before + 1);
  if (i >= 3) disk.push(ms);
}
const lastDisk = events.at(-1).data;

// 4. Edit-to-reload in Chromium.
let reload = [];
let reloadNote = '';
try {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage();
  await page.goto(`${url}${route}`);
  await page.waitForFunction(() => Boolean(window.__folioDev));
  for (let i = 0; i < edits + 3; i++) {
    const loaded = page.waitForEvent('load', { timeout: 30_000 });
    const started = performance.now();
    const marker = edit();
    await loaded;
    await page.waitForFunction((text) => document.body.innerText.includes(text), marker, { timeout: 30_000, polling: 'raf' });
    if (i >= 3) reload.push(performance.now() - started);
  }
  await browser.close();
  reloadNote = 'Chromium (headless): save → the reloaded page has loaded and shows the change';
} catch (error) {
  reload = [];
  reloadNote = `Chromium unavailable (${error.message.split('\n')[0]})`;
}

// 5. A blog post's body (not its metadata): what is re-rendered.
const postSource = path.join(site, 'content', postFile);
const postText = readFileSync(postSource, 'utf8');
let before = events.length;
writeFileSync(postSource, `${postText}\n\nAn added closing paragraph.\n`);
const postEvent = (await nextEvent(before + 1)).data;
writeFileSync(postSource, postText);
await nextEvent(before + 2);

// 6. Memory over consecutive edits.
writeFileSync(source, original);
await nextEvent(events.length + 1);
const rssStart = rssMb();
const memoryTimes = [];
const samples = [];
for (let i = 0; i < memoryEdits; i++) {
  if (i % 10 === 0) samples.push(rssMb());
  before = events.length;
  const started = performance.now();
  edit();
  const event = await nextEvent(before + 1);
  if (event.name !== 'update') fail(`edit ${i} failed: ${JSON.stringify(event.data)}`);
  memoryTimes.push(event.at - started);
}
const rssEnd = rssMb();

child.kill('SIGINT');
await new Promise((resolve) => child.on('exit', resolve));
writeFileSync(source, original);

// 7. The same edits through the API with forced GCs: the heap in use, which RSS only hints at.
const heapScript = `
  import { readFileSync, writeFileSync } from 'node:fs';
  const { BuildSession } = await import(${JSON.stringify(path.join(root, 'dist', 'index.mjs'))});
  const logger = { info() {}, stage() {}, warn() {}, error() {} };
  const session = new BuildSession({ root: ${JSON.stringify(site)}, outDir: 'out-heap', logger });
  const result = await session.build();
  if (!result.ok) throw result.error;
  const file = ${JSON.stringify(source)};
  const original = readFileSync(file, 'utf8');
  const heap = () => { gc(); gc(); return process.memoryUsage().heapUsed / 1048576; };
  const samples = [];
  for (let i = 0; i <= ${memoryEdits}; i++) {
    if (i % 100 === 0) samples.push(heap());
    writeFileSync(file, original + '\\n\\nHeap edit ' + i + '.\\n');
    const update = await session.update([{ path: file, type: 'change' }]);
    if (!update.ok) throw update.error;
  }
  writeFileSync(file, original);
  console.log(JSON.stringify(samples));
`;
const heapRun = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', heapScript], { encoding: 'utf8', timeout: 20 * 60_000 });
const heapSamples = heapRun.status === 0 ? JSON.parse(heapRun.stdout.trim().split('\n').pop()) : undefined;

const ms = (value) => `${Math.round(value)} ms`;
const windows = (values, size) => Array.from({ length: Math.ceil(values.length / size) }, (_, i) => values.slice(i * size, (i + 1) * size));
const lines = [
  `site: this site (${JSON.parse(readFileSync(path.join(site, 'out', 'routes.json'), 'utf8')).length} routes), page edited: content/${pageFile} (${Math.round(original.length / 1024)} KB)`,
  `edit → HTML on disk:   median ${ms(median(disk))} (min ${ms(Math.min(...disk))}, max ${ms(Math.max(...disk))}, ${disk.length} saves; re-rendered: ${lastDisk.rendered.join(', ')}; rebuild itself ${lastDisk.durationMs} ms)`,
  reload.length
    ? `edit → page reloaded:  median ${ms(median(reload))} (min ${ms(Math.min(...reload))}, max ${ms(Math.max(...reload))}, ${reload.length} saves; ${reloadNote})`
    : `edit → page reloaded:  not measured: ${reloadNote}`,
  `blog post body edit (content/${postFile}): re-rendered ${postEvent.rendered.length} routes: ${postEvent.rendered.join(', ')}`,
  `memory (RSS of folio serve): ${rssAfterFirstBuild.toFixed(0)} MB after the first build; ${rssStart.toFixed(0)} MB before ${memoryEdits} consecutive edits (after the ${counter - memoryEdits} edits above), ${rssEnd.toFixed(0)} MB after them; highest RSS in each 100 edits: ${windows(
    samples,
    10,
  )
    .map((w) => Math.round(Math.max(...w)))
    .join(', ')} MB, lowest: ${windows(samples, 10)
    .map((w) => Math.round(Math.min(...w)))
    .join(', ')} MB (sampled every 10 edits); median save → update event over those edits ${ms(median(memoryTimes))}`,
  heapSamples
    ? `heap in use after GC (same edits through the BuildSession API, every 100 edits): ${heapSamples.map((mb) => mb.toFixed(1)).join(', ')} MB`
    : `heap in use after GC: not measured (${heapRun.stderr.trim().split('\n').pop()})`,
];
console.log(lines.join('\n'));
