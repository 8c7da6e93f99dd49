/**
 * walkContent follows symbolic links by hand: loops are skipped with one
 * warning per link (naming it and its target) and the walk ends; links to
 * files and to folders elsewhere are listed under the link's name.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Warning } from '../../../src/core/warnings.js';
import { isIgnoredDir, walkContent } from '../../../src/content/walk.js';
import { removeDir } from '../../support/fixtures.js';

const roots: string[] = [];
afterAll(() => roots.forEach(removeDir));

/** A folder with `files` (relative path → text) and `links` (relative path → link target). */
function tree(files: string[], links: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'folio-walk-'));
  roots.push(root);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), `${file}\n`);
  }
  for (const [link, target] of Object.entries(links)) {
    mkdirSync(path.dirname(path.join(root, link)), { recursive: true });
    symlinkSync(target, path.join(root, link));
  }
  return root;
}

async function walk(dir: string): Promise<{ files: string[]; warnings: Warning[] }> {
  const warnings: Warning[] = [];
  const files = await walkContent({ dir, skipDir: isIgnoredDir, warn: (warning) => warnings.push(warning) });
  return { files: files.map((file) => path.relative(dir, file)), warnings };
}

describe('walkContent', () => {
  it('lists files, not dot files, not ignored folders', async () => {
    const root = tree(['a.md', 'sub/b.md', '.hidden/c.md', '.d.md', '_partials/e.md', 'node_modules/x/f.md', '_category_.json']);
    expect((await walk(root)).files).toEqual(['_category_.json', 'a.md', 'sub/b.md']);
  });

  it('a link to its own folder: skipped, one warning naming the link and its target', async () => {
    const root = tree(['a.md', 'sub/b.md'], { loop: '.' });
    const { files, warnings } = await walk(root);
    expect(files).toEqual(['a.md', 'sub/b.md']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: 'CONTENT_SYMLINK_SKIPPED', location: { file: path.join(root, 'loop') } });
    expect(warnings[0].message).toMatch(/^symbolic link to "\." \(.*\) leads back to a folder that contains it/);
  });

  it('two loops, one of them deeper, and a link above the root: all skipped, the walk ends', { timeout: 60_000 }, async () => {
    const root = tree(['docs/a.md', 'docs/x/b.md'], { 'docs/x/back': '..', 'docs/again': '.', 'docs/x/top': '../..' });
    const { files, warnings } = await walk(path.join(root, 'docs'));
    expect(files).toEqual(['a.md', 'x/b.md']);
    expect(warnings.map((warning) => path.relative(root, warning.location!.file))).toEqual(['docs/again', 'docs/x/back', 'docs/x/top']);
  });

  it('a loop reached along two paths is reported once', async () => {
    const root = tree(['a/file.md'], { 'a/up': '..', alias: 'a' });
    const { warnings } = await walk(root);
    expect(warnings).toHaveLength(1);
  });

  it('links to a file and to a folder elsewhere are followed, under the link name', async () => {
    const outside = tree(['shared.md', 'folder/inner.md']);
    const root = tree(['a.md'], { 'linked.md': path.join(outside, 'shared.md'), more: path.join(outside, 'folder') });
    const { files, warnings } = await walk(root);
    expect(files).toEqual(['a.md', 'linked.md', 'more/inner.md']);
    expect(warnings).toEqual([]);
  });

  it('a broken link and a link to itself: skipped with a warning each', async () => {
    const root = tree(['a.md'], { 'gone.md': 'missing.md', 'self.md': 'self.md' });
    const { files, warnings } = await walk(root);
    expect(files).toEqual(['a.md']);
    expect(warnings.map((warning) => warning.message)).toEqual([
      'symbolic link to "missing.md", which does not exist; skipped',
      'symbolic link to "self.md" resolves to itself (a chain of links that never ends); skipped',
    ]);
  });

  it('a missing folder has no files', async () => {
    expect(await walkContent({ dir: path.join(os.tmpdir(), 'folio-walk-does-not-exist') })).toEqual([]);
  });
});
