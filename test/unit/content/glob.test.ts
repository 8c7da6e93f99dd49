import { describe, expect, it } from 'vitest';
import { globToRegExp, matchesAny } from '../../../src/content/glob.js';

describe('docs.exclude globs', () => {
  const defaults = ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'].map(globToRegExp);

  it("match what Docusaurus's defaults exclude, at any depth", () => {
    for (const file of ['_partial.md', 'guides/_snippet.mdx', '_shared/notes.md', 'a/_b/c/d.md', '__tests__/case.md', 'x/util.test.ts'])
      expect(matchesAny(file, defaults), file).toBe(true);
  });

  it('leave docs alone, underscores inside a name included', () => {
    for (const file of ['intro.md', 'guides/first_steps.md', 'snake_case/page.md', 'tests/case.md', '_category_.json'])
      expect(matchesAny(file, defaults), file).toBe(false);
  });

  it('treat braces that do not pair up and regex characters as plain text', () => {
    expect(globToRegExp('notes{v1.md').test('notes{v1.md')).toBe(true);
    expect(globToRegExp('a+b(c).md').test('a+b(c).md')).toBe(true);
    expect(globToRegExp('*.md').test('dir/x.md')).toBe(false);
    expect(globToRegExp('v?.md').test('v2.md')).toBe(true);
  });
});
