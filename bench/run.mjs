#!/usr/bin/env node
// The whole benchmark (npm run bench):
//  1. folio, Hugo and Eleventy on the same generated corpus (N = 1,000 and
//     10,000), cold, run in turn (A B C A B C ...), medians, wall and CPU ratios, peak RSS;
//  2. warm rebuilds of the 10k corpus (nothing changed, one page changed);
//  3. this site: cold, warm, one page changed; cold against Docusaurus
//     (docusaurus-site.mjs; with the peers, installed from npm on first use);
//  4. the feature benchmarks (API stage, client budget, dev loop) when present.
// Writes bench/RESULTS.md.
//   node bench/run.mjs [--sizes 1000,10000] [--runs N] [--no-peers] [--quick]
//   (rounds: 5 at 1,000 pages and below, where one round takes seconds and a build moves by a tenth
//   from one round to the next; 3 above; --runs sets both)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emptyTrash, fmt, folioBin, median, setAside, timed } from './lib.mjs';
import { ensureEleventy, ensureHugo, eleventyVersion, hugoVersion, setupEleventy, setupHugo } from './peers.mjs';
import { measureAgainstDocusaurus } from './docusaurus-site.mjs';
import { measureSite } from './site-build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const work = path.join(here, '.work');
const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const quick = process.argv.includes('--quick');
const sizes = arg('sizes', quick ? '1000' : '1000,10000')
  .split(',')
  .map(Number);
const runsArg = arg('runs', quick ? '1' : undefined);
/** Cold rounds per tool at `n` pages: a median of five where a round is cheap, of three where it takes minutes. */
const roundsFor = (n) => Number(runsArg ?? (n <= 1000 ? 5 : 3));
const withPeers = !process.argv.includes('--no-peers');

mkdirSync(work, { recursive: true });
const results = { sizes: [], site: undefined, extra: [] };

function corpus(n) {
  const dir = path.join(work, `corpus-${n}`);
  if (!existsSync(path.join(dir, 'docs'))) execFileSync(process.execPath, [path.join(here, 'make-corpus.mjs'), dir, String(n)], { stdio: 'inherit' });
  writeFileSync(
    path.join(dir, 'site.config.ts'),
    `import { defineConfig } from 'folio';\nexport default defineConfig({ title: 'Corpus', url: 'https://bench.example', docs: { path: 'docs', routeBasePath: '/docs' } });\n`,
  );
  return dir;
}

function folioTool(dir) {
  return {
    name: 'folio',
    clean: () => setAside([path.join(dir, '.folio-cache'), path.join(dir, 'out')]),
    run: (...extra) => timed(process.execPath, [folioBin, 'build', '--root', dir, '--quiet', ...extra]),
    pages: () => JSON.parse(readFileSync(path.join(dir, 'out/routes.json'), 'utf8')).length,
  };
}

function hugoTool(dir) {
  const site = path.join(work, `hugo-${path.basename(dir)}`);
  setupHugo({ siteDir: site, corpusDocs: path.join(dir, 'docs') });
  return {
    name: 'Hugo',
    clean: () => setAside(['public', 'resources', '.hugo_build.lock'].map((sub) => path.join(site, sub))),
    run: () => timed('hugo', ['--quiet', '--source', site, '--destination', path.join(site, 'public')]),
  };
}

function eleventyTool(dir, bin) {
  const site = path.join(work, `eleventy-${path.basename(dir)}`);
  setupEleventy({ siteDir: site, corpusDocs: path.join(dir, 'docs'), peersDir: path.join(work, 'peers') });
  return {
    name: 'Eleventy',
    clean: () => setAside([path.join(site, '_site')]),
    run: () => timed(process.execPath, [bin, '--quiet'], { cwd: site }),
  };
}

let peers = [];
if (withPeers) {
  const hugo = ensureHugo();
  const eleventy = ensureEleventy(work);
  peers = [hugo ? 'hugo' : undefined, eleventy ? eleventy : undefined].filter(Boolean);
}

for (const n of sizes) {
  const dir = corpus(n);
  const tools = [folioTool(dir)];
  if (peers.includes('hugo')) tools.push(hugoTool(dir));
  const eleventyBin = peers.find((p) => p !== 'hugo');
  if (eleventyBin) tools.push(eleventyTool(dir, eleventyBin));
  const samples = Object.fromEntries(tools.map((t) => [t.name, []]));
  const runs = roundsFor(n);
  for (let i = 0; i < runs; i++) {
    for (const tool of tools) {
      tool.clean();
      const r = tool.run();
      samples[tool.name].push(r);
      console.log(`N=${n} run ${i + 1}/${runs} ${tool.name.padEnd(8)} ${fmt(r.wall)}  CPU ${fmt(r.cpu ?? 0)}  peak RSS ${Math.round(r.rssMb ?? 0)} MB`);
    }
  }
  const row = { n, pages: tools[0].pages(), tools: {}, runs, rounds: roundRatios(samples) };
  if (hasRatios(row)) console.log(`N=${n} same-round ratios: ${row.rounds.map(describeRound).join('; ')}`);
  for (const tool of tools) {
    row.tools[tool.name] = {
      wall: median(samples[tool.name].map((r) => r.wall)),
      cpu: median(samples[tool.name].map((r) => r.cpu ?? Number.NaN)),
      rssMb: Math.max(...samples[tool.name].map((r) => r.rssMb ?? 0)),
    };
  }
  // Warm rebuilds of folio on the same corpus: nothing changed, then one page changed.
  const folio = tools[0];
  folio.run();
  const warm = [];
  const forced = [];
  const changed = [];
  const page = path.join(dir, 'docs', readFirstPage(path.join(dir, 'docs')));
  const original = readFileSync(page, 'utf8');
  try {
    // Three rounds of warm builds (more with a larger --runs): a warm build moves less than a cold one.
    for (let i = 0; i < Math.max(Number(runsArg ?? 3), 3); i++) {
      warm.push(folio.run().wall);
      forced.push(folio.run('--force').wall);
      writeFileSync(page, `${original}\nChanged for the benchmark (${i}).\n`);
      changed.push(folio.run().wall);
      writeFileSync(page, original);
      folio.run();
    }
  } finally {
    writeFileSync(page, original);
  }
  row.warm = median(warm);
  row.forced = median(forced);
  row.onePageChanged = median(changed);
  results.sizes.push(row);
}

/**
 * Each round's folio against the peers run right beside it (folio / Eleventy CPU, folio / Hugo wall):
 * the machine's load moves all three tools of a round alike, so these show how far the medians'
 * ratios could move with it.
 */
function roundRatios(samples) {
  const folio = samples.folio ?? [];
  return folio.map((f, i) => ({
    eleventyCpu: samples.Eleventy?.[i]?.cpu ? f.cpu / samples.Eleventy[i].cpu : undefined,
    hugoWall: samples.Hugo?.[i] ? f.wall / samples.Hugo[i].wall : undefined,
  }));
}

/** Whether a size's rounds have a peer to compare with (not with --no-peers). */
function hasRatios(row) {
  return row.rounds.some((round) => round.eleventyCpu || round.hugoWall);
}

function describeRound({ eleventyCpu, hugoWall }) {
  return [eleventyCpu && `${eleventyCpu.toFixed(2)}× Eleventy CPU`, hugoWall && `${hugoWall.toFixed(2)}× Hugo wall`].filter(Boolean).join(', ');
}

function readFirstPage(docs) {
  const top = execFileSync('find', [docs, '-name', '*.md', '-type', 'f'], { encoding: 'utf8' }).split('\n').filter(Boolean).sort()[0];
  return path.relative(docs, top);
}

console.log('\nThis site:');
results.site = measureSite();
console.log(
  `  cold ${fmt(results.site.cold)}, warm ${fmt(results.site.warm)}, --force ${fmt(results.site.forced)}, one page changed ${fmt(results.site.onePageChanged)}`,
);

if (withPeers) {
  console.log('\nThis site against Docusaurus (cold, alternating):');
  results.docusaurus = measureAgainstDocusaurus();
  const d = results.docusaurus;
  console.log(`  folio ${fmt(d.folio.wall)}, Docusaurus ${d.docusaurus.version} ${fmt(d.docusaurus.wall)}: ${d.ratio.toFixed(3)} of its wall`);
}

for (const [script, title, args = []] of [
  [
    'differential.mjs',
    'The fast path of the parse against the full parse: trees, compiled pages and out/ byte for byte',
    ['--pages', '1000', '--rounds', '3', '--identical'],
  ],
  ['api-stage.mjs', 'API stage (typedoc)'],
  ['client-budget.mjs', 'Client JavaScript budget'],
  ['dev-loop.mjs', 'Dev loop (folio serve)'],
]) {
  const file = path.join(here, script);
  if (!existsSync(file)) continue;
  console.log(`\n${title}:`);
  const r = spawnSync(process.execPath, [file, ...args], { encoding: 'utf8', cwd: root, timeout: 30 * 60_000 });
  const text = `${r.stdout}${r.status === 0 ? '' : `\n(failed: ${r.stderr.slice(-2000)})`}`.trim();
  console.log(text);
  results.extra.push({ title, text });
}

writeResults();
emptyTrash();

function writeResults() {
  const versions = [`folio ${JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version}`, `Node ${process.version}`];
  if (peers.includes('hugo')) versions.push(hugoVersion());
  if (peers.length) versions.push(eleventyVersion(work));
  const lines = [
    '# Benchmark results',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB. ${versions.join(', ')}.`,
    `Wall time of the whole process, medians of ${results.sizes.map((row) => `${row.runs} cold runs per tool at ${row.n.toLocaleString('en')} pages`).join(' and ') || 'the cold runs'}, run in turn (folio, Hugo, Eleventy, folio, ...); before each cold run the tool's caches and outputs are moved aside (into bench/.work/trash, deleted after the timed runs: deleting them just before a run slowed the next file creation on this machine's disk, PROFILE.md) and the disk's pending writes flushed (sync: the run before's writes were charged to the next run, PROFILE.md). CPU (user + system) and peak RSS of every process a tool started, the ones it left running included (bench/reap.py; folio's esbuild service was not counted before 2026-12-08), peak RSS that of its largest process.`,
    '',
    '## Generated corpus (make-corpus.mjs)',
    '',
    '| pages | tool | cold wall | CPU | peak RSS | folio / tool (wall) | folio / tool (CPU) |',
    '|---:|---|---:|---:|---:|---:|---:|',
  ];
  for (const row of results.sizes) {
    const f = row.tools.folio;
    for (const [name, t] of Object.entries(row.tools)) {
      const ratios = name === 'folio' ? '| | |' : `| ${(f.wall / t.wall).toFixed(2)} | ${(f.cpu / t.cpu).toFixed(2)} |`;
      lines.push(`| ${row.n} | ${name} | ${fmt(t.wall)} | ${fmt(t.cpu)} | ${Math.round(t.rssMb)} MB ${ratios}`);
    }
  }
  const withRounds = results.sizes.filter(hasRatios);
  if (withRounds.length) {
    lines.push('', 'Round by round (each folio build against the peers’ builds of the same round):', '');
    for (const row of withRounds) lines.push(`- ${row.n.toLocaleString('en')} pages: ${row.rounds.map(describeRound).join('; ')}`);
  }
  lines.push(
    '',
    'Warm builds (medians): nothing changed (the up-to-date check), every stage with warm caches (`--force`: unchanged pages are hard-linked from the previous output), one page changed.',
    '',
    '| pages | nothing changed | every stage (--force) | one page changed |',
    '|---:|---:|---:|---:|',
  );
  for (const row of results.sizes) lines.push(`| ${row.n} | ${fmt(row.warm)} | ${fmt(row.forced)} | ${fmt(row.onePageChanged)} |`);
  lines.push('', '## Targets', '', '| target | measured | met |', '|---|---:|---|');
  const row1k = results.sizes.find((row) => row.n === 1000);
  const row10k = results.sizes.find((row) => row.n === 10000);
  const target = (name, value, ok) => lines.push(`| ${name} | ${value} | ${ok ? 'yes' : 'no'} |`);
  if (row1k?.tools.Hugo)
    target('N = 1,000 cold: folio / Hugo ≤ 1.0', (row1k.tools.folio.wall / row1k.tools.Hugo.wall).toFixed(2), row1k.tools.folio.wall <= row1k.tools.Hugo.wall);
  if (row10k?.tools.Hugo)
    target(
      'N = 10,000 cold: folio / Hugo ≤ 1.5',
      (row10k.tools.folio.wall / row10k.tools.Hugo.wall).toFixed(2),
      row10k.tools.folio.wall <= 1.5 * row10k.tools.Hugo.wall,
    );
  // Issue #17's ratios.
  for (const row of [row1k, row10k]) {
    if (row?.tools.Eleventy) {
      const ratio = row.tools.folio.cpu / row.tools.Eleventy.cpu;
      target(`N = ${row.n.toLocaleString('en')} cold: folio / Eleventy CPU ≤ 2.0`, ratio.toFixed(2), ratio <= 2);
    }
  }
  if (row1k?.tools.Hugo) {
    const ratio = row1k.tools.folio.wall / row1k.tools.Hugo.wall;
    target('N = 1,000 cold: folio / Hugo wall ≤ 2.5', ratio.toFixed(2), ratio <= 2.5);
  }
  if (results.docusaurus) target('this site cold: folio / Docusaurus wall ≤ 0.10', results.docusaurus.ratio.toFixed(3), results.docusaurus.ratio <= 0.1);
  if (row10k) target('N = 10,000 cold: peak RSS ≤ 1 GB', `${Math.round(row10k.tools.folio.rssMb)} MB`, row10k.tools.folio.rssMb <= 1024);
  if (row10k) target('N = 10,000 warm, nothing changed ≤ 1 s', fmt(row10k.warm), row10k.warm <= 1);
  if (row10k) target('N = 10,000 one page changed ≤ 0.2 s + its listings', fmt(row10k.onePageChanged), row10k.onePageChanged <= 0.2);
  target('this site cold ≤ 1.8 s', fmt(results.site.cold), results.site.cold <= 1.8);
  target('this site warm ≤ 0.5 s', fmt(results.site.warm), results.site.warm <= 0.5);
  lines.push('', 'Where the time goes for the missed targets, and what would move it: [PROFILE.md](PROFILE.md).');
  lines.push('', '## This site', '', '| build | wall |', '|---|---:|');
  lines.push(
    `| cold | ${fmt(results.site.cold)} |`,
    `| warm, nothing changed | ${fmt(results.site.warm)} |`,
    `| warm, every stage (--force) | ${fmt(results.site.forced)} |`,
    `| one docs page changed | ${fmt(results.site.onePageChanged)} |`,
  );
  if (results.docusaurus) {
    const d = results.docusaurus;
    lines.push(
      '',
      `## This site against Docusaurus ${d.docusaurus.version}`,
      '',
      `Cold, ${d.rounds} alternating rounds, medians ([docusaurus-site.mjs](docusaurus-site.mjs): the same docs, blog and static files; the API reference as markdown written by typedoc-plugin-markdown before Docusaurus's timed build, and folio's API model read from the site's committed snapshot, \`content/api/api-model.json\`; the row "folio, typedoc run" is folio with \`FOLIO_API_SNAPSHOT=0\`, typedoc running in its timed build).`,
      '',
      '| tool | wall | CPU |',
      '|---|---:|---:|',
      `| folio | ${fmt(d.folio.wall)} | ${fmt(d.folio.cpu)} |`,
      ...(d.folioTypedoc ? [`| folio, typedoc run | ${fmt(d.folioTypedoc.wall)} | ${fmt(d.folioTypedoc.cpu)} |`] : []),
      `| Docusaurus | ${fmt(d.docusaurus.wall)} | ${fmt(d.docusaurus.cpu)} |`,
      `| folio / Docusaurus | ${d.ratio.toFixed(3)} | ${(d.folio.cpu / d.docusaurus.cpu).toFixed(3)} |`,
      ...(d.folioTypedoc ? [`| folio, typedoc run / Docusaurus | ${d.ratioTypedoc.toFixed(3)} | ${(d.folioTypedoc.cpu / d.docusaurus.cpu).toFixed(3)} |`] : []),
    );
  }
  for (const extra of results.extra) lines.push('', `## ${extra.title}`, '', '```text', extra.text, '```');
  lines.push('');
  writeFileSync(path.join(here, 'RESULTS.md'), lines.join('\n'));
  console.log(`\nwrote ${path.relative(process.cwd(), path.join(here, 'RESULTS.md'))}`);
}
