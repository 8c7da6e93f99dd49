/**
 * Odd content in real builds: symbolic link loops, category links to docs
 * that do not exist, front matter errors, files that are not UTF-8, empty
 * files, folders named like markdown files and unreadable files. Each one
 * builds (with a warning naming the file) or fails with one catalogue error
 * naming it, in bounded time and without a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite, readOut, removeDir, repoRoot, stripAnsi } from '../support/fixtures.js';

const cli = path.join(repoRoot, 'bin/folio');
const roots: string[] = [];
afterAll(() => roots.forEach(removeDir));

const CONFIG = `import { defineConfig } from 'folio';

export default defineConfig({
  title: 'Content Faults',
  url: 'https://faults.example.com',
  baseUrl: '/',
  docs: { path: 'content/docs', routeBasePath: '/docs' },
  blog: { path: 'content/blog', routeBasePath: '/blog', title: 'Blog', onUntruncatedBlogPosts: 'ignore' },
  pages: { path: 'content/pages' },
});
`;

/** A new small site: a home page, two docs in two folders and one blog post, plus `files`. */
function site(files: Record<string, string | Buffer> = {}): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'folio-content-faults-'));
  roots.push(root);
  const all: Record<string, string | Buffer> = {
    'site.config.ts': CONFIG,
    'content/pages/index.md': '# Home\n\nWelcome.\n',
    'content/docs/intro.md': '# Intro\n\nWhere to start.\n',
    'content/docs/guides/setup.md': '# Setup\n\nHow to set things up.\n',
    // (With an author: a post without one stops the JSON feed, a fault outside content discovery.)
    'content/blog/2025-03-01-hello.md': '---\ntitle: Hello\nauthors: ada\n---\n\nFirst words.\n',
    'content/blog/authors.yml': 'ada:\n  name: Ada\n',
    ...files,
  };
  for (const [rel, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

/** `folio build` in the site folder, killed if it takes longer than `timeout` (status null then). */
function cliBuild(root: string, { timeout = 60_000, uid }: { timeout?: number; uid?: number } = {}) {
  const result = spawnSync(process.execPath, [cli, 'build'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...(uid !== undefined ? { HOME: root } : {}) },
    timeout,
    ...(uid !== undefined ? { uid, gid: uid } : {}),
  });
  return { status: result.status, output: stripAnsi(`${result.stdout}\n${result.stderr}`) };
}

const pagesOf = (root: string) => fg.sync('**/*.html', { cwd: path.join(root, 'out') }).sort();
const warningLines = (output: string, code: string) => output.split('\n').filter((line) => line.startsWith(`warning ${code} `));

describe('symbolic links in content', () => {
  it('a link to its own folder: the real files once, one warning naming the link', { timeout: 90_000 }, () => {
    const reference = site();
    expect(cliBuild(reference).status).toBe(0);
    const root = site();
    symlinkSync('.', path.join(root, 'content/docs/loop'));
    const result = cliBuild(root);
    expect(result.status, result.output).toBe(0);
    expect(pagesOf(root)).toEqual(pagesOf(reference));
    const warnings = warningLines(result.output, 'CONTENT_SYMLINK_SKIPPED');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^warning CONTENT_SYMLINK_SKIPPED content\/docs\/loop: symbolic link to "\." \(content\/docs\) leads back/);
    expect(result.output).toMatch(/with 1 warning\./);
  });

  it('two loops (a/b -> .. and c -> .) finish, with one warning each', { timeout: 90_000 }, () => {
    const root = site();
    symlinkSync('..', path.join(root, 'content/docs/guides/back'));
    symlinkSync('.', path.join(root, 'content/docs/again'));
    // The blog and pages folders walk the same way.
    symlinkSync('.', path.join(root, 'content/blog/self'));
    symlinkSync('../..', path.join(root, 'content/pages/up'));
    const result = cliBuild(root);
    expect(result.status, result.output).toBe(0);
    const warnings = warningLines(result.output, 'CONTENT_SYMLINK_SKIPPED');
    // (Sorted: the sections are discovered side by side.)
    expect(warnings.map((line) => line.split(':')[0].split(' ').pop()).sort()).toEqual([
      'content/blog/self',
      'content/docs/again',
      'content/docs/guides/back',
      'content/pages/up',
    ]);
    expect(pagesOf(root).filter((page) => page.startsWith('docs/'))).toEqual(['docs/guides/setup/index.html', 'docs/intro/index.html']);
  });

  it('links to a file and to a folder elsewhere are followed: their docs are pages', async () => {
    const root = site({
      'shared/linked.md': '# Linked doc\n\nKept outside the docs folder.\n',
      'shared/more/extra.md': '# Extra doc\n\nIn a linked folder.\n',
    });
    symlinkSync(path.join(root, 'shared/linked.md'), path.join(root, 'content/docs/linked.md'));
    symlinkSync(path.join(root, 'shared/more'), path.join(root, 'content/docs/more'));
    const result = await buildSite(root);
    expect(result.ok, result.stderr).toBe(true);
    expect(readOut(root, 'docs/linked/index.html')).toContain('Kept outside the docs folder.');
    expect(readOut(root, 'docs/more/extra/index.html')).toContain('In a linked folder.');
    expect(result.stderr).not.toMatch(/CONTENT_SYMLINK_SKIPPED/);
  });

  it('a link to nothing is skipped with a warning', async () => {
    const root = site();
    symlinkSync('gone.md', path.join(root, 'content/docs/dangling.md'));
    const result = await buildSite(root);
    expect(result.ok, result.stderr).toBe(true);
    expect(result.stderr).toMatch(/warning CONTENT_SYMLINK_SKIPPED \S*content\/docs\/dangling\.md: symbolic link to "gone\.md", which does not exist/);
  });
});

describe('category links to docs that do not exist', () => {
  it('_category_.json: a warning naming the file, the line, the id and a close id', async () => {
    const category = ['{', '  "label": "Guides",', '  "link": { "type": "doc", "id": "setpu" }', '}', ''].join('\n');
    const root = site({ 'content/docs/guides/_category_.json': category });
    const result = await buildSite(root);
    expect(result.ok, result.stderr).toBe(true);
    const line = category.split('\n').findIndex((text) => text.includes('setpu')) + 1;
    expect(result.stderr).toMatch(
      new RegExp(
        `warning CATEGORY_LINK_UNKNOWN \\S*content/docs/guides/_category_\\.json:${line}: link\\.id "setpu" names no doc \\(did you mean "setup"\\?\\)`,
      ),
    );
    // The category is still in the sidebar, without a page of its own.
    expect(readOut(root, 'docs/intro/index.html')).toContain('Guides');
  });

  it('_category_.yml: the same, and no suggestion when nothing is close', async () => {
    const category = 'label: Guides\nlink:\n  type: doc\n  id: nope\n';
    const root = site({ 'content/docs/guides/_category_.yml': category });
    const result = await buildSite(root);
    expect(result.ok, result.stderr).toBe(true);
    expect(result.stderr).toMatch(/warning CATEGORY_LINK_UNKNOWN \S*content\/docs\/guides\/_category_\.yml:4: link\.id "nope" names no doc; /);
  });

  it('a link to a doc that exists warns about nothing', async () => {
    const root = site({ 'content/docs/guides/_category_.yml': 'link: { type: doc, id: setup }\n' });
    const result = await buildSite(root);
    expect(result.ok, result.stderr).toBe(true);
    expect(result.stderr).not.toMatch(/CATEGORY_LINK_UNKNOWN/);
  });
});

describe('front matter errors point at the line to fix', () => {
  const cases: [string, string[], string][] = [
    ['the first key', ['---', 'title: a: b', 'description: fine', '---', '', '# Doc'], 'title: a: b'],
    ['a middle key', ['---', 'title: Fine', 'description: x: y', 'sidebar_position: 2', '---', '# Doc'], 'description: x: y'],
    ['the last line', ['---', 'title: Fine', 'sidebar_position: 2', 'description: [open', '---', '# Doc'], 'description: [open'],
  ];
  for (const [name, lines, bad] of cases) {
    it(name, async () => {
      const root = site({ 'content/docs/intro.md': `${lines.join('\n')}\n` });
      const result = await buildSite(root);
      expect(result.ok).toBe(false);
      const line = lines.indexOf(bad) + 1;
      expect(result.stderr).toMatch(new RegExp(`error FRONT_MATTER_SYNTAX[^\\n]*\\n\\s+\\S*content/docs/intro\\.md:${line}:\\d+: `));
      expect(result.stderr).toContain(`${line} | ${bad}`);
    });
  }

  it('CRLF line endings and a byte-order mark do not move the line', async () => {
    const lines = ['---', 'title: Fine', 'description: x: y', '---', '# Doc'];
    const root = site({ 'content/docs/intro.md': `\uFEFF${lines.join('\r\n')}\r\n` });
    const result = await buildSite(root);
    expect(result.ok).toBe(false);
    expect(result.stderr).toMatch(/content\/docs\/intro\.md:3:\d+: /);
    expect(result.stderr).toContain('3 | description: x: y\n');
  });

  it('no closing ---: says so, at the opening line', async () => {
    const text = ['---', 'title: Intro', '', '# Intro', '', 'Some text: here', 'more text'].join('\n');
    const root = site({ 'content/docs/intro.md': `${text}\n` });
    const result = await buildSite(root);
    expect(result.ok).toBe(false);
    expect(result.stderr).toMatch(/error FRONT_MATTER_SYNTAX[^\n]*\n\s+\S*content\/docs\/intro\.md:1: the front matter opened here has no closing --- line/);
    expect(result.stderr).toMatch(/hint Add a line with ---/);
  });

  it('_category_.yml and authors.yml errors name their own line', async () => {
    const category = ['label: Guides', 'position: [2', 'collapsed: true', ''].join('\n');
    const root = site({ 'content/docs/guides/_category_.yml': category });
    const result = await buildSite(root);
    expect(result.ok).toBe(false);
    expect(result.stderr).toMatch(/error CATEGORY_INVALID[^\n]*\n\s+\S*content\/docs\/guides\/_category_\.yml:2:\d+: cannot parse/);

    const authors = ['ada:', '  name: Ada', 'bob:', '  name: "Bob', '  title: Writer', ''].join('\n');
    const blogRoot = site({ 'content/blog/authors.yml': authors });
    const blogResult = await buildSite(blogRoot);
    expect(blogResult.ok).toBe(false);
    expect(blogResult.stderr).toMatch(/error BLOG_DATA_INVALID[^\n]*\n\s+\S*content\/blog\/authors\.yml:4:\d+: /);
  });
});

describe('files that are not UTF-8', () => {
  const latin1 = (text: string) => Buffer.from(text, 'latin1');

  it('each kind of content file warns with its line and column; the build goes on', async () => {
    const texts: Record<string, string> = {
      'content/docs/intro.md': '# Intro\n\nA caf\u00e9 on line three.\n',
      'content/docs/guides/_category_.yml': 'label: Guides\nclassName: caf\u00e9\n',
      'content/blog/2025-03-01-hello.md': '---\ntitle: Hello\nauthors: ada\n---\n\nNa\u00efve words.\n',
      'content/blog/authors.yml': 'ada:\n  name: Ad\u00e1\n',
      'content/blog/tags.yml': 'news:\n  label: Nouveaut\u00e9s\n',
      'content/pages/about.md': '\u00c0 propos\n',
    };
    const root = site(Object.fromEntries(Object.entries(texts).map(([file, text]) => [file, latin1(text)])));
    const result = await buildSite(root);
    expect(result.ok, result.stderr).toBe(true);
    for (const [file, text] of Object.entries(texts)) {
      // Where the first non-ASCII character (one Latin-1 byte on disk) is.
      const index = [...text].findIndex((char) => char.charCodeAt(0) > 0x7f);
      const line = text.slice(0, index).split('\n').length;
      const column = index - text.lastIndexOf('\n', index - 1);
      const hex = text.charCodeAt(index).toString(16).toUpperCase();
      expect(result.stderr).toMatch(
        new RegExp(`warning CONTENT_NOT_UTF8 \\S*${file.replace(/\./g, '\\.')}:${line}:${column}: byte 0x${hex} is not UTF-8; .*save it as UTF-8`),
      );
    }
    expect(result.stderr.match(/warning CONTENT_NOT_UTF8/g)).toHaveLength(Object.keys(texts).length);
    expect(readOut(root, 'docs/intro/index.html')).toContain('A caf\uFFFD on line three.');
  });

  it('UTF-8 text with accents and a byte-order mark warns about nothing', async () => {
    const root = site({ 'content/docs/intro.md': '\uFEFF# Intro\n\nA caf\u00e9, na\u00efve, \u{1F600}.\n' });
    const result = await buildSite(root);
    expect(result.ok, result.stderr).toBe(true);
    expect(result.stderr).not.toMatch(/CONTENT_NOT_UTF8/);
  });
});

describe('empty files, folders named like files, unreadable files', () => {
  it('an empty doc and empty category files build', async () => {
    const root = site({
      'content/docs/empty.md': '',
      'content/docs/guides/_category_.json': '',
      'content/docs/other/_category_.yml': '# only a comment\n',
      'content/docs/other/page.md': '# Page\n',
    });
    const result = await buildSite(root);
    expect(result.ok, result.stderr).toBe(true);
    expect(readOut(root, 'docs/empty/index.html')).toContain('<html');
  });

  it('a folder named x.md is a folder: its docs are pages, it is not read as a file', async () => {
    const root = site({ 'content/docs/notes.md/inside.md': '# Inside\n\nA doc in a folder named notes.md.\n' });
    const result = await buildSite(root);
    expect(result.ok, result.stderr).toBe(true);
    expect(fg.sync('**/*.html', { cwd: path.join(root, 'out') }).some((file) => file.endsWith('inside/index.html'))).toBe(true);
  });

  it('a _category_.json with a syntax error names its line', async () => {
    const category = ['{', '  "label": "Guides",', '  "position": ,', '  "collapsed": true', '}', ''].join('\n');
    const root = site({ 'content/docs/guides/_category_.json': category });
    const result = await buildSite(root);
    expect(result.ok).toBe(false);
    expect(result.stderr).toMatch(/error CATEGORY_INVALID[^\n]*\n\s+\S*content\/docs\/guides\/_category_\.json:3:\d+: cannot parse/);
    expect(result.stderr).toContain('3 |   "position": ,');
  });

  // As root every file is readable: run folio as an unprivileged user then.
  const asRoot = process.getuid?.() === 0;
  const nobody = 65534;
  it('an unreadable doc: FS_PERMISSION naming it, no stack trace', { timeout: 90_000 }, () => {
    const root = site();
    if (asRoot) {
      // The unprivileged user needs to reach the site: open the temporary folder and hand it over.
      chmodSync(root, 0o755);
      for (const file of [root, ...fg.sync('**/*', { cwd: root, dot: true, onlyFiles: false, absolute: true })]) chownSync(file, nobody, nobody);
    }
    chmodSync(path.join(root, 'content/docs/intro.md'), 0o000);
    const result = cliBuild(root, asRoot ? { uid: nobody } : {});
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/error FS_PERMISSION Permission denied\n\s+content\/docs\/intro\.md: cannot open: permission denied/);
    expect(result.output).not.toMatch(/\n\s+at /);
  });
});
