/**
 * The emitter seam: an emitter a site adds in site.config.ts (`emitters`) runs in
 * `folio build` and in `folio serve` through the same code as folio's own feeds and
 * sitemap — nothing in the drivers knows about it. In serve it runs again only when
 * its fingerprint changes, and its files count as link targets.
 */
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, runCli } from '../support/fixtures.js';
import { startCli, type CliServer } from '../support/serve.js';

const roots: string[] = [];
afterAll(() => roots.forEach(removeDir));

/** A site whose config adds an emitter that lists every page's path and title. */
function site(emitterSource: string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'folio-emitters-'));
  roots.push(root);
  mkdirSync(path.join(root, 'content/docs'), { recursive: true });
  mkdirSync(path.join(root, 'content/pages'), { recursive: true });
  writeFileSync(
    path.join(root, 'site.config.ts'),
    `import { defineConfig } from 'folio';

const emitted: string[] = [];
${emitterSource}

export default defineConfig({
  title: 'Emitters',
  url: 'https://emitters.example.org',
  docs: {},
  emitters: [pageList],
});
`,
  );
  writeFileSync(path.join(root, 'content/pages/index.md'), '# Emitters\n\nSee [the page list](pathname:///page-list.json) and [the docs](/docs/intro).\n');
  writeFileSync(path.join(root, 'content/docs/intro.md'), '---\ntitle: Intro\n---\n\nThe list of pages is at [/page-list.json](/page-list.json).\n');
  return root;
}

const pageListEmitter = `
const pageList = {
  name: 'page-list',
  fingerprint: ({ table }) => table.routes.map((route) => route.path + '=' + route.title).join('|'),
  async emit({ table, content, compiled, load }) {
    const docs = content.docs?.docs ?? [];
    await load(docs.map((doc) => doc.file));
    const words = Object.fromEntries(docs.map((doc) => [doc.id, compiled.get(doc.file)?.words ?? 0]));
    emitted.push(new Date().toISOString());
    return [
      { path: '/page-list.json', contents: JSON.stringify({ runs: emitted.length, pages: table.routes.map((route) => ({ path: route.path, title: route.title })), words }) },
      { path: '/lists/bytes.bin', contents: new Uint8Array([1, 2, 3]) },
    ];
  },
};`;

describe('a site emitter', () => {
  it('runs in folio build: its files are in out/, they are link targets, and the stage line names it', () => {
    const root = site(pageListEmitter);
    const result = runCli(['build'], { cwd: root });
    expect(result.status, result.output).toBe(0);
    const list = JSON.parse(readFileSync(path.join(root, 'out/page-list.json'), 'utf8'));
    expect(list.pages).toEqual(
      expect.arrayContaining([
        { path: '/docs/intro', title: 'Intro' },
        { path: '/', title: 'Emitters' },
      ]),
    );
    expect(list.words.intro).toBeGreaterThan(3);
    expect([...readFileSync(path.join(root, 'out/lists/bytes.bin'))]).toEqual([1, 2, 3]);
    expect(result.stdout).toMatch(/emitFeeds .* \(feeds, sitemap, search, page-list\)/);
    expect(result.output).not.toContain('BROKEN_LINK');
  });

  it('runs in folio serve, again only when its fingerprint changes', async () => {
    const root = site(pageListEmitter);
    let server: CliServer | undefined;
    try {
      server = await startCli(['serve', '--root', root, '--port', '0']);
      const get = async () => (await (await fetch(`${server!.url}/page-list.json`)).json()) as { runs: number; pages: { path: string; title: string }[] };
      const first = await get();
      expect(first.runs).toBe(1);
      // A body edit changes no route or title: the emitter does not run.
      let from = server.output().length;
      writeFileSync(
        path.join(root, 'content/docs/intro.md'),
        '---\ntitle: Intro\n---\n\nThe list of pages is at [/page-list.json](/page-list.json). Edited.\n',
      );
      // The update of this very edit (a watcher may report an earlier one twice under load).
      await server.waitForOutput(/✓ .*intro\.md.* → /, { from });
      expect((await get()).runs).toBe(1);
      // A new page changes the routes: it runs and lists the page.
      from = server.output().length;
      writeFileSync(path.join(root, 'content/docs/second.md'), '---\ntitle: Second page\n---\n\nMore text.\n');
      await server.waitForOutput(/✓ .*second\.md.* → /, { from });
      const third = await get();
      expect(third.runs).toBe(2);
      expect(third.pages).toContainEqual({ path: '/docs/second', title: 'Second page' });
      expect(server.output()).not.toContain('BROKEN_LINK');
    } finally {
      await server?.stop();
    }
  });

  it('a failing emitter fails the build with its name, and out/ is left as it was', () => {
    const root = site(`const pageList = { name: 'page-list', fingerprint: () => 'x', emit() { throw new Error('the index service is down'); } };`);
    const result = runCli(['build'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('error EMITTER_FAILED');
    expect(result.stderr).toContain('the page-list emitter failed: the index service is down');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(() => statSync(path.join(root, 'out'))).toThrow();
  });

  it('an emitter cannot write outside the output folder', () => {
    const root = site(`const pageList = { name: 'page-list', fingerprint: () => 'x', emit: () => [{ path: '/../escaped.txt', contents: 'no' }] };`);
    const result = runCli(['build'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('must start with / and stay inside the output folder');
    expect(() => statSync(path.join(root, 'escaped.txt'))).toThrow();
  });

  it('an emitter without emit() is a config error', () => {
    const root = site(`const pageList = { name: 'page-list', fingerprint: () => 'x' };`);
    const result = runCli(['build'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('CONFIG_INVALID');
    expect(result.stderr).toContain('an emitter is an object with a name');
  });

  it("folio's feeds emitter: a post without authors is a feed item without an author (the feed package failed on an empty list)", () => {
    const root = site(`const pageList = { name: 'page-list', fingerprint: () => 'x', emit: () => [] };`);
    writeFileSync(
      path.join(root, 'site.config.ts'),
      readFileSync(path.join(root, 'site.config.ts'), 'utf8').replace('  docs: {},', '  docs: {},\n  blog: {},'),
    );
    mkdirSync(path.join(root, 'content/blog'), { recursive: true });
    writeFileSync(
      path.join(root, 'content/blog/2026-01-05-no-author.md'),
      '---\ntitle: A post nobody signed\n---\n\nWritten by the team as a whole.\n\n<!-- truncate -->\n\nMore.\n',
    );
    const result = runCli(['build'], { cwd: root });
    expect(result.status, result.output).toBe(0);
    const rss = readFileSync(path.join(root, 'out/blog/rss.xml'), 'utf8');
    expect(rss).toContain('<title><![CDATA[A post nobody signed]]></title>');
    expect(rss).not.toContain('<author>');
    const json = JSON.parse(readFileSync(path.join(root, 'out/blog/feed.json'), 'utf8'));
    expect(json.items[0].title).toBe('A post nobody signed');
    expect(json.items[0].authors).toBeUndefined();
  });

  it("an emitter can neither overwrite a page nor folio's own marker", () => {
    for (const [target, message] of [
      ['/index.html', '/index.html is already in the output'],
      ['/.folio-output', 'must start with / and stay inside the output folder'],
    ]) {
      const root = site(`const pageList = { name: 'page-list', fingerprint: () => 'x', emit: () => [{ path: '${target}', contents: 'taken' }] };`);
      const result = runCli(['build'], { cwd: root });
      expect(result.status, target).toBe(1);
      expect(result.stderr).toContain('the page-list emitter');
      expect(result.stderr).toContain(message);
      expect(() => statSync(path.join(root, 'out'))).toThrow();
    }
  });
});
