import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite, corpusSite, fixtureCopies, removeDir, runCli, treeHash } from '../support/fixtures.js';

const fixture = fixtureCopies();

/** A cold CLI build of `root` into `out` (its cache removed first): the output's files by hash. */
function coldBuild(root: string, out: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  rmSync(path.join(root, '.folio-cache'), { recursive: true, force: true });
  const result = runCli(['build', '--out', out, ...args], { cwd: root, env: { FOLIO_HELD_BODY_CHARS: '', ...env } });
  expect(result.status, result.output).toBe(0);
  return treeHash(path.join(root, out));
}

function threeWays(root: string, extra: string[] = []) {
  const build = (out: string, args: string[], env: NodeJS.ProcessEnv = {}) => coldBuild(root, out, [...args, ...extra], env);
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

  it('a one-shot build lets the markdown text go once compiled, and publishes the same', async () => {
    const root = fixture('blog-basic');
    const reference = coldBuild(root, 'reference', ['--no-cache']);
    rmSync(path.join(root, '.folio-cache'), { recursive: true, force: true });
    const result = await buildSite(root, { outDir: 'api-out' });
    expect(result.ok, result.stderr).toBe(true);
    expect(treeHash(path.join(root, 'api-out'))).toEqual(reference);
    const posts = result.content!.blog!.posts;
    expect(posts.length).toBeGreaterThan(2);
    for (const post of posts) {
      expect(post.textReleased).toBe(true);
      expect(post.source + post.body).toBe('');
      // What the text was read for is still there.
      expect(post.hash).toMatch(/^[0-9a-f]{20}$/);
      expect(Object.keys(post.frontMatter).length).toBeGreaterThan(0);
    }
  });

  let corpus = '';
  afterAll(() => corpus && removeDir(corpus));

  it('a generated corpus of 60 pages, compiled by two workers', () => {
    corpus = corpusSite(60);
    const { reference, held, readBack, build } = threeWays(corpus, ['--threads', '2']);
    expect(Object.keys(held).filter((file) => file.endsWith('index.html')).length).toBeGreaterThanOrEqual(60);
    expect(held).toEqual(reference);
    expect(readBack).toEqual(reference);
    // The 60 bodies are about a million characters: a budget of 200,000 runs out after a dozen.
    expect(build('let-go', [], { FOLIO_HELD_BODY_CHARS: '200000' })).toEqual(reference);
  });
});
