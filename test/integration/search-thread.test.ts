/**
 * A cold one-shot build begins the search index in a worker thread before the pages render
 * (search.ts, `start`). Through the real CLI (from dist/, where the worker is): the index, the
 * cache the next build reads and the whole output are the same as when the index is built on the
 * main thread after the pages (FOLIO_SEARCH_THREAD=0); the stage line says which way it went; a
 * build that fails while the worker runs ends with its error, leaving the output as it was. A
 * build whose bodies live in the cache (not in memory) sends the bodies to the search thread as the
 * pages render (record-stream.ts), which cuts the records there instead of the main thread reading
 * them back: the same index and cache again, also when some pages did not render.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readManifest, type ReuseManifest, statOf } from '../../src/build/incremental/reuse-output.js';
import { corpusSite, fixtureCopies, removeDir, repoRoot, runCli, treeHash } from '../support/fixtures.js';

const fixture = fixtureCopies();

function coldBuild(root: string, out: string, env: NodeJS.ProcessEnv = {}) {
  rmSync(path.join(root, '.folio-cache'), { recursive: true, force: true });
  const result = runCli(['build', '--out', out], { cwd: root, env });
  expect(result.status, result.output).toBe(0);
  return { output: result.output, tree: treeHash(path.join(root, out)), cache: treeHash(path.join(root, '.folio-cache/search')) };
}

interface Built {
  output: string;
  tree: Record<string, string>;
  cache: Record<string, string>;
}

/**
 * A build whose index was made on the search thread against one where the main thread made it
 * (FOLIO_SEARCH_THREAD=0): the stage lines say which way each went, and the output and the records
 * stored for the next build are the same.
 */
function expectSameIndex(threaded: Built, mainThread: Built) {
  expect(threaded.output).toMatch(/search begun beside renderPages, \d+ ms after it/);
  expect(mainThread.output).not.toMatch(/begun beside/);
  expect(Object.keys(threaded.tree).filter((file) => file.startsWith('assets/search/')).length).toBeGreaterThan(2);
  expect(threaded.tree).toEqual(mainThread.tree);
  // The records the thread stored are the ones the next build reads.
  expect(Object.keys(threaded.cache).length).toBeGreaterThan(0);
  expect(threaded.cache).toEqual(mainThread.cache);
}

describe('the search index begun in a worker while the pages render', () => {
  for (const name of ['dev-site', 'blog-basic']) {
    it(`publishes what the main thread would, for the ${name} fixture`, () => {
      const root = fixture(name);
      const beside = coldBuild(root, 'beside');
      const after = coldBuild(root, 'after', { FOLIO_SEARCH_THREAD: '0' });
      expectSameIndex(beside, after);
    });
  }

  it('a warm --force build after it (bodies from the cache: the index is built after the pages) publishes the same', () => {
    const root = fixture('dev-site');
    const cold = coldBuild(root, 'out');
    const warm = runCli(['build', '--force'], { cwd: root });
    expect(warm.status, warm.output).toBe(0);
    expect(warm.output).not.toMatch(/begun beside/);
    expect(treeHash(path.join(root, 'out'))).toEqual(cold.tree);
  });

  for (const [way, env] of [
    ['begun with every body', {}],
    ['sent the bodies as the pages render', { FOLIO_HELD_BODY_CHARS: '0' }],
  ] as const) {
    it(`a page that fails to render ends the build with its error while the worker runs (${way})`, () => {
      const root = fixture('dev-site');
      const before = coldBuild(root, 'out').tree;
      // It throws as it renders (not when its module loads): the worker has begun by then.
      mkdirSync(path.join(root, 'content/pages'), { recursive: true });
      writeFileSync(
        path.join(root, 'content/pages/loud.tsx'),
        'export default function Loud() {\n  const missing: { value?: { text: string } } = {};\n  return <p>{missing.value!.text}</p>;\n}\n',
      );
      rmSync(path.join(root, '.folio-cache'), { recursive: true, force: true });
      const started = Date.now();
      const result = runCli(['build'], { cwd: root, env });
      expect(result.status).toBe(1);
      expect(result.output).toMatch(/error RENDER_FAILED/);
      expect(result.output).toMatch(/✓ emitAssets/);
      expect(Date.now() - started).toBeLessThan(60_000);
      expect(treeHash(path.join(root, 'out'))).toEqual(before);
    });
  }
});

/** The warning lines a build printed, in order (each with its hint). */
const warningsOf = (output: string) => output.split('\n').filter((line) => /^warning |^ {2}hint /.test(line));

describe('the links checked while the search index is built', () => {
  // A page linking to a file the search emitter writes only at its end (the manifest, fixed name)
  // and to files nothing writes: checked beside the search thread, before the manifest exists.
  const linking = [
    '---',
    'title: Index files',
    '---',
    '',
    'The [index manifest](pathname:///assets/search/manifest.json) is written last; [a shard that is not there](pathname:///assets/search/none.json) and [a page that is not there](/docs/nowhere) are not.',
    '',
  ].join('\n');

  it('warn as a check after the index does, when no file written afterwards is one they could not find', () => {
    const root = fixture('dev-site');
    writeFileSync(
      path.join(root, 'content/docs/gone.md'),
      '---\ntitle: Gone\n---\n\nSee [the missing page](/docs/nowhere) and [a missing file](/files/none.pdf).\n',
    );
    const beside = coldBuild(root, 'beside');
    const after = coldBuild(root, 'after', { FOLIO_SEARCH_THREAD: '0' });
    expect(beside.output).toMatch(/✓ checkLinks .*checked while the search index was built/);
    expect(after.output).not.toMatch(/checked while/);
    expect(warningsOf(beside.output).join('\n')).toMatch(/broken link on \/docs\/gone: \/docs\/nowhere[\s\S]*broken link on \/docs\/gone: \/files\/none\.pdf/);
    expect(warningsOf(beside.output)).toEqual(warningsOf(after.output));
    expect(beside.tree).toEqual(after.tree);
  });

  it('are checked again with every file when an emitter writes one of the targets afterwards', () => {
    const root = fixture('dev-site');
    writeFileSync(path.join(root, 'content/docs/index-files.md'), linking);
    const beside = coldBuild(root, 'beside');
    const after = coldBuild(root, 'after', { FOLIO_SEARCH_THREAD: '0' });
    const warnings = warningsOf(beside.output).join('\n');
    expect(warnings).toMatch(/\/assets\/search\/none\.json/);
    expect(warnings).toMatch(/broken link on \/docs\/index-files: \/docs\/nowhere/);
    expect(warnings).not.toMatch(/manifest\.json/);
    // The early check found the manifest missing; the manifest came after: checked again.
    expect(beside.output).toMatch(/search begun beside renderPages/);
    expect(beside.output).not.toMatch(/checked while/);
    expect(warningsOf(beside.output)).toEqual(warningsOf(after.output));
  });
});

/**
 * A 60-page corpus whose bodies live in the cache (FOLIO_HELD_BODY_CHARS=0), as a large site's do;
 * `build` runs the CLI on it with two threads, expects it to succeed and returns what it printed.
 */
function withCorpus(test: (site: string, build: (args?: string[], env?: NodeJS.ProcessEnv) => string) => void) {
  const site = corpusSite(60);
  try {
    test(site, (args = [], env = {}) => {
      const result = runCli(['build', '--root', site, '--threads', '2', ...args], { env: { FOLIO_HELD_BODY_CHARS: '0', ...env } });
      expect(result.status, result.output).toBe(0);
      return result.output;
    });
  } finally {
    removeDir(site);
  }
}

describe('the search records cut on the search thread as the pages render, when the bodies live in the cache', () => {
  it('publish and store what reading the bodies back after the pages gives', () =>
    withCorpus((site, build) => {
      const cold = (out: string, env: NodeJS.ProcessEnv = {}) => {
        rmSync(path.join(site, '.folio-cache'), { recursive: true, force: true });
        const output = build(['--out', out], env);
        return { output, tree: treeHash(path.join(site, out)), cache: treeHash(path.join(site, '.folio-cache/search')) };
      };
      const taken = cold('taken');
      const readBack = cold('read-back', { FOLIO_SEARCH_THREAD: '0' });
      expectSameIndex(taken, readBack);
    }));

  it('asks the main thread for the bodies of pages that did not render (kept from the previous output), and publishes the same', () =>
    withCorpus((site, build) => {
      build();
      const out = treeHash(path.join(site, 'out'));
      const records = treeHash(path.join(site, '.folio-cache/search'));
      expect(Object.keys(records).length).toBeGreaterThan(0);
      // The records gone, every page unchanged: no page renders, so no body comes while they do.
      rmSync(path.join(site, '.folio-cache/search'), { recursive: true, force: true });
      const warm = build(['--force']);
      expect(warm).toMatch(/renderPages .* 61 pages, 61 unchanged/);
      expect(warm).toMatch(/search begun beside renderPages/);
      expect(treeHash(path.join(site, 'out'))).toEqual(out);
      expect(treeHash(path.join(site, '.folio-cache/search'))).toEqual(records);
    }));

  it('are not cut again when the pages render for another reason and their records are in the cache', () =>
    withCorpus((site, build) => {
      expect(build()).toMatch(/search begun beside renderPages/);
      // A new page changes every page's sidebar: all of them render again, their records unchanged.
      writeFileSync(path.join(site, 'docs/added-page.md'), '---\ntitle: Added page\n---\n\nA page about payloads.\n');
      const warm = build();
      // Every page rendered again (none kept from the previous output).
      expect(warm).toMatch(/renderPages .* 62 pages\n/);
      expect(warm).not.toMatch(/begun beside/);
      rmSync(path.join(site, '.folio-cache'), { recursive: true, force: true });
      build(['--out', 'fresh']);
      expect(treeHash(path.join(site, 'out'))).toEqual(treeHash(path.join(site, 'fresh')));
    }));
});

describe('folio run with Node options of its own', () => {
  it("builds with its threads under a V8 flag on node's command line (`node --max-old-space-size=… folio build`)", () => {
    const site = corpusSite(30);
    try {
      // Node refuses V8's flags in a thread's execArgv: handed over, they ended the build in INTERNAL.
      const run = spawnSync(
        process.execPath,
        ['--max-old-space-size=1024', '--stack-size=2000', path.join(repoRoot, 'bin/folio'), 'build', '--root', site, '--threads', '2'],
        {
          encoding: 'utf8',
        },
      );
      expect(run.status, run.stderr + run.stdout).toBe(0);
      expect(run.stdout).toMatch(/on 2 threads/);
      expect(JSON.parse(readFileSync(path.join(site, 'out/routes.json'), 'utf8')).length).toBe(31);
      expect(readdirSync(path.join(site, 'out/assets/search')).length).toBeGreaterThan(2);
    } finally {
      removeDir(site);
    }
  });

  it('builds with its threads from `node --input-type=module -e` (workers do not take --input-type)', () => {
    const site = corpusSite(30);
    try {
      const code = `const { build } = await import(${JSON.stringify(pathToFileURL(path.join(repoRoot, 'dist/index.mjs')).href)});
const result = await build({ root: ${JSON.stringify(site)}, threads: 2, quiet: true });
console.log(JSON.stringify({ ok: result.ok, error: result.error?.message }));`;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout.trim().split('\n').pop()!)).toEqual({ ok: true });
      // Every page and the search index, made on the threads.
      expect(JSON.parse(readFileSync(path.join(site, 'out/routes.json'), 'utf8')).length).toBe(31);
      expect(readdirSync(path.join(site, 'out/assets/search')).length).toBeGreaterThan(2);
    } finally {
      removeDir(site);
    }
  });
});

describe('the reuse manifest made while the main thread waits for the search index', () => {
  it('records each page file as it is once the output is in place, and the same pages and links as a manifest made after the index', () =>
    withCorpus((site, build) => {
      const cache = path.join(site, '.folio-cache');
      const cold = (out: string, env: NodeJS.ProcessEnv = {}) => {
        rmSync(cache, { recursive: true, force: true });
        const output = build(['--out', out], env);
        const manifest = readManifest(cache, path.join(site, out));
        expect(manifest, output).toBeDefined();
        return { output, manifest: manifest! };
      };
      const withoutStats = (manifest: ReuseManifest) =>
        Object.fromEntries(Object.entries(manifest.routes).map(([route, { stats, ...record }]) => [route, record]));

      const beside = cold('beside');
      expect(beside.output).toMatch(/search begun beside renderPages/);
      // The states were read in the folder being written, before it was renamed into place: each is
      // the file's state in the output folder now (a wrong one would keep the page from being reused).
      const routes = Object.values(beside.manifest.routes);
      expect(routes.length).toBe(61);
      for (const { files, stats } of routes) {
        expect(files.length).toBeGreaterThan(0);
        expect(stats).toEqual(files.map((file) => statOf(path.join(site, 'beside', file))));
      }
      // The stamp taken with them: the next build finds nothing changed.
      expect(build(['--out', 'beside'])).toMatch(/Nothing changed/);

      const after = cold('after', { FOLIO_SEARCH_THREAD: '0' });
      expect(after.output).not.toMatch(/begun beside/);
      expect(withoutStats(beside.manifest)).toEqual(withoutStats(after.manifest));
    }));
});
