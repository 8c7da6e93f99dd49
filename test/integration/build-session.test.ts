/**
 * The incremental build API (BuildSession) without the server or watcher:
 * after each kind of change, the live output folder written file by file
 * must be byte for byte what a build from scratch of the same sources
 * writes — nothing stale left behind, nothing missing — and the update must
 * have rendered only what the change affects.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileEvent } from '../../src/build/incremental/changes.js';
import { createLogger } from '../../src/core/logger.js';
import { BuildSession, type UpdateResult, type UpdateSuccess } from '../../src/build/session.js';
import { listFiles } from '../../src/build/incremental/staging.js';
import { copyFixture, removeDir } from '../support/fixtures.js';

let site: string;
let session: BuildSession;
const logger = createLogger({ write: () => {}, writeError: () => {} });
const now = () => new Date('2026-01-01T00:00:00Z');

const file = (rel: string) => path.join(site, rel);
const edit = (rel: string, change: (text: string) => string) => writeFileSync(file(rel), change(readFileSync(file(rel), 'utf8')));

function ok(result: UpdateResult): UpdateSuccess {
  if (!result.ok) throw result.error;
  return result;
}

/** Every file of an output folder with its content. */
function snapshot(dir: string): Map<string, string> {
  return new Map(listFiles(dir).map((rel) => [rel, readFileSync(path.join(dir, rel), 'utf8')]));
}

/** Builds the same sources from scratch into another folder and compares every file. */
async function expectSameAsFullBuild(): Promise<void> {
  const fresh = new BuildSession({ root: site, outDir: 'out-fresh', logger, now });
  const result = await fresh.build();
  expect(result.ok, String(result.error)).toBe(true);
  const incremental = snapshot(path.join(site, 'out'));
  const full = snapshot(path.join(site, 'out-fresh'));
  expect([...incremental.keys()]).toEqual([...full.keys()]);
  for (const [rel, content] of full) expect(incremental.get(rel), rel).toBe(content);
}

async function update(events: FileEvent[]): Promise<UpdateSuccess> {
  return ok(await session.update(events.map((event) => ({ ...event, path: file(event.path) }))));
}

beforeAll(async () => {
  site = copyFixture('dev-site');
  session = new BuildSession({ root: site, logger, now });
  expect((await session.build()).ok).toBe(true);
});

afterAll(() => removeDir(site));

describe('BuildSession incremental updates', () => {
  it('a doc body edit renders one page and matches a full build', async () => {
    edit('content/docs/guides/second.mdx', (text) => text.replace('inline JSX', 'inline, edited JSX'));
    const result = await update([{ path: 'content/docs/guides/second.mdx', type: 'change' }]);
    // The edit is in the first paragraph, which the generated Guides index shows on the doc's card (no description).
    expect(result).toMatchObject({
      kind: 'incremental',
      rendered: ['/docs/category/guides', '/docs/guides/second'],
      removed: [],
      reload: 'pages',
      compiled: 1,
    });
    await expectSameAsFullBuild();
  });

  it("a session's updates append their cache entries to one pack, not a pack (and a fresh read of every index) each", async () => {
    const packs = () => readdirSync(path.join(site, '.folio-cache/packs')).filter((name) => name.endsWith('.pack'));
    const before = packs();
    expect(before.length).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) {
      edit('content/docs/guides/second.mdx', (text) => `${text.trimEnd()}\n\nSession edit ${i}.\n`);
      expect((await update([{ path: 'content/docs/guides/second.mdx', type: 'change' }])).compiled).toBe(1);
    }
    expect(packs()).toEqual(before);
  });

  it('an edit below the first paragraph leaves the category index that shows that paragraph alone', async () => {
    edit('content/docs/guides/second.mdx', (text) => `${text.trimEnd()}\n\nA later paragraph.\n`);
    const result = await update([{ path: 'content/docs/guides/second.mdx', type: 'change' }]);
    expect(result.rendered).toEqual(['/docs/guides/second']);
    await expectSameAsFullBuild();
  });

  it('a relative link follows its target when the target moves', async () => {
    // first.md links to ../getting-started.md: moving the target re-renders the linking page.
    edit('content/docs/getting-started.md', (text) =>
      text.replace('description: Install and run the tool.', 'description: Install and run the tool.\nslug: /start'),
    );
    const result = await update([{ path: 'content/docs/getting-started.md', type: 'change' }]);
    expect(result.rendered).toEqual(expect.arrayContaining(['/docs/start', '/docs/guides/first', '/docs/']));
    expect(result.removed).toEqual(['/docs/getting-started']);
    expect(readFileSync(file('out/docs/guides/first/index.html'), 'utf8')).toContain('href="/docs/start"');
    await expectSameAsFullBuild();
  });

  it('adding, renaming and deleting docs and folders', async () => {
    mkdirSync(file('content/docs/more'));
    writeFileSync(file('content/docs/more/a.md'), '# More A\n\nA page in a new folder.\n');
    writeFileSync(file('content/docs/more/b.md'), '# More B\n\nAnother one.\n');
    let result = await update([
      { path: 'content/docs/more', type: 'addDir' },
      { path: 'content/docs/more/a.md', type: 'add' },
      { path: 'content/docs/more/b.md', type: 'add' },
    ]);
    expect(result.rendered).toEqual(expect.arrayContaining(['/docs/more/a', '/docs/more/b']));
    await expectSameAsFullBuild();

    renameSync(file('content/docs/more/a.md'), file('content/docs/more/c.md'));
    result = await update([
      { path: 'content/docs/more/a.md', type: 'unlink' },
      { path: 'content/docs/more/c.md', type: 'add' },
    ]);
    expect(result.removed).toEqual(['/docs/more/a']);
    await expectSameAsFullBuild();

    rmSync(file('content/docs/more'), { recursive: true });
    result = await update([{ path: 'content/docs/more', type: 'unlinkDir' }]);
    expect(result.removed.sort()).toEqual(['/docs/more/b', '/docs/more/c']);
    await expectSameAsFullBuild();
  });

  it('category metadata, a markdown page and a page component', async () => {
    edit('content/docs/guides/_category_.json', (text) => text.replace('"label": "Guides"', '"label": "How-to guides"'));
    let result = await update([{ path: 'content/docs/guides/_category_.json', type: 'change' }]);
    expect(result.rendered).toContain('/docs/category/how-to-guides');
    expect(result.removed).toEqual(['/docs/category/guides']);
    await expectSameAsFullBuild();

    edit('content/pages/about.md', (text) => text.replace('This site exists', 'This small site exists'));
    result = await update([{ path: 'content/pages/about.md', type: 'change' }]);
    expect(result.rendered).toEqual(['/about']);
    await expectSameAsFullBuild();

    edit('content/pages/index.tsx', (text) => text.replace('<h1>Dev Site</h1>', '<h1>Dev Site home</h1>'));
    result = await update([{ path: 'content/pages/index.tsx', type: 'change' }]);
    expect(result.reload).toBe('all');
    expect(result.compiled).toBe(0);
    expect(readFileSync(file('out/index.html'), 'utf8')).toContain('Dev Site home');
    await expectSameAsFullBuild();
  });

  it('blog posts: body, title, a new post, tags and authors', async () => {
    edit('content/blog/2025-02-01-second-post/index.md', (text) => text.replace('The body of the second post', 'The edited body of the second post'));
    let result = await update([{ path: 'content/blog/2025-02-01-second-post/index.md', type: 'change' }]);
    expect([...result.rendered].sort()).toEqual(['/blog', '/blog/2025/02/01/second-post', '/blog/authors/ada', '/blog/tags/guide']);
    await expectSameAsFullBuild();

    edit('content/blog/2025-01-10-first-post.md', (text) => text.replace('title: First post', 'title: The first post'));
    result = await update([{ path: 'content/blog/2025-01-10-first-post.md', type: 'change' }]);
    expect(result.rendered).toEqual(expect.arrayContaining(['/blog/archive', '/blog/tags/release', '/blog/2025/02/01/second-post']));
    await expectSameAsFullBuild();

    writeFileSync(
      file('content/blog/2025-03-01-third-post.md'),
      '---\ntitle: Third post\nauthors: [ada]\ntags: [guide, release]\n---\n\nThird excerpt.\n\n<!-- truncate -->\n\nThird body.\n',
    );
    result = await update([{ path: 'content/blog/2025-03-01-third-post.md', type: 'add' }]);
    expect(result.rendered).toEqual(expect.arrayContaining(['/blog/2025/03/01/third-post', '/blog', '/blog/tags/guide', '/blog/tags/release']));
    await expectSameAsFullBuild();

    edit('content/blog/tags.yml', (text) => text.replace('label: Guide', 'label: Guides'));
    result = await update([{ path: 'content/blog/tags.yml', type: 'change' }]);
    expect(result.rendered).toEqual(expect.arrayContaining(['/blog/tags', '/blog/tags/guide']));
    await expectSameAsFullBuild();

    edit('content/blog/authors.yml', (text) => text.replace('title: Maintainer', 'title: Lead maintainer'));
    result = await update([{ path: 'content/blog/authors.yml', type: 'change' }]);
    expect(result.rendered).toEqual(expect.arrayContaining(['/blog/authors', '/blog/authors/ada']));
    await expectSameAsFullBuild();
  });

  it('images next to content and static files', async () => {
    const before = readFileSync(file('out/docs/guides/first/index.html'), 'utf8').match(/src="(\/assets\/media\/diagram-[^"]+)"/)![1];
    writeFileSync(
      file('content/docs/guides/diagram.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><rect width="40" height="20" fill="#e5484d"/></svg>',
    );
    let result = await update([{ path: 'content/docs/guides/diagram.svg', type: 'change' }]);
    expect(result.rendered).toEqual(['/docs/guides/first']);
    const after = readFileSync(file('out/docs/guides/first/index.html'), 'utf8').match(/src="(\/assets\/media\/diagram-[^"]+)"/)![1];
    expect(after).not.toBe(before);
    await expectSameAsFullBuild();

    cpSync(file('content/static/img/favicon.svg'), file('content/static/img/copy.svg'));
    result = await update([{ path: 'content/static/img/copy.svg', type: 'add' }]);
    expect(result.reload).toBe('all');
    await expectSameAsFullBuild();
    rmSync(file('content/static/img/copy.svg'));
    result = await update([{ path: 'content/static/img/copy.svg', type: 'unlink' }]);
    await expectSameAsFullBuild();
  });

  it('a failed update changes nothing and is retried with the next change', async () => {
    const page = readFileSync(file('out/docs/guides/second/index.html'), 'utf8');
    edit('content/docs/guides/second.mdx', (text) => text.replace('{1 + 1}', '{1 +'));
    const failed = await session.update([{ path: file('content/docs/guides/second.mdx'), type: 'change' }]);
    expect(failed.ok).toBe(false);
    expect(readFileSync(file('out/docs/guides/second/index.html'), 'utf8')).toBe(page);
    // Editing another file does not skip the broken one.
    edit('content/docs/README.md', (text) => text.replace('Welcome', 'Hello'));
    expect((await session.update([{ path: file('content/docs/README.md'), type: 'change' }])).ok).toBe(false);
    edit('content/docs/guides/second.mdx', (text) => text.replace('{1 +', '{1 + 2}'));
    const fixed = ok(await session.update([{ path: file('content/docs/guides/second.mdx'), type: 'change' }]));
    // The category index shows second's first paragraph, which the fix changed.
    expect([...fixed.rendered].sort()).toEqual(['/docs/', '/docs/category/how-to-guides', '/docs/guides/second']);
    await expectSameAsFullBuild();
  });

  it('a config change builds from scratch', async () => {
    edit('site.config.ts', (text) => text.replace("tagline: 'A small site for the dev loop tests'", "tagline: 'Changed tagline'"));
    const result = await update([{ path: 'site.config.ts', type: 'change' }]);
    expect(result).toMatchObject({ kind: 'full', reload: 'all' });
    await expectSameAsFullBuild();
  });
});

describe('BuildSession.update called twice at once', () => {
  it('runs the updates one after the other', async () => {
    edit('content/docs/guides/second.mdx', (text) => text.replace('inline, edited JSX', 'inline JSX, once more'));
    const events: FileEvent[] = [{ path: file('content/docs/guides/second.mdx'), type: 'change' }];
    const [first, second] = await Promise.all([session.update(events), session.update(events)]);
    // With the category index that shows its first paragraph.
    expect(ok(first).rendered).toEqual(['/docs/category/how-to-guides', '/docs/guides/second']);
    // The second saw the state the first left: nothing more to do.
    expect(ok(second).rendered).toEqual([]);
    await expectSameAsFullBuild();
  });
});
