/**
 * Speed features must not change output: a build on worker threads equals a
 * single-threaded one, and a cache entry is never used once its input
 * changed (markdown, page components, bundles).
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, copyFixture, corpusSite, readOut, removeDir, runCli, treeHash } from '../support/fixtures.js';

describe('parallel and single-threaded builds', () => {
  let site: string;
  beforeAll(() => {
    site = corpusSite(60);
  });
  afterAll(() => removeDir(site));

  it('give byte-identical output', () => {
    const single = runCli(['build', '--root', site, '--out', 'out-single', '--threads', '1', '--no-cache']);
    expect(single.status, single.output).toBe(0);
    const parallel = runCli(['build', '--root', site, '--out', 'out-parallel', '--threads', '2', '--no-cache']);
    expect(parallel.status, parallel.output).toBe(0);
    expect(parallel.output).toMatch(/compileContent .*60 compiled, \d+ cached, on 2 threads/);
    expect(single.output).not.toMatch(/on \d+ threads/);
    const a = treeHash(path.join(site, 'out-single'));
    expect(Object.keys(a).filter((file) => file.endsWith('index.html')).length).toBeGreaterThanOrEqual(60);
    expect(treeHash(path.join(site, 'out-parallel'))).toEqual(a);
    // With the cache on, a one-shot build keeps no page bodies in memory and reads each back from
    // the cache when rendering it: the same bytes again, cold and from a warm cache.
    for (const expected of [/60 compiled, 0 cached, on 2 threads/, /0 compiled, 60 cached/]) {
      removeDir(path.join(site, 'out-lean'));
      const lean = runCli(['build', '--root', site, '--out', 'out-lean', '--threads', '2']);
      expect(lean.status, lean.output).toBe(0);
      expect(lean.output).toMatch(expected);
      expect(treeHash(path.join(site, 'out-lean'))).toEqual(a);
    }
  });

  it('start no more threads than cores, whatever --threads asks for', () => {
    const result = runCli(['build', '--root', site, '--out', 'out-many', '--threads', '1000000', '--no-cache']);
    expect(result.status, result.output).toBe(0);
    const cores = Math.max(1, Math.min(os.availableParallelism(), 8));
    // At least 2 (so --threads 2 means the same anywhere), and one per 8 of the 60 pages at most.
    expect(result.output).toMatch(new RegExp(`60 compiled, \\d+ cached, on ${Math.min(Math.max(2, cores), 8)} threads`));
  });

  /** Builds a copy of the corpus whose pages `breakPages` rewrites; returns the output and the sorted pages. */
  function buildBroken(breakPages: (copy: string, pages: string[]) => void, runs = 1): { outputs: ReturnType<typeof runCli>[]; pages: string[] } {
    const copy = mkdtempSync(path.join(os.tmpdir(), 'folio-corpus-bad-'));
    try {
      execFileSync('cp', ['-r', `${site}/.`, copy]);
      const pages = fg.sync('docs/**/*.md', { cwd: copy }).sort();
      breakPages(copy, pages);
      const outputs = Array.from({ length: runs }, () => runCli(['build', '--root', copy, '--threads', '2', '--no-cache']));
      return { outputs, pages };
    } finally {
      removeDir(copy);
    }
  }

  it('report the first error in file order from a worker, with file and line', () => {
    const { outputs, pages } = buildBroken((copy, pages) => writeFileSync(path.join(copy, pages[40]), '---\ntitle: Broken\n---\n\nText {unclosed\n'));
    const [result] = outputs;
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/MDX_SYNTAX/);
    expect(result.output).toContain(`${path.basename(pages[40])}:5:`);
  });

  it('report the first error in file order when pages fail in the worker and in the main thread alike', () => {
    // Every page from the 25th on is broken, each on its own line: both compiling threads meet some.
    const { outputs, pages } = buildBroken(
      (copy, pages) =>
        pages.slice(24).forEach((page, i) => writeFileSync(path.join(copy, page), `---\ntitle: Broken\n---\n${'\n'.repeat(i + 1)}Text {unclosed\n`)),
      2,
    );
    for (const result of outputs) {
      expect(result.status).toBe(1);
      expect(result.output).toMatch(/MDX_SYNTAX/);
      expect(result.output).toContain(`${path.basename(pages[24])}:5:`);
    }
  });
});

describe('the persistent cache', () => {
  let root: string;
  beforeAll(() => {
    root = copyFixture('docs-basic');
  });
  afterAll(() => removeDir(root));

  it('never serves a stale page: changed content gives changed output, equal to a cold build', async () => {
    expect((await buildSite(root)).ok).toBe(true);
    const file = path.join(root, 'content/docs/guides/first.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Text.', 'Text that changed after the first build.'));
    const warm = await buildSite(root, { outDir: 'out-warm' });
    expect(warm.compiledCount).toBe(1);
    expect(readOut(root, 'docs/guides/first/index.html', 'out-warm')).toContain('Text that changed after the first build.');
    await buildSite(root, { outDir: 'out-cold', useCache: false });
    expect(treeHash(path.join(root, 'out-warm'))).toEqual(treeHash(path.join(root, 'out-cold')));
  });

  it('compiles again the pages whose cached body is gone (a cache folder partly deleted)', async () => {
    expect((await buildSite(root, { outDir: 'out-partial' })).ok).toBe(true);
    const expected = treeHash(path.join(root, 'out-partial'));
    // The packs' indexes stay: they name entries whose bytes are gone.
    const packs = path.join(root, '.folio-cache/packs');
    const removed = readdirSync(packs).filter((name) => name.endsWith('.pack'));
    expect(removed.length).toBeGreaterThan(0);
    for (const name of removed) rmSync(path.join(packs, name));
    removeDir(path.join(root, 'out-partial'));
    const again = await buildSite(root, { outDir: 'out-partial' });
    expect(again.ok, again.stderr).toBe(true);
    expect(again.compiledCount).toBeGreaterThan(0);
    expect(treeHash(path.join(root, 'out-partial'))).toEqual(expected);
  });

  it('a config change leaves the packs no lookup found anything in behind (pruned), a content edit keeps them', () => {
    const packs = () =>
      readdirSync(path.join(root, '.folio-cache/packs'))
        .filter((name) => name.endsWith('.pack'))
        .sort();
    rmSync(path.join(root, '.folio-cache'), { recursive: true, force: true });
    expect(runCli(['build', '--out', 'out-packs'], { cwd: root }).status).toBe(0);
    const first = packs();
    expect(first).toHaveLength(1);
    // One page edited: the rest is found in the first pack, which stays; the edit is a pack of its own.
    const doc = path.join(root, 'content/docs/getting-started.md');
    const original = readFileSync(doc, 'utf8');
    writeFileSync(doc, `${original.trimEnd()}\n\nOne more paragraph.\n`);
    expect(runCli(['build', '--out', 'out-packs'], { cwd: root }).status).toBe(0);
    const second = packs();
    expect(second).toHaveLength(2);
    expect(second).toContain(first[0]);
    writeFileSync(doc, original);
    // Every key changes with the config: nothing is found in the old packs, and they go.
    const config = path.join(root, 'site.config.ts');
    const configText = readFileSync(config, 'utf8');
    writeFileSync(config, configText.replace("title: 'Fixture Docs',", "title: 'Fixture Docs, renamed',"));
    const result = runCli(['build', '--out', 'out-packs'], { cwd: root });
    writeFileSync(config, configText);
    expect(result.status, result.output).toBe(0);
    const third = packs();
    expect(third).toHaveLength(1);
    expect(second).not.toContain(third[0]);
    expect(readOut(root, 'docs/getting-started/index.html', 'out-packs')).toContain('Fixture Docs, renamed');
  });

  it('re-bundles when a page component changes', async () => {
    await buildSite(root);
    const before = readOut(root, 'index.html');
    const script = /src="(\/assets\/client-[A-Z0-9]+\.js)"/.exec(before)![1];
    const page = path.join(root, 'content/pages/index.tsx');
    writeFileSync(page, readFileSync(page, 'utf8').replace('Read the docs', 'Start reading'));
    await buildSite(root);
    const after = readOut(root, 'index.html');
    expect(after).toContain('Start reading');
    const newScript = /src="(\/assets\/client-[A-Z0-9]+\.js)"/.exec(after)![1];
    expect(newScript).not.toBe(script);
    // The page component is a chunk of its own, preloaded by its page (the entry imports it by its new name).
    const preloaded = [...after.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)">/g)].map((match) => match[1]);
    expect(preloaded.some((file) => readOut(root, file.slice(1)).includes('Start reading'))).toBe(true);
  });

  it('reuses unchanged pages of the previous output, and none once the config changes', async () => {
    await buildSite(root);
    const before = treeHash(path.join(root, 'out'));
    const again = await buildSite(root, { force: true });
    // 13 content pages and the /search page.
    expect(again.stdout).toMatch(/renderPages .*14 pages, 14 unchanged/);
    expect(treeHash(path.join(root, 'out'))).toEqual(before);
    // A page file changed in out/ since it was written is rendered again, not carried over.
    appendFileSync(path.join(root, 'out/docs/guides/first/index.html'), '<!-- edited by hand -->');
    const repaired = await buildSite(root, { force: true });
    expect(repaired.stdout).toMatch(/renderPages .*14 pages, 13 unchanged/);
    expect(treeHash(path.join(root, 'out'))).toEqual(before);
    const edited = path.join(root, 'content/docs/guides/first.md');
    writeFileSync(edited, readFileSync(edited, 'utf8').replace('## Step one', '## Step one, renamed'));
    const one = await buildSite(root);
    // the page itself and its neighbours' sidebars do not change; only its own page and chunk are rendered again
    expect(one.stdout).toMatch(/renderPages .*14 pages, 13 unchanged/);
    expect(readOut(root, 'docs/guides/first/index.html')).toContain('Step one, renamed');
    const config = path.join(root, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("title: 'Fixture Docs'", "title: 'Renamed Docs'"));
    const renamed = await buildSite(root);
    expect(renamed.stdout).not.toMatch(/unchanged/);
    expect(readOut(root, 'docs/guides/first/index.html')).toContain('<title>First guide | Renamed Docs</title>');
  });
});
