/**
 * "Nothing changed": a one-shot build whose inputs, config and output are
 * as the last build left them stops after checking, prints the same
 * warnings and leaves out/ alone; any change to what the build read or
 * wrote runs the whole build again.
 */
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, fixtureCopies, outExists, readOut, runCli, treeHash, type CapturedBuild } from '../support/fixtures.js';

const fixture = fixtureCopies();

const warningLines = (build: CapturedBuild) => build.stderr.split('\n').filter((line) => /^warning /.test(line));

describe('a build with nothing changed', () => {
  let root: string;
  let first: CapturedBuild;
  let second: CapturedBuild;
  let before: Record<string, string>;
  beforeAll(async () => {
    root = fixture('docs-basic');
    first = await buildSite(root);
    before = treeHash(path.join(root, 'out'));
    second = await buildSite(root);
  });

  it('stops after the check, leaves out/ as it was and prints the same warnings', () => {
    expect(first.ok, first.stderr).toBe(true);
    expect(first.upToDate).toBeUndefined();
    expect(first.warnings.length).toBeGreaterThan(0);
    expect(second.ok).toBe(true);
    expect(second.upToDate).toBe(true);
    expect(second.stdout).toMatch(/checkInputs .*nothing changed/);
    expect(second.stdout).not.toMatch(/compileContent|renderPages/);
    expect(second.stdout).toMatch(new RegExp(`Nothing changed: the ${first.pages} pages in .* are up to date`));
    expect(second.pages).toBe(first.pages);
    expect(second.warnings).toEqual(first.warnings);
    expect(warningLines(second)).toEqual(warningLines(first));
    expect(treeHash(path.join(root, 'out'))).toEqual(before);
  });

  it('fails under --strict when the last build had warnings, leaving out/ alone', async () => {
    const strict = await buildSite(root, { strict: true });
    expect(strict.ok).toBe(false);
    expect(strict.stdout).toMatch(/checkInputs .*nothing changed/);
    expect(strict.stderr).toMatch(/STRICT_WARNINGS/);
    expect(warningLines(strict)).toEqual(warningLines(first));
    expect(treeHash(path.join(root, 'out'))).toEqual(before);
  });

  it('builds again when a page is edited, and is up to date after that', async () => {
    const file = path.join(root, 'content/docs/getting-started.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/\n## /, '\nAn added sentence about installing.\n\n## '));
    const edited = await buildSite(root);
    expect(edited.upToDate).toBeUndefined();
    expect(edited.stdout).toMatch(/checkInputs .*content changed/);
    expect(readOut(root, 'docs/getting-started/index.html')).toContain('An added sentence about installing.');
    expect((await buildSite(root)).upToDate).toBe(true);
  });

  it('builds again when only the modification time of a page changes (it cannot know the bytes are equal)', async () => {
    const file = path.join(root, 'content/docs/getting-started.md');
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    const touched = await buildSite(root);
    expect(touched.upToDate).toBeUndefined();
    expect(touched.stdout).toMatch(/renderPages .*unchanged/);
  });

  it('builds again when a page is added or removed', async () => {
    const added = path.join(root, 'content/docs/guides/added-later.md');
    writeFileSync(added, '---\ntitle: Added later\n---\n\nA page that did not exist at the last build.\n');
    const withPage = await buildSite(root);
    expect(withPage.upToDate).toBeUndefined();
    expect(readOut(root, 'docs/guides/added-later/index.html')).toContain('A page that did not exist at the last build.');
    unlinkSync(added);
    const without = await buildSite(root);
    expect(without.upToDate).toBeUndefined();
    expect(outExists(root, 'docs/guides/added-later/index.html')).toBe(false);
  });

  it('builds again when a file in a new folder appears', async () => {
    mkdirSync(path.join(root, 'content/docs/new-section'));
    writeFileSync(path.join(root, 'content/docs/new-section/intro.md'), '---\ntitle: New section\n---\n\nThe first page of a new section.\n');
    const result = await buildSite(root);
    expect(result.upToDate).toBeUndefined();
    expect(outExists(root, 'docs/new-section/intro/index.html')).toBe(true);
  });

  it('repairs an output file changed or deleted by hand', async () => {
    const page = path.join(root, 'out/docs/getting-started/index.html');
    const good = readFileSync(page, 'utf8');
    appendFileSync(page, '<!-- edited by hand -->');
    const repaired = await buildSite(root);
    expect(repaired.upToDate).toBeUndefined();
    expect(repaired.stdout).toMatch(/checkInputs .*the output changed/);
    expect(readFileSync(page, 'utf8')).toBe(good);
    unlinkSync(page);
    expect((await buildSite(root)).upToDate).toBeUndefined();
    expect(readFileSync(page, 'utf8')).toBe(good);
    rmSync(path.join(root, 'out'), { recursive: true });
    expect((await buildSite(root)).upToDate).toBeUndefined();
    expect(readFileSync(page, 'utf8')).toBe(good);
  });

  it('builds again when the config changes', async () => {
    const config = path.join(root, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("title: 'Fixture Docs'", "title: 'Retitled Docs'"));
    const result = await buildSite(root);
    expect(result.upToDate).toBeUndefined();
    expect(result.stdout).toMatch(/checkInputs .*config or folio changed/);
    expect(readOut(root, 'docs/getting-started/index.html')).toContain('Retitled Docs</title>');
  });

  it('runs every stage with --force, and never checks with --no-cache', async () => {
    expect((await buildSite(root)).upToDate).toBe(true);
    const forced = await buildSite(root, { force: true });
    expect(forced.upToDate).toBeUndefined();
    expect(forced.stdout).toMatch(/renderPages/);
    const uncached = await buildSite(root, { useCache: false });
    expect(uncached.upToDate).toBeUndefined();
    expect(uncached.stdout).not.toMatch(/checkInputs/);
  });
});

describe('scheduled blog posts', () => {
  it('make a build stale once their date has come', async () => {
    const root = fixture('blog-basic');
    const now = new Date('2026-01-01T00:00:00Z');
    const first = await buildSite(root, { now });
    expect(first.ok, first.stderr).toBe(true);
    expect(outExists(root, 'blog/future/index.html')).toBe(false);
    expect((await buildSite(root, { now: new Date('2026-06-01T00:00:00Z') })).upToDate).toBe(true);
    const due = await buildSite(root, { now: new Date('2099-06-01T00:00:00Z') });
    expect(due.upToDate).toBeUndefined();
    expect(due.stdout).toMatch(/checkInputs .*scheduled post came due/);
    expect(outExists(root, 'blog/future/index.html')).toBe(true);
  });
});

describe('pages that import other files', () => {
  it('are compiled on every build and keep the build from being "up to date"', () => {
    const root = fixture('docs-basic');
    writeFileSync(path.join(root, 'content/docs/numbers.mjs'), 'export const answer = 41;\n');
    writeFileSync(
      path.join(root, 'content/docs/imported.mdx'),
      "---\ntitle: Imported\n---\n\nimport { answer } from './numbers.mjs';\n\nThe answer is {answer}.\n",
    );
    const first = runCli(['build', '--root', root]);
    expect(first.status, first.output).toBe(0);
    expect(readOut(root, 'docs/imported/index.html')).toContain('The answer is 41.');
    // Only the imported module changes: neither the page cache nor the up-to-date check may hide it.
    writeFileSync(path.join(root, 'content/docs/numbers.mjs'), 'export const answer = 42;\n');
    const second = runCli(['build', '--root', root]);
    expect(second.status, second.output).toBe(0);
    expect(second.output).not.toMatch(/Nothing changed/);
    expect(readOut(root, 'docs/imported/index.html')).toContain('The answer is 42.');
    const third = runCli(['build', '--root', root]);
    expect(third.output).toMatch(/checkInputs .*no stamp/);
  });
});

describe('where folio is started from does not change the cache keys', () => {
  it('a build from the site folder, then one from its parent with --root: nothing changed, and every bundle came from the cache', () => {
    const root = fixture('cache-kinds');
    const inside = runCli(['build'], { cwd: root });
    expect(inside.status, inside.output).toBe(0);
    const fromParent = runCli(['build', '--root', path.basename(root)], { cwd: path.dirname(root) });
    expect(fromParent.status, fromParent.output).toBe(0);
    expect(fromParent.stdout).toMatch(/Nothing changed/);
    // With the stage check forced, the markdown and the bundles still come from the cache.
    const forced = runCli(['build', '--root', path.basename(root), '--force'], { cwd: path.dirname(root) });
    expect(forced.status, forced.output).toBe(0);
    expect(forced.stdout).toMatch(/compileContent .*\b0 compiled\b/);
  });
});

describe('content in a symbolically linked folder', () => {
  it('an edit inside the linked folder is a change; a link loop does not hang the check', () => {
    const root = fixture('docs-basic');
    const shared = mkdtempSync(path.join(os.tmpdir(), 'folio-linked-'));
    try {
      writeFileSync(path.join(shared, 'linked-page.md'), '---\ntitle: Linked page\n---\n\nThe first text.\n');
      symlinkSync(shared, path.join(root, 'content/docs/linked'));
      // A loop inside the linked folder: discovery skips it with a warning, the check must not follow it forever.
      symlinkSync('.', path.join(shared, 'again'));
      expect(runCli(['build'], { cwd: root }).status).toBe(0);
      expect(runCli(['build'], { cwd: root }).stdout).toMatch(/Nothing changed/);
      writeFileSync(path.join(shared, 'linked-page.md'), '---\ntitle: Linked page\n---\n\nThe second text.\n');
      const after = runCli(['build'], { cwd: root });
      expect(after.status).toBe(0);
      expect(after.stdout).not.toMatch(/Nothing changed/);
      expect(readOut(root, 'docs/linked/linked-page/index.html')).toContain('The second text.');
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  });
});
