/**
 * Names made only of emoji or punctuation slug to "" with GitHub's rules. A tag
 * or a generated category index named so must still get a page of its own,
 * not the tags index's URL or an empty segment.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readOut, removeDir, runCli } from '../support/fixtures.js';

const roots: string[] = [];
afterAll(() => roots.forEach(removeDir));

it('emoji-only tags and categories get their own routes', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'folio-emoji-'));
  roots.push(root);
  mkdirSync(path.join(root, 'content/docs/rockets'), { recursive: true });
  mkdirSync(path.join(root, 'content/docs/fires'), { recursive: true });
  mkdirSync(path.join(root, 'content/blog'), { recursive: true });
  mkdirSync(path.join(root, 'content/pages'), { recursive: true });
  writeFileSync(path.join(root, 'site.config.ts'), `export default { title: 'Emoji', url: 'https://emoji.example.org', docs: {}, blog: {} };\n`);
  writeFileSync(path.join(root, 'content/pages/index.md'), '# Emoji\n\nHome.\n');
  writeFileSync(path.join(root, 'content/docs/rockets/_category_.json'), JSON.stringify({ label: '🚀', link: { type: 'generated-index' } }));
  writeFileSync(path.join(root, 'content/docs/rockets/launch.md'), '---\ntitle: Launch\n---\n\nCountdown.\n');
  writeFileSync(path.join(root, 'content/docs/fires/_category_.json'), JSON.stringify({ label: '🔥', link: { type: 'generated-index' } }));
  writeFileSync(path.join(root, 'content/docs/fires/burn.md'), '---\ntitle: Burn\n---\n\nHeat.\n');
  writeFileSync(
    path.join(root, 'content/blog/2026-02-01-party.md'),
    '---\ntitle: Party\nauthors: [{ name: Ada }]\ntags: ["🎉", "✨", news]\n---\n\nConfetti.\n',
  );
  const result = runCli(['build'], { cwd: root });
  expect(result.status, result.output).toBe(0);
  expect(result.output).not.toContain('DUPLICATE_ROUTE');
  expect(result.output).not.toContain('BROKEN_LINK');
  const routes = (JSON.parse(readOut(root, 'routes.json')) as { path: string }[]).map((route) => route.path);
  expect(routes).toEqual(
    expect.arrayContaining(['/blog/tags', '/blog/tags/tag', '/blog/tags/tag-1', '/blog/tags/news', '/docs/category/category', '/docs/category/category-1']),
  );
  expect(routes).not.toContain('/blog/tags/');
  expect(routes.filter((route) => route.endsWith('/') || route === '/docs/category')).toEqual(['/']);
  expect(readOut(root, 'blog/tags/tag/index.html')).toContain('🎉');
});
