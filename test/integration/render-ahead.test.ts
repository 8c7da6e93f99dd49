/**
 * Rendering beside the compile (src/render/render-ahead.ts) changes no byte of the output: each
 * site is built with it and with FOLIO_RENDER_AFTER=1 (every page rendered after the compile,
 * the reference path), and the two output folders must be equal file for file. Over fixtures
 * with docs, a blog (listings and tag pages wait for every body), Docusaurus-style MDX, and a
 * generated corpus compiled by two workers, cold and warm (the reuse manifest keeps the pages
 * that did not change, the changed one is rendered beside the compile).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureCopies, removeDir, repoRoot, runCli, treeHash } from '../support/fixtures.js';
import { writeLinksSite } from '../support/links-site.js';

const fixture = fixtureCopies();

function build(root: string, args: string[], after: boolean) {
  const result = runCli(['build', ...args], { cwd: root, env: { FOLIO_RENDER_AFTER: after ? '1' : '' } });
  expect(result.status, result.output).toBe(0);
  return result.output;
}

/** "N beside the compile" of the renderPages stage line (0 when absent). */
function besideCount(output: string): number {
  const line = output.split('\n').find((text) => text.includes('renderPages'));
  expect(line, output).toBeDefined();
  return Number(/(\d+) beside the compile/.exec(line!)?.[1] ?? 0);
}

describe('out/ rendered beside the compile equals out/ rendered after it', () => {
  for (const name of ['docs-basic', 'blog-basic', 'docusaurus-compat']) {
    it(`the ${name} fixture`, () => {
      const root = fixture(name);
      build(root, ['--no-cache', '--out', 'reference'], true);
      build(root, ['--no-cache'], false);
      const beside = treeHash(path.join(root, 'out'));
      expect(Object.keys(beside).length).toBeGreaterThan(10);
      expect(beside).toEqual(treeHash(path.join(root, 'reference')));
    });
  }

  it('the links site (relative links, images, broken links everywhere)', () => {
    const root = writeLinksSite();
    try {
      const after = runCli(['build', '--no-cache', '--out', 'reference'], { cwd: root, env: { FOLIO_RENDER_AFTER: '1' } });
      const beside = runCli(['build', '--no-cache'], { cwd: root, env: { FOLIO_RENDER_AFTER: '' } });
      // Same warnings, in the same order.
      const warnings = (output: string) => output.split('\n').filter((line) => /^warning /.test(line));
      expect(warnings(beside.output).length).toBeGreaterThan(0);
      expect(warnings(beside.output)).toEqual(warnings(after.output));
      expect(treeHash(path.join(root, 'out'))).toEqual(treeHash(path.join(root, 'reference')));
    } finally {
      removeDir(root);
    }
  });

  const corpus = mkdtempSync(path.join(os.tmpdir(), 'folio-ahead-corpus-'));
  afterAll(() => removeDir(corpus));

  it('a generated corpus of 120 pages compiled by two workers, cold and with one page changed', () => {
    execFileSync(process.execPath, [path.join(repoRoot, 'bench/make-corpus.mjs'), corpus, '120'], { stdio: 'ignore' });
    writeFileSync(
      path.join(corpus, 'site.config.ts'),
      `import { defineConfig } from 'folio';\nexport default defineConfig({ title: 'Corpus', url: 'https://corpus.example', docs: { path: 'docs', routeBasePath: '/docs' } });\n`,
    );
    const after = build(corpus, ['--no-cache', '--threads', '2', '--out', 'reference'], true);
    expect(besideCount(after)).toBe(0);
    // With the cache: the next build reuses the pages that did not change.
    const cold = build(corpus, ['--threads', '2'], false);
    expect(besideCount(cold)).toBeGreaterThan(0);
    const beside = treeHash(path.join(corpus, 'out'));
    expect(Object.keys(beside).filter((file) => file.endsWith('index.html')).length).toBeGreaterThanOrEqual(120);
    expect(beside).toEqual(treeHash(path.join(corpus, 'reference')));

    const page = fg.sync('docs/**/*.md', { cwd: corpus }).sort()[7];
    const file = path.join(corpus, page);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^(## .*)$/m, '$1\n\nA sentence added to this page only.'));
    build(corpus, ['--no-cache', '--out', 'reference'], true);
    const warm = build(corpus, ['--threads', '2'], false);
    expect(warm).toMatch(/renderPages.*unchanged/);
    expect(treeHash(path.join(corpus, 'out'))).toEqual(treeHash(path.join(corpus, 'reference')));
  });
});

describe('a page that fails to render beside the compile', () => {
  const corpus = mkdtempSync(path.join(os.tmpdir(), 'folio-ahead-fail-'));
  afterAll(() => removeDir(corpus));

  it('fails the build with the same error as rendering after the compile: the first failing route in table order', () => {
    execFileSync(process.execPath, [path.join(repoRoot, 'bench/make-corpus.mjs'), corpus, '60'], { stdio: 'ignore' });
    writeFileSync(
      path.join(corpus, 'site.config.ts'),
      `import { defineConfig } from 'folio';\nexport default defineConfig({ title: 'Corpus', url: 'https://corpus.example', docs: { path: 'docs', routeBasePath: '/docs' } });\n`,
    );
    // A theme override that throws on the server for every doc whose body says the word.
    mkdirSync(path.join(corpus, 'theme'));
    writeFileSync(
      path.join(corpus, 'theme/DocPage.tsx'),
      `import { DocPage as Original } from '@theme-original/DocPage';\nexport function DocPage({ page }: { page: any }) {\n  if (String(page.bodyHtml).includes('Kaboom')) throw new Error('this doc says Kaboom');\n  return <Original page={page} />;\n}\n`,
    );
    const pages = fg.sync('docs/**/*.md', { cwd: corpus }).sort();
    for (const page of [pages[5], pages[40]]) {
      const file = path.join(corpus, page);
      writeFileSync(file, `${readFileSync(file, 'utf8')}\nKaboom.\n`);
    }
    const failure = (after: boolean) => {
      const result = runCli(['build', '--no-cache', '--threads', '2'], { cwd: corpus, env: { FOLIO_RENDER_AFTER: after ? '1' : '' } });
      expect(result.status, result.output).toBe(1);
      // The error, the file and route with the cause, and the hint.
      const lines = result.output.split('\n');
      const at = lines.findIndex((text) => text.includes('RENDER_FAILED'));
      expect(at, result.output).toBeGreaterThanOrEqual(0);
      return lines.slice(at, at + 3).join('\n');
    };
    const reference = failure(true);
    expect(reference).toMatch(/this doc says Kaboom/);
    expect(failure(false)).toBe(reference);
    expect(existsSync(path.join(corpus, 'out'))).toBe(false);
  });
});
