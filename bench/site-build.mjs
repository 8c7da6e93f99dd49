#!/usr/bin/env node
// Build time of this site: cold (cache and output cleared), warm (nothing
// changed) and with one docs page changed. Prints medians of N runs.
//   node bench/site-build.mjs [--runs 5] [--json]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emptyTrash, fmt, folioBin, median, setAside, timed } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const outDir = path.join(root, 'bench/.work/site-out');
const page = path.join(root, 'content/docs/getting-started.md');

const build = (...extra) => timed(process.execPath, [folioBin, 'build', '--root', root, '--out', outDir, '--quiet', ...extra]);
const stageTimes = (...extra) => {
  const r = timed(process.execPath, [folioBin, 'build', '--root', root, '--out', outDir, ...extra]);
  return r.stdout;
};

export function measureSite() {
  const cold = [];
  const warm = [];
  const changed = [];
  const forced = [];
  const original = readFileSync(page, 'utf8');
  try {
    for (let i = 0; i < runs; i++) {
      setAside([path.join(root, '.folio-cache'), outDir]);
      cold.push(build());
      warm.push(build());
      forced.push(build('--force'));
      writeFileSync(page, `${original}\nEdited for the benchmark, run ${i}.\n`);
      changed.push(build());
      writeFileSync(page, original);
    }
  } finally {
    writeFileSync(page, original);
  }
  return {
    cold: median(cold.map((r) => r.wall)),
    warm: median(warm.map((r) => r.wall)),
    onePageChanged: median(changed.map((r) => r.wall)),
    forced: median(forced.map((r) => r.wall)),
    coldRssMb: median(cold.map((r) => r.rssMb ?? 0)),
    runs,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = measureSite();
  emptyTrash();
  if (process.argv.includes('--json')) console.log(JSON.stringify(result));
  else {
    console.log(`This site (${runs} runs, medians, whole process wall time):`);
    console.log(`  cold (no cache, no out/)   ${fmt(result.cold)}   peak RSS ${Math.round(result.coldRssMb)} MB`);
    console.log(`  warm (nothing changed)     ${fmt(result.warm)}`);
    console.log(`  every stage, caches warm   ${fmt(result.forced)}   (--force)`);
    console.log(`  one docs page changed      ${fmt(result.onePageChanged)}`);
    console.log('\nStages of a warm build with --force:');
    console.log(stageTimes('--force'));
  }
}
