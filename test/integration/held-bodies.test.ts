/**
 * A one-shot build with the cache holds the bodies it compiled in memory when they all fit in
 * HELD_BODY_CHARS, and otherwise reads every body back from .folio-cache to render and index it.
 * Both ways must publish the same bytes: each site is built from scratch holding every body,
 * holding none (FOLIO_HELD_BODY_CHARS=0), letting go of those held when the budget runs out
 * midway (the corpus), and without the cache at all.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureCopies, removeDir, repoRoot, runCli, treeHash } from '../support/fixtures.js';

const fixture = fixtureCopies();

function threeWays(root: string, extra: string[] = []) {
  const build = (out: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
    rmSync(path.join(root, '.folio-cache'), { recursive: true, force: true });
    const result = runCli(['build', '--out', out, ...args, ...extra], { cwd: root, env: { FOLIO_HELD_BODY_CHARS: '', ...env } });
    expect(result.status, result.output).toBe(0);
    return treeHash(path.join(root, out));
  };
  return {
    reference: build('reference', ['--no-cache']),
    held: build('held', []),
    readBack: build('read-back', [], { FOLIO_HELD_BODY_CHARS: '0' }),
    build,
  };
}

describe('bodies held in memory and bodies read back from the cache publish the same output', () => {
  for (const name of ['blog-basic', 'cache-kinds']) {
    it(`the ${name} fixture`, () => {
      const { reference, held, readBack } = threeWays(fixture(name));
      expect(Object.keys(held).length).toBeGreaterThan(10);
      expect(held).toEqual(reference);
      expect(readBack).toEqual(reference);
    });
  }

  const corpus = mkdtempSync(path.join(os.tmpdir(), 'folio-held-corpus-'));
  afterAll(() => removeDir(corpus));

  it('a generated corpus of 60 pages, compiled by two workers', () => {
    execFileSync(process.execPath, [path.join(repoRoot, 'bench/make-corpus.mjs'), corpus, '60'], { stdio: 'ignore' });
    writeFileSync(
      path.join(corpus, 'site.config.ts'),
      `import { defineConfig } from 'folio';\nexport default defineConfig({ title: 'Corpus', url: 'https://corpus.example', docs: { path: 'docs', routeBasePath: '/docs' } });\n`,
    );
    const { reference, held, readBack, build } = threeWays(corpus, ['--threads', '2']);
    expect(Object.keys(held).filter((file) => file.endsWith('index.html')).length).toBeGreaterThanOrEqual(60);
    expect(held).toEqual(reference);
    expect(readBack).toEqual(reference);
    // The 60 bodies are about a million characters: a budget of 200,000 runs out after a dozen.
    expect(build('let-go', [], { FOLIO_HELD_BODY_CHARS: '200000' })).toEqual(reference);
  });
});
