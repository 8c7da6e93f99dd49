#!/usr/bin/env node
// The API reference stage (typedoc), cold and cached, as the build reports it
// in its `api (typedoc)` stage line. Cold: the typedoc cache entries are
// removed first (other caches stay, so the rest of the build is warm);
// cached: the sources are unchanged, so typedoc does not run. Cold runs typedoc
// (FOLIO_API_SNAPSHOT=0); a site with api.snapshot is also measured with the
// typedoc cache removed and the model taken from its snapshot (a clean checkout).
// Two sites: this one (content/api, 38 exports) and the api-dts fixture
// (js-yaml's bundled .d.ts, about 100 exports). Prints medians of N runs.
//   node bench/api-stage.mjs [--runs 3] [--json]
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, folioBin, median, timed } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const work = path.join(here, '.work');

/** The api-dts fixture, copied out of test/ with its entry point made absolute. */
function dtsSite() {
  const dir = path.join(work, 'api-dts');
  rmSync(dir, { recursive: true, force: true });
  cpSync(path.join(repo, 'test/fixtures/api-dts'), dir, { recursive: true, filter: (src) => !/[\\/](out|\.folio-cache)([\\/]|$)/.test(src) });
  const config = path.join(dir, 'site.config.ts');
  const entry = path.join(repo, 'node_modules/js-yaml/dist/js-yaml.d.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace("'../../../node_modules/js-yaml/dist/js-yaml.d.ts'", JSON.stringify(entry)));
  return dir;
}

/** Builds once; returns the API stage's milliseconds and detail, and the whole build's seconds. */
function buildOnce({ root, outDir, snapshot = false }) {
  const r = timed(process.execPath, [folioBin, 'build', '--root', root, '--out', outDir, '--force'], {
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', FOLIO_API_SNAPSHOT: snapshot ? '1' : '0' },
  });
  const line = /✓ api \(typedoc\)\s+([\d.]+) (ms|s)\s+(generated|cached|from the snapshot)/.exec(r.stdout);
  if (!line) throw new Error(`no API stage line in the build output:\n${r.stdout}`);
  const ms = Number(line[1]) * (line[2] === 's' ? 1000 : 1);
  const pages = /Built (\d+) pages/.exec(r.stdout)?.[1];
  return { ms, mode: line[3], build: r.wall, pages: Number(pages) };
}

function measure({ id, name, root }) {
  const outDir = path.join(work, `api-out-${id}`);
  const cold = [];
  const cached = [];
  const fromSnapshot = [];
  const builds = { cold: [], cached: [], snapshot: [] };
  let pages = 0;
  for (let i = 0; i < runs; i++) {
    for (const namespace of ['api', 'api-manifest']) rmSync(path.join(root, '.folio-cache', namespace), { recursive: true, force: true });
    const first = buildOnce({ root, outDir });
    if (first.mode !== 'generated') throw new Error(`expected typedoc to run after clearing its cache, got ${first.mode}`);
    const second = buildOnce({ root, outDir });
    if (second.mode !== 'cached') throw new Error(`expected the cached model on an unchanged rebuild, got ${second.mode}`);
    cold.push(first.ms);
    cached.push(second.ms);
    builds.cold.push(first.build);
    builds.cached.push(second.build);
    pages = second.pages;
    for (const namespace of ['api', 'api-manifest']) rmSync(path.join(root, '.folio-cache', namespace), { recursive: true, force: true });
    const third = buildOnce({ root, outDir, snapshot: true });
    if (third.mode === 'from the snapshot') {
      fromSnapshot.push(third.ms);
      builds.snapshot.push(third.build);
    }
  }
  rmSync(outDir, { recursive: true, force: true });
  return {
    name,
    pages,
    coldMs: median(cold),
    cachedMs: median(cached),
    buildCold: median(builds.cold),
    buildCached: median(builds.cached),
    ...(fromSnapshot.length ? { snapshotMs: median(fromSnapshot), buildSnapshot: median(builds.snapshot) } : {}),
  };
}

const results = [
  measure({ id: 'site', name: 'this site (content/api, 38 exports)', root: repo }),
  measure({ id: 'dts', name: 'js-yaml .d.ts (api-dts fixture)', root: dtsSite() }),
];
rmSync(path.join(work, 'api-dts'), { recursive: true, force: true });

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(results, null, 2));
} else {
  console.log(`median of ${runs} run${runs === 1 ? '' : 's'}; API stage = typedoc or the cache check, as printed by the build`);
  for (const r of results) {
    console.log(`${r.name}:`);
    console.log(
      `  API stage  cold ${fmt(r.coldMs / 1000).padStart(8)}   cached ${fmt(r.cachedMs / 1000).padStart(8)}   (${Math.round(r.coldMs / Math.max(r.cachedMs, 0.5))}x)`,
    );
    if (r.snapshotMs !== undefined) console.log(`  API stage  from its snapshot (typedoc cache removed) ${fmt(r.snapshotMs / 1000)}`);
    console.log(
      `  whole build (other caches warm, ${r.pages} pages)  ${fmt(r.buildCold)} → ${fmt(r.buildCached)}${r.buildSnapshot !== undefined ? `; from the snapshot ${fmt(r.buildSnapshot)}` : ''}`,
    );
  }
}
