#!/usr/bin/env node
// Load on `folio preview` (the static server `folio serve` shares), local and bounded:
//  - 50 concurrent keep-alive connections (node's http Agent) requesting the built pages
//    and assets for ~5 s: requests per second, p50/p99 latency, errors by kind;
//  - 20 slow half-open connections (a partial request line, then nothing) held open
//    while normal requests are made on fresh connections: those still complete;
//  - a burst of malformed requests (bad ranges, URLs, methods): the server still answers.
// Prints figures only; nothing here passes or fails on time.
//   node bench/server-load.mjs [--root <site, default: this repo>] [--out out] [--seconds 5] [--connections 50] [--slow 20]
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { folioBin, startPreview } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const root = path.resolve(arg('root', path.resolve(here, '..')));
const outName = arg('out', 'out');
const seconds = Number(arg('seconds', '5'));
const connections = Number(arg('connections', '50'));
const slowCount = Number(arg('slow', '20'));

const outDir = path.resolve(root, outName);
if (!existsSync(path.join(outDir, 'index.html')) || !existsSync(path.join(folioBin, '..', '..', 'dist', 'cli.mjs'))) {
  console.error(`No built site in ${outDir} (or no dist/): run \`npm run build\` first, or pass --root <a built site>.`);
  process.exit(1);
}

// Paths to request: the pages in routes.json (at most 40), an asset they use, and a missing path.
function targets() {
  const list = ['/'];
  try {
    const routes = JSON.parse(readFileSync(path.join(outDir, 'routes.json'), 'utf8'));
    for (const route of routes.slice(0, 40)) if (typeof route.path === 'string') list.push(route.path);
  } catch {
    // no manifest: the home page alone
  }
  const home = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const asset = /(?:href|src)="(\/assets\/[^"]+)"/.exec(home)?.[1];
  if (asset) list.push(asset);
  list.push('/no/such/page');
  return [...new Set(list)];
}

function get(url, target, agent) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.get({ hostname: url.hostname, port: url.port, path: target, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      res.on('error', (error) => resolve({ error: error.code ?? error.message, ms: performance.now() - started }));
    });
    req.on('error', (error) => resolve({ error: error.code ?? error.message, ms: performance.now() - started }));
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
  });
}

function raw(url, text) {
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let data = '';
    socket.on('connect', () => socket.write(text));
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(data)?.[1]) || 'no answer'));
    socket.setTimeout(10_000, () => socket.destroy());
  });
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const ms = (value) => `${value.toFixed(1)} ms`;

const preview = await startPreview({ root, out: outName });
const { url } = preview;
const paths = targets();
console.log(`folio preview ${url.origin} serving ${path.relative(process.cwd(), outDir) || outDir}: ${paths.length} paths`);

// 1. Keep-alive load.
{
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const statuses = new Map();
  const errors = new Map();
  const end = performance.now() + seconds * 1000;
  let next = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const result = await get(url, paths[next++ % paths.length], agent);
      latencies.push(result.ms);
      if (result.error) errors.set(result.error, (errors.get(result.error) ?? 0) + 1);
      else statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log(`\nkeep-alive load: ${connections} connections for ${elapsed.toFixed(1)} s`);
  console.log(`  requests   ${latencies.length} (${Math.round(latencies.length / elapsed)} req/s)`);
  console.log(`  latency    p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? NaN)}`);
  console.log(`  statuses   ${[...statuses].map(([status, count]) => `${status}: ${count}`).join(', ')}`);
  console.log(`  errors     ${errorCount}${errorCount ? ` (${[...errors].map(([kind, count]) => `${kind}: ${count}`).join(', ')})` : ''}`);
}

// 2. Slow half-open connections: each sends part of a request line and stalls.
{
  const slow = await Promise.all(
    Array.from(
      { length: slowCount },
      () =>
        new Promise((resolve) => {
          const socket = net.connect(Number(url.port), url.hostname, () => {
            socket.write('GET /docs/ HT');
            resolve(socket);
          });
          socket.on('error', () => {});
        }),
    ),
  );
  const results = [];
  for (let index = 0; index < 20; index++) results.push(await get(url, paths[index % paths.length], new http.Agent({ keepAlive: false })));
  const done = results.filter((result) => result.status);
  const times = done.map((result) => result.ms).sort((a, b) => a - b);
  const open = slow.filter((socket) => !socket.destroyed).length;
  console.log(`\nslow connections: ${slowCount} half-open (partial request line, then nothing)`);
  console.log(`  normal requests meanwhile  ${done.length}/${results.length} completed, p50 ${ms(percentile(times, 50))}, max ${ms(times.at(-1) ?? NaN)}`);
  console.log(`  slow connections still open ${open}/${slowCount} (node closes them after its headers timeout)`);
  for (const socket of slow) socket.destroy();
}

// 3. Malformed requests, then a normal one.
{
  const malformed = [
    'GET / HTTP/1.1\r\nHost: x\r\nRange: bytes=100-50\r\nConnection: close\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: x\r\nRange: bytes=0-99999999999999999999\r\nConnection: close\r\n\r\n',
    'GET /% HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    'GET /%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    'GET //.. HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    'GET /%00 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    'FOO / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    'DELETE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    'CONNECT x:1 HTTP/1.1\r\nHost: x\r\n\r\n',
    `GET /${'x'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    'GET / HTTP/1.1\r\nHost: x\r\nIf-None-Match: *\r\nIf-Modified-Since: never\r\nAccept-Encoding: x-unknown\r\nConnection: close\r\n\r\n',
  ];
  const answers = [];
  for (const text of malformed) answers.push(await raw(url, text));
  const after = await get(url, '/', new http.Agent({ keepAlive: false }));
  console.log(`\nmalformed requests: ${malformed.length} sent, answered ${answers.join(', ')}`);
  console.log(
    `  afterwards GET / → ${after.status ?? after.error}; folio preview ${preview.child.exitCode === null ? 'still running' : `exited (${preview.child.exitCode})`}`,
  );
}

preview.child.kill('SIGINT');
await new Promise((resolve) => preview.child.once('exit', resolve));
