/**
 * The parse pre-pass (src/markdown/syntax-needs.ts) changes no byte of the output: each site is
 * built with it and with FOLIO_FULL_PARSE=1 (every file takes the full parse, the reference
 * path), both without the cache, and the two output folders must be equal file for file. Over
 * fixtures with docs, a blog, Docusaurus-style MDX, and a small generated corpus built with
 * two compile workers (the worker path).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureCopies, removeDir, repoRoot, runCli, treeHash } from '../support/fixtures.js';

const fixture = fixtureCopies();

function bothWays(root: string, extra: string[] = []): { reference: Record<string, string>; prepass: Record<string, string> } {
  const full = runCli(['build', '--no-cache', '--out', 'reference', ...extra], { cwd: root, env: { FOLIO_FULL_PARSE: '1' } });
  expect(full.status, full.output).toBe(0);
  const pruned = runCli(['build', '--no-cache', ...extra], { cwd: root, env: { FOLIO_FULL_PARSE: '' } });
  expect(pruned.status, pruned.output).toBe(0);
  return { reference: treeHash(path.join(root, 'reference')), prepass: treeHash(path.join(root, 'out')) };
}

describe('out/ with the parse pre-pass equals out/ with the full parse', () => {
  for (const name of ['docs-basic', 'blog-basic', 'docusaurus-compat']) {
    it(`the ${name} fixture`, () => {
      const { reference, prepass } = bothWays(fixture(name));
      expect(Object.keys(prepass).length).toBeGreaterThan(10);
      expect(prepass).toEqual(reference);
    });
  }

  const corpus = mkdtempSync(path.join(os.tmpdir(), 'folio-prepass-corpus-'));
  afterAll(() => removeDir(corpus));

  it('a generated corpus of 60 pages, compiled by two workers', () => {
    execFileSync(process.execPath, [path.join(repoRoot, 'bench/make-corpus.mjs'), corpus, '60'], { stdio: 'ignore' });
    writeFileSync(
      path.join(corpus, 'site.config.ts'),
      `import { defineConfig } from 'folio';\nexport default defineConfig({ title: 'Corpus', url: 'https://corpus.example', docs: { path: 'docs', routeBasePath: '/docs' } });\n`,
    );
    const { reference, prepass } = bothWays(corpus, ['--threads', '2']);
    expect(Object.keys(prepass).filter((file) => file.endsWith('index.html')).length).toBeGreaterThanOrEqual(60);
    expect(prepass).toEqual(reference);
  });
});
