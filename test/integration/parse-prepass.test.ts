import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusSite, fixtureCopies, removeDir, runCli, treeHash } from '../support/fixtures.js';

const fixture = fixtureCopies();

function bothWays(root: string, extra: string[] = []): { reference: Record<string, string>; prepass: Record<string, string> } {
  // The reference path: the full parse, every page's docs sidebar rendered whole by React, and
  // every bundle made by the site's own build (not folio's prebuilt ones).
  const full = runCli(['build', '--no-cache', '--out', 'reference', ...extra], {
    cwd: root,
    env: { FOLIO_FULL_PARSE: '1', FOLIO_RENDER_MEMO: '0', FOLIO_PREBUILT: '0' },
  });
  expect(full.status, full.output).toBe(0);
  const pruned = runCli(['build', '--no-cache', ...extra], { cwd: root, env: { FOLIO_FULL_PARSE: '', FOLIO_RENDER_MEMO: '', FOLIO_PREBUILT: '' } });
  expect(pruned.status, pruned.output).toBe(0);
  return { reference: treeHash(path.join(root, 'reference')), prepass: treeHash(path.join(root, 'out')) };
}

describe('out/ as folio builds it equals out/ on the reference path (the full parse, whole sidebars)', () => {
  for (const name of ['docs-basic', 'blog-basic', 'docusaurus-compat']) {
    it(`the ${name} fixture`, () => {
      const { reference, prepass } = bothWays(fixture(name));
      expect(Object.keys(prepass).length).toBeGreaterThan(10);
      expect(prepass).toEqual(reference);
    });
  }

  let corpus = '';
  afterAll(() => corpus && removeDir(corpus));

  it('a generated corpus of 60 pages, compiled by two workers', () => {
    corpus = corpusSite(60);
    const { reference, prepass } = bothWays(corpus, ['--threads', '2']);
    expect(Object.keys(prepass).filter((file) => file.endsWith('index.html')).length).toBeGreaterThanOrEqual(60);
    expect(prepass).toEqual(reference);
  });
});
