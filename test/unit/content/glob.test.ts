import { describe, expect, it } from 'vitest';
import { compileGlob, matchesAny } from '../../../src/content/glob.js';

describe('docs.exclude globs', () => {
  const defaults = ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'].map(compileGlob);

  it("match what Docusaurus's defaults exclude, at any depth", () => {
    for (const file of ['_partial.md', 'guides/_snippet.mdx', '_shared/notes.md', 'a/_b/c/d.md', '__tests__/case.md', 'x/util.test.ts'])
      expect(matchesAny(file, defaults), file).toBe(true);
  });

  it('leave docs alone, underscores inside a name included', () => {
    for (const file of ['intro.md', 'guides/first_steps.md', 'snake_case/page.md', 'tests/case.md', '_category_.json'])
      expect(matchesAny(file, defaults), file).toBe(false);
  });

  it('treat braces that do not pair up and regex characters as plain text', () => {
    expect(compileGlob('notes{v1.md').test('notes{v1.md')).toBe(true);
    expect(compileGlob('a+b(c).md').test('a+b(c).md')).toBe(true);
    expect(compileGlob('*.md').test('dir/x.md')).toBe(false);
    expect(compileGlob('v?.md').test('v2.md')).toBe(true);
  });
});

describe('hostile globs from a config', () => {
  it('answer at once: runs of stars, chains of **, nested braces (a backtracking regex took minutes)', () => {
    const path = `${'a/'.repeat(40)}${'b'.repeat(200)}`;
    const globs = ['*'.repeat(40) + 'x', '**/'.repeat(30) + 'y', `${'*a'.repeat(30)}x`, '{a,{b,{c,{d,e}}}}'.repeat(8)].map(compileGlob);
    for (const glob of globs) expect(glob.test(path)).toBe(false);
    // And still right when they can match.
    expect(compileGlob('*'.repeat(40) + 'b').test('xb')).toBe(true);
    expect(compileGlob('**/'.repeat(30) + 'y').test('a/b/y')).toBe(true);
  });
});
