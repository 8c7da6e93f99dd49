/**
 * `folio serve` end to end: the real CLI on a temporary copy of the dev-site
 * fixture (and on a private copy of folio, so the theme can be edited). Each
 * test makes one kind of change and asserts on the server-sent events (which
 * routes were written again), the served HTML and the terminal. The tests
 * run in order against one server, as a maintainer's session would.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runCli } from '../support/fixtures.js';
import { connectEvents, copyFolio, startCli, type CliServer, type SseClient, type SseEvent } from '../support/serve.js';

let site: string;
let folio: string;
let server: CliServer;
let sse: SseClient;

const file = (rel: string) => path.join(site, rel);
const read = (rel: string) => readFileSync(file(rel), 'utf8');
const edit = (rel: string, change: (text: string) => string) => writeFileSync(file(rel), change(read(rel)));
const get = async (route: string) => {
  const response = await fetch(`${server.url}${route}`);
  return { status: response.status, html: await response.text(), headers: response.headers };
};
const isUpdate = (event: SseEvent) => event.name === 'update';
const rendered = (event: SseEvent) => [...(event.data.rendered ?? [])].sort();

/** Runs a change and waits for the next update (or build error) event that matches. */
/**
 * Waits until the server has sent nothing for a moment: a rebuild still running from an earlier
 * test (a burst of saves can take two) must not be taken for the answer to the next change.
 */
async function quiet(): Promise<void> {
  for (let waited = 0; waited < 20_000; ) {
    const seen = sse.events.length;
    await new Promise((resolve) => setTimeout(resolve, 700));
    waited += 700;
    if (sse.events.length === seen) return;
  }
}

async function change(action: () => void, match: (event: SseEvent) => boolean = isUpdate): Promise<SseEvent> {
  await quiet();
  const after = sse.events.length;
  const outputFrom = server.output().length;
  action();
  const event = await sse.next({ after, match });
  // The terminal line of that rebuild is printed before the event is sent.
  expect(server.output().slice(outputFrom)).toMatch(/[✓✗] .+ → /);
  return event;
}

beforeAll(async () => {
  site = copyFixture('dev-site');
  folio = copyFolio();
  server = await startCli(['serve', '--root', site, '--port', '0'], { folio });
  sse = await connectEvents(server.url);
});

afterAll(async () => {
  sse?.close();
  await server?.stop();
  removeDir(site);
  removeDir(folio);
});

describe('folio serve', () => {
  it('builds in development mode, serves on loopback and injects the live-reload script', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.output()).toMatch(/Built \d+ pages/);
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.html).toContain('data-folio-dev');
    expect(home.html).toContain('/__folio/events');
    // Future-dated posts are part of the dev site (a production build leaves them out).
    const future = await get('/blog/2099/01/01/future-post');
    expect(future.status).toBe(200);
    expect(future.html).toContain('A post from the future');
    // The script is added when serving, never written to the output.
    expect(readFileSync(path.join(site, 'out/index.html'), 'utf8')).not.toContain('data-folio-dev');
    expect(sse.events[0]).toMatchObject({ name: 'hello' });
  });

  it('editing a doc body recompiles that file and re-renders only its page', async () => {
    const event = await change(() =>
      edit('content/docs/getting-started.md', (text) => text.replace('Install the tool, then run it.', 'Install the tool, then run it. Edited body.')),
    );
    expect(event.data).toMatchObject({ kind: 'incremental', reload: 'pages', removed: [], compiled: 1, changed: ['content/docs/getting-started.md'] });
    expect(rendered(event)).toEqual(['/docs/getting-started']);
    expect((await get('/docs/getting-started')).html).toContain('Edited body.');
    expect(readFileSync(path.join(site, 'out/docs/getting-started/index.html'), 'utf8')).toContain('Edited body.');
    expect(server.output()).toMatch(/✓ content\/docs\/getting-started\.md → 1 page re-rendered \(\/docs\/getting-started\), 1 compiled in \d+ ms/);
  });

  it('changing a doc title re-renders the pages whose sidebar shows it', async () => {
    const event = await change(() => edit('content/docs/getting-started.md', (text) => text.replace('title: Getting started', 'title: Getting going')));
    expect(rendered(event)).toEqual(
      expect.arrayContaining(['/docs/', '/docs/getting-started', '/docs/guides/first', '/docs/guides/second', '/docs/category/guides']),
    );
    const other = await get('/docs/guides/first');
    expect(other.html).toContain('Getting going');
  });

  it("editing a blog post's body re-renders only the post and the pages quoting its excerpt", async () => {
    const event = await change(() =>
      edit('content/blog/2025-01-10-first-post.md', (text) => text.replace('The rest of the first post.', 'The rest of the first post, edited.')),
    );
    expect(rendered(event)).toEqual(['/blog', '/blog/2025/01/10/first-post', '/blog/authors/ada', '/blog/tags/release']);
    expect((await get('/blog/2025/01/10/first-post')).html).toContain('first post, edited.');
    expect(readFileSync(path.join(site, 'out/blog/rss.xml'), 'utf8')).toContain('first post, edited.');
  });

  it("changing a blog post's title re-renders listings, tag, author and archive pages, sidebars and feeds", async () => {
    const event = await change(() =>
      edit('content/blog/2025-02-01-second-post/index.md', (text) => text.replace('title: Second post', 'title: Second post, renamed')),
    );
    expect(rendered(event)).toEqual(
      expect.arrayContaining([
        '/blog',
        '/blog/archive',
        '/blog/tags/guide',
        '/blog/authors/ada',
        '/blog/2025/01/10/first-post',
        '/blog/2025/02/01/second-post',
      ]),
    );
    expect((await get('/blog/archive')).html).toContain('Second post, renamed');
    // The recent-posts sidebar of another post.
    expect((await get('/blog/2025/01/10/first-post')).html).toContain('Second post, renamed');
    expect(readFileSync(path.join(site, 'out/blog/atom.xml'), 'utf8')).toContain('Second post, renamed');
  });

  it('adding a doc serves it and lists it in the sidebar', async () => {
    const event = await change(() => writeFileSync(file('content/docs/added.md'), '---\nsidebar_position: 9\n---\n\n# Added doc\n\nFreshly added.\n'));
    expect(rendered(event)).toEqual(expect.arrayContaining(['/docs/added', '/docs/getting-started']));
    expect((await get('/docs/added')).html).toContain('Freshly added.');
    expect((await get('/docs/getting-started')).html).toContain('href="/docs/added"');
  });

  it('renaming a doc moves its page', async () => {
    const event = await change(
      () => renameSync(file('content/docs/added.md'), file('content/docs/moved.md')),
      (e) => isUpdate(e) && (e.data.removed ?? []).includes('/docs/added'),
    );
    expect(event.data.removed).toEqual(['/docs/added']);
    expect((await get('/docs/moved')).html).toContain('Freshly added.');
    expect((await get('/docs/added')).status).toBe(404);
    expect(existsSync(path.join(site, 'out/docs/added/index.html'))).toBe(false);
  });

  it('deleting a doc removes its page', async () => {
    const event = await change(
      () => rmSync(file('content/docs/moved.md')),
      (e) => isUpdate(e) && (e.data.removed ?? []).includes('/docs/moved'),
    );
    expect(event.data.reload).toBe('pages');
    expect((await get('/docs/moved')).status).toBe(404);
    expect((await get('/docs/getting-started')).html).not.toContain('href="/docs/moved"');
  });

  it('adding and deleting a whole folder adds and removes its pages', async () => {
    await change(
      () => {
        mkdirSync(file('content/docs/extra'));
        writeFileSync(file('content/docs/extra/one.md'), '# Extra one\n\nFirst extra page.\n');
        writeFileSync(file('content/docs/extra/two.md'), '# Extra two\n\nSecond extra page.\n');
      },
      (e) => isUpdate(e) && rendered(e).includes('/docs/extra/one') && rendered(e).includes('/docs/extra/two'),
    );
    expect((await get('/docs/extra/two')).html).toContain('Second extra page.');
    await change(
      () => rmSync(file('content/docs/extra'), { recursive: true }),
      (e) => isUpdate(e) && (e.data.removed ?? []).includes('/docs/extra/one') && (e.data.removed ?? []).includes('/docs/extra/two'),
    );
    expect((await get('/docs/extra/one')).status).toBe(404);
    expect(existsSync(path.join(site, 'out/docs/extra'))).toBe(false);
  });

  it('a syntax error in MDX shows file:line:column in the terminal and the overlay, keeps the last good page, and clears when fixed', async () => {
    const before = (await get('/docs/guides/second')).html;
    const outputFrom = server.output().length;
    const error = await change(
      () => edit('content/docs/guides/second.mdx', (text) => text.replace('an expression: {1 + 1}.', 'an expression: {1 + }.')),
      (e) => e.name === 'build-error',
    );
    expect(error.data).toMatchObject({ code: 'MDX_SYNTAX', file: 'content/docs/guides/second.mdx', line: 7 });
    expect(error.data.column).toEqual(expect.any(Number));
    expect(error.data.excerpt).toContain('{1 + }');
    expect(error.data.hint).toEqual(expect.any(String));
    const terminal = server.output().slice(outputFrom);
    // Late events of the previous test (the deleted folder's files) may share this batch; past three
    // files the line shows "+N more".
    expect(terminal).toMatch(/✗ ((.+, )?content\/docs\/guides\/second\.mdx(, .+)?|.+ \+\d+ more) → build failed in \d+ ms; still serving the last good site/);
    expect(terminal).toMatch(/second\.mdx:7:\d+/);
    expect(terminal).toContain('7 | The second guide has');
    expect(terminal).toMatch(/hint /);
    // The last good site is still served, and the process is still up.
    expect((await get('/docs/guides/second')).html).toBe(before);
    expect(server.child.exitCode).toBeNull();
    // A page opened now learns about the error straight away.
    const late = await connectEvents(server.url);
    const greeting = await late.next({ after: 0, match: (e) => e.name === 'build-error' });
    expect(greeting.data.code).toBe('MDX_SYNTAX');
    late.close();

    const fixed = await change(() => edit('content/docs/guides/second.mdx', (text) => text.replace('{1 + }', '{2 + 2}')));
    // The edited paragraph is also the summary on the category's card, so its index page is rendered too.
    expect(rendered(fixed)).toEqual(['/docs/category/guides', '/docs/guides/second']);
    expect((await get('/docs/guides/second')).html).toContain('4');
  });

  it('a front matter error is reported the same way, and other edits wait for the fix', async () => {
    const error = await change(
      () => edit('content/docs/guides/first.md', (text) => text.replace('sidebar_position: 1', 'sidebar_position: [1')),
      (e) => e.name === 'build-error',
    );
    expect(error.data).toMatchObject({ code: 'FRONT_MATTER_SYNTAX', file: 'content/docs/guides/first.md' });
    expect(error.data.line).toEqual(expect.any(Number));
    // Another file's edit does not hide the error: the broken file is still broken.
    const still = await change(
      () => edit('content/docs/README.md', (text) => text.replace('Welcome to the dev site.', 'Welcome to the dev site!')),
      (e) => e.name === 'build-error',
    );
    expect(still.data.code).toBe('FRONT_MATTER_SYNTAX');
    const fixed = await change(() => edit('content/docs/guides/first.md', (text) => text.replace('sidebar_position: [1', 'sidebar_position: 1')));
    // The fixed file is back to what was last built: only the other edit shows.
    expect(rendered(fixed)).toEqual(['/docs/']);
    expect((await get('/docs/')).html).toContain('Welcome to the dev site!');
  });

  it('saves in quick succession are coalesced and the last one wins', async () => {
    const after = sse.events.length;
    for (let i = 1; i <= 6; i++) edit('content/docs/guides/first.md', (text) => text.replace(/The first guide\.( Save \d+\.)?/, `The first guide. Save ${i}.`));
    const event = await sse.next({ after, match: (e) => isUpdate(e) && rendered(e).includes('/docs/guides/first') });
    // One rebuild for the burst (a second one only if a save landed while it ran).
    await waitFor(async () => (await get('/docs/guides/first')).html.includes('Save 6.'));
    const updates = sse.events.slice(after).filter(isUpdate);
    expect(updates.length).toBeLessThanOrEqual(2);
    expect(event.data.rendered).toContain('/docs/guides/first');
    expect((await get('/docs/guides/first')).html).not.toContain('Save 5.');
  });

  it('prints a warning once per change, not again for unchanged files', async () => {
    const from = server.output().length;
    await change(() => edit('content/docs/guides/first.md', (text) => `${text}\nSee [a missing page](/docs/nowhere).\n`));
    expect(count(server.output().slice(from), 'broken link on /docs/guides/first: /docs/nowhere')).toBe(1);
    const next = server.output().length;
    await change(() => edit('content/docs/README.md', (text) => text.replace('A few docs', 'Some docs')));
    expect(server.output().slice(next)).not.toContain('/docs/nowhere');
    const again = server.output().length;
    await change(() => edit('content/docs/guides/first.md', (text) => text.replace('a missing page', 'the missing page')));
    expect(count(server.output().slice(again), '/docs/nowhere')).toBe(1);
    await change(() => edit('content/docs/guides/first.md', (text) => text.replace('\nSee [the missing page](/docs/nowhere).\n', '')));
  });

  it('a static file is copied as it changes', async () => {
    const event = await change(() => writeFileSync(file('content/static/img/dot.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>'));
    expect(event.data.reload).toBe('all');
    const response = await fetch(`${server.url}/img/dot.svg`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<circle r="1"/>');
  });

  it('a template edit re-renders every page without recompiling markdown', async () => {
    const footer = path.join(folio, 'templates/Footer.tsx');
    const original = readFileSync(footer, 'utf8');
    const withMarker = original.replace(/(<footer[^>]*>)/, '$1<p data-testid="footer-marker">Footer marker from the template test</p>');
    expect(withMarker).not.toBe(original);
    const event = await change(() => writeFileSync(footer, withMarker));
    expect(event.data).toMatchObject({ kind: 'incremental', reload: 'all', compiled: 0 });
    expect(rendered(event)).toEqual(expect.arrayContaining(['/', '/docs/getting-started', '/blog', '/404']));
    expect((await get('/docs/guides/second')).html).toContain('Footer marker from the template test');
    expect((await get('/no/such/page')).html).toContain('Footer marker from the template test');

    // A syntax error in a template is reported like a content error; the site stays up.
    const error = await change(
      () => writeFileSync(footer, withMarker.replace('</footer>', '</foter>')),
      (e) => e.name === 'build-error',
    );
    expect(error.data).toMatchObject({ code: 'PAGE_COMPILE', file: 'templates/Footer.tsx' });
    expect(error.data.line).toEqual(expect.any(Number));
    expect((await get('/docs/guides/second')).html).toContain('Footer marker from the template test');
    const fixed = await change(() => writeFileSync(footer, withMarker));
    expect(fixed.data.reload).toBe('none');
  });

  it('a stylesheet edit swaps the stylesheet instead of reloading', async () => {
    const css = path.join(folio, 'templates/styles/base.css');
    const before = (await get('/')).html.match(/href="(\/assets\/[^"]+\.css)"/)![1];
    const event = await change(() => writeFileSync(css, `${readFileSync(css, 'utf8')}\n.dev-loop-test-rule { outline-offset: 7px; }\n`));
    expect(event.data).toMatchObject({ kind: 'incremental', reload: 'css', compiled: 0 });
    const styles = event.data.styles as string[];
    expect(styles).toHaveLength(1);
    expect(styles[0]).not.toBe(before);
    expect((await get('/')).html).toContain(`href="${styles[0]}"`);
    expect(await (await fetch(`${server.url}${styles[0]}`)).text()).toMatch(/\.dev-loop-test-rule\{outline-offset:7px\}/);
    // The old stylesheet is gone from the output.
    expect((await fetch(`${server.url}${before}`)).status).toBe(404);
  });

  it('a config change rebuilds from scratch; a config error keeps the site up until fixed', async () => {
    const event = await change(() => edit('site.config.ts', (text) => text.replace("title: 'Dev Site',", "title: 'Renamed Site',")));
    expect(event.data).toMatchObject({ kind: 'full', reload: 'all', changed: ['site.config.ts'] });
    expect((await get('/docs/getting-started')).html).toContain('Renamed Site');
    const error = await change(
      () => edit('site.config.ts', (text) => text.replace("title: 'Renamed Site',", "title: 'Renamed Site',,")),
      (e) => e.name === 'build-error',
    );
    expect(error.data).toMatchObject({ code: 'CONFIG_SYNTAX', file: 'site.config.ts' });
    expect(error.data.line).toEqual(expect.any(Number));
    expect((await get('/docs/getting-started')).status).toBe(200);
    const fixed = await change(() => edit('site.config.ts', (text) => text.replace("title: 'Renamed Site',,", "title: 'Fixed Site',")));
    expect(fixed.data.kind).toBe('full');
    expect((await get('/')).html).toContain('Fixed Site');
  });

  it('the production build of the same site leaves the future post out', () => {
    const result = runCli(['build', '--root', site, '--out', 'out-prod']);
    expect(result.status).toBe(0);
    expect(existsSync(path.join(site, 'out-prod/blog/2099/01/01/future-post/index.html'))).toBe(false);
    expect(existsSync(path.join(site, 'out-prod/blog/2025/01/10/first-post/index.html'))).toBe(true);
  });
});

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
