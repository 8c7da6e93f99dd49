#!/usr/bin/env node
// The parse pre-pass on the generated corpus and this site (issue 17):
//  1. differential check: every page parsed and compiled with the extensions the pre-pass chose
//     and with all of them (the reference path); prints the count and any difference;
//  2. parse time per page (markdown → mdast, one thread): the full parse, the pre-pass alone
//     (micromark with the extensions it kept) and what folio does (the fast path of fast-parse.ts
//     where it applies, else the pre-pass), medians of rounds.
//  3. with --builds N: cold builds (no cache, no output) of the corpus and of this site, N of each
//     with the full parse (FOLIO_FULL_PARSE=1) and as folio builds (fast path and pre-pass), in turn;
//     medians of wall and CPU.
//  4. with --identical: the corpus and this site built cold on the reference path (the full parse,
//     FOLIO_FULL_PARSE=1, and the docs sidebar rendered whole by React on every page,
//     FOLIO_RENDER_MEMO=0, every bundle made by the build, FOLIO_PREBUILT=0) and as folio builds them; every file of both outputs compared byte for byte.
//   node bench/differential.mjs [--pages 1000] [--rounds 5] [--no-check] [--builds 3] [--identical]
// Exits 1 when a difference is found.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, folioBin, importFromSource, median, timed } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const work = path.join(here, '.work');
const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const pages = Number(arg('pages', '1000'));
const rounds = Number(arg('rounds', '5'));
const check = !process.argv.includes('--no-check');
const builds = Number(arg('builds', '0'));
const identical = process.argv.includes('--identical');
mkdirSync(work, { recursive: true });

// The harness of the unit test and folio's parser from src/, bundled for Node (the bench runs without tsx).
const h = await importFromSource('differential-lib', [
  "export * from './test/support/parse-differential.ts';",
  "export { parseMarkdown } from './src/markdown/compile.ts';",
  "export { applyCompat } from './src/markdown/compat.ts';",
  "export { parseFrontMatter } from './src/content/front-matter.ts';",
  "export { syntaxNeeds } from './src/markdown/syntax-needs.ts';",
  "export { fastParse } from './src/markdown/fast-parse.ts';",
  "export { CodeHighlighter } from './src/markdown/highlight.ts';",
]);

const corpus = path.join(work, `corpus-${pages}`);
if (!existsSync(path.join(corpus, 'docs'))) execFileSync(process.execPath, [path.join(here, 'make-corpus.mjs'), corpus, String(pages)], { stdio: 'inherit' });
const sets = [
  { name: `corpus (${pages} pages)`, base: corpus, files: h.markdownFiles(path.join(corpus, 'docs')) },
  { name: 'this site (content/)', base: root, files: h.markdownFiles(path.join(root, 'content')) },
];

let failed = false;
if (check) {
  const highlighter = new h.CodeHighlighter();
  for (const set of sets) {
    const tally = h.newTally();
    const started = performance.now();
    await h.compareFiles(tally, set.files, { base: set.base, highlighter });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `differential, ${set.name}: ${set.files.length} files, ${tally.inputs} parses (a .md file as markdown and as MDX), ${tally.fast} on the fast path, ${tally.pruned} on it or with fewer extensions, ${tally.differences.length} differences (${seconds} s)`,
    );
    if (tally.differences.length) {
      failed = true;
      console.log(h.describeDifferences(tally, 5));
    }
  }
}

// What the parser gets: the body after the front matter and the compat rewrites.
const texts = (files) =>
  files.map((file) => {
    const { body } = h.parseFrontMatter({ source: readFileSync(file, 'utf8'), file });
    const mdx = file.endsWith('.mdx');
    return {
      mdx,
      text: h.applyCompat(body, mdx ? { comments: true, admonitions: true, headingIds: true } : { comments: false, admonitions: true, headingIds: true }).text,
    };
  });

// CPU time of this (single-threaded) process, in ms: on a busy machine wall time mostly measures the others.
async function parseAll(inputs, full, fast = true) {
  const started = process.cpuUsage();
  for (const { text, mdx } of inputs) await h.parseMarkdown(text, { mdx, full, fast });
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
}

console.log(`\nparse CPU time per page (markdown → mdast, one thread, median of ${rounds} rounds)`);
for (const set of sets) {
  const inputs = texts(set.files);
  const dropped = {};
  for (const { text } of inputs) {
    for (const [need, on] of Object.entries(h.syntaxNeeds(text))) if (!on) dropped[need] = (dropped[need] ?? 0) + 1;
  }
  await parseAll(inputs, true);
  await parseAll(inputs, false, false);
  await parseAll(inputs, false);
  const full = [];
  const pruned = [];
  const folio = [];
  for (let r = 0; r < rounds; r++) {
    full.push(await parseAll(inputs, true));
    pruned.push(await parseAll(inputs, false, false));
    folio.push(await parseAll(inputs, false));
  }
  const perPage = (ms) => (ms / inputs.length).toFixed(2);
  const f = median(full);
  const p = median(pruned);
  const q = median(folio);
  const fastPages = inputs.filter(({ text, mdx }) => h.fastParse(text, { mdx })).length;
  const less = (x) => `${((1 - x / f) * 100).toFixed(0)} % less`;
  console.log(
    `  ${set.name}: full ${perPage(f)} ms, pre-pass alone ${perPage(p)} ms (${less(p)}), as folio parses (${fastPages} of ${inputs.length} on the fast path) ${perPage(q)} ms (${less(q)})`,
  );
  console.log(
    `    pages without: ${Object.entries(dropped)
      .map(([need, n]) => `${need} ${n}`)
      .join(', ')}`,
  );
}
if (builds > 0) {
  writeFileSync(
    path.join(corpus, 'site.config.ts'),
    `import { defineConfig } from 'folio';\nexport default defineConfig({ title: 'Corpus', url: 'https://bench.example', docs: { path: 'docs', routeBasePath: '/docs' } });\n`,
  );
  const siteOut = path.join(work, 'differential-site-out');
  const targets = [
    { name: `corpus (${pages} pages)`, root: corpus, out: path.join(corpus, 'out') },
    { name: 'this site', root, out: siteOut },
  ];
  console.log(`\ncold builds (--no-cache, output removed first; medians of ${builds}, full parse and pre-pass in turn)`);
  for (const target of targets) {
    const runs = { full: [], prepass: [] };
    for (let r = 0; r < builds; r++) {
      for (const mode of ['full', 'prepass']) {
        rmSync(target.out, { recursive: true, force: true });
        const env = { ...process.env, FOLIO_FULL_PARSE: mode === 'full' ? '1' : '' };
        runs[mode].push(timed(process.execPath, [folioBin, 'build', '--root', target.root, '--out', target.out, '--no-cache', '--quiet'], { env }));
      }
    }
    const line = (mode) => {
      const wall = median(runs[mode].map((run) => run.wall));
      const cpu = median(runs[mode].map((run) => run.cpu ?? Number.NaN));
      return { wall, cpu, text: `wall ${fmt(wall)}, CPU ${fmt(cpu)}` };
    };
    const full = line('full');
    const prepass = line('prepass');
    console.log(`  ${target.name}: full parse ${full.text}; as folio parses ${prepass.text} (CPU ${((1 - prepass.cpu / full.cpu) * 100).toFixed(0)} % less)`);
  }
  rmSync(siteOut, { recursive: true, force: true });
}
if (identical) {
  writeFileSync(
    path.join(corpus, 'site.config.ts'),
    `import { defineConfig } from 'folio';\nexport default defineConfig({ title: 'Corpus', url: 'https://bench.example', docs: { path: 'docs', routeBasePath: '/docs' } });\n`,
  );
  /** Every file under `dir` by its path, as a hash of its bytes. */
  const tree = (dir) => {
    const files = new Map();
    const walk = (at, prefix) => {
      for (const entry of readdirSync(at, { withFileTypes: true })) {
        const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
        if (entry.isDirectory()) walk(path.join(at, entry.name), rel);
        else
          files.set(
            rel,
            createHash('sha1')
              .update(readFileSync(path.join(at, entry.name)))
              .digest('hex'),
          );
      }
    };
    walk(dir, '');
    return files;
  };
  console.log(
    '\nout/ byte for byte: cold builds (--no-cache) on the reference path (the full parse, FOLIO_FULL_PARSE=1, every sidebar rendered whole by React, FOLIO_RENDER_MEMO=0, and every bundle made by the build, FOLIO_PREBUILT=0) and as folio builds',
  );
  for (const target of [
    { name: `corpus (${pages} pages)`, root: corpus },
    { name: 'this site', root },
  ]) {
    const outs = {};
    for (const mode of ['full', 'folio']) {
      const out = path.join(work, `identical-${mode}`);
      rmSync(out, { recursive: true, force: true });
      const env = {
        ...process.env,
        FOLIO_FULL_PARSE: mode === 'full' ? '1' : '',
        FOLIO_RENDER_MEMO: mode === 'full' ? '0' : '',
        FOLIO_PREBUILT: mode === 'full' ? '0' : '',
      };
      timed(process.execPath, [folioBin, 'build', '--root', target.root, '--out', out, '--no-cache', '--quiet'], { env });
      outs[mode] = tree(out);
      rmSync(out, { recursive: true, force: true });
    }
    const differing = [...new Set([...outs.full.keys(), ...outs.folio.keys()])].filter((file) => outs.full.get(file) !== outs.folio.get(file));
    console.log(
      `  ${target.name}: ${outs.folio.size} files, ${differing.length ? `${differing.length} differ: ${differing.slice(0, 5).join(', ')}` : 'identical'}`,
    );
    if (differing.length) failed = true;
  }
}
process.exit(failed ? 1 : 0);
