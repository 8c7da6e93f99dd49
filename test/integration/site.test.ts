/**
 * The real site (content/): every route the spec names exists, each docs
 * page is real content, our own links are not broken, the blog matches the
 * spec's counts and the feeds validate.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, removeDir, repoRoot, type CapturedBuild } from '../support/fixtures.js';

let outDir: string;
let result: CapturedBuild;
const expected = readFileSync(path.join(repoRoot, 'test/fixtures/expected-routes.txt'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter(Boolean);

beforeAll(async () => {
  outDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'folio-site-')), 'out');
  result = await buildSite(repoRoot, { outDir, now: new Date('2026-11-22T00:00:00Z') });
}, 240_000);
afterAll(() => removeDir(path.dirname(outDir)));

function fileFor(route: string): string {
  const clean = route.replace(/^\//, '').replace(/\/$/, '');
  return path.join(outDir, clean ? `${clean}/index.html` : 'index.html');
}
const read = (route: string) => readFileSync(fileFor(route), 'utf8');
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

describe('the site', () => {
  it('builds', () => {
    expect(result.error).toBeUndefined();
    expect(result.ok).toBe(true);
  });

  it(`has every one of the ${expected.length} routes the spec names`, () => {
    expect(expected.length).toBe(105);
    const manifest = new Set(
      (JSON.parse(readFileSync(path.join(outDir, 'routes.json'), 'utf8')) as { path: string }[]).map((r) => r.path.replace(/\/$/, '') || '/'),
    );
    const missing = expected.filter((route) => {
      const inManifest = manifest.has(route.replace(/\/$/, '') || '/');
      let onDisk = true;
      try {
        readFileSync(fileFor(route));
      } catch {
        onDisk = false;
      }
      return !inManifest || !onDisk;
    });
    expect(missing, `missing routes:\n${missing.join('\n')}`).toEqual([]);
  });

  it('prints no broken-link, broken-anchor or broken-markdown-link warning for our own content', () => {
    const broken = result.warnings.filter((w) => /^BROKEN_/.test(w.code) || w.code === 'MISSING_IMAGE');
    expect(broken.map((w) => `${w.location?.file}:${w.location?.line} ${w.message}`)).toEqual([]);
  });

  const docsRoutes = expected.filter((route) => route.startsWith('/docs/') && !route.startsWith('/docs/api/') && !route.startsWith('/docs/category/'));
  it.each(docsRoutes)('%s is a real docs page (title, description, headings, no placeholder text)', (route) => {
    const html = read(route);
    expect(html).toMatch(/<title>[^<|]+ \| The Codegen Project<\/title>/);
    const description = /<meta name="description" content="([^"]+)">/.exec(html);
    expect(description?.[1].length ?? 0).toBeGreaterThan(20);
    const body = main(html);
    expect(body).toMatch(/<h1 class="doc-title">[^<]+<\/h1>/);
    expect(body.match(/<h[23] id=/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
    const text = body.replace(/<[^>]+>/g, ' ');
    expect(text).not.toMatch(/\bTODO\b|lorem ipsum|coming soon|\bTBD\b/i);
    expect(text.split(/\s+/).length).toBeGreaterThan(150);
  });

  it('category index pages list their items with the category description', () => {
    for (const slug of ['architectural-decisions', 'inputs', 'integrations', 'migrations', 'protocols']) {
      const html = read(`/docs/category/${slug}`);
      expect(html).toContain('class="doc-lead"');
      expect(html.match(/class="card"/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
    }
    const protocols = read('/docs/category/protocols');
    for (const name of ['amqp', 'eventsource', 'http_client', 'kafka', 'mqtt', 'nats']) expect(protocols).toContain(`href="/docs/protocols/${name}"`);
  });

  it('orders the docs sidebar as the fact sheets do', () => {
    const html = read('/docs/getting-started');
    const sidebar = html.slice(html.indexOf('class="doc-sidebar"'), html.indexOf('</aside>'));
    const top = [...sidebar.matchAll(/<li class="sidebar-item (?:sidebar-category )?level-1[^"]*">(?:<div[^>]*>)?<(?:a|button)[^>]*>([^<]+)</g)].map(
      (m) => m[1],
    );
    expect(top.slice(0, 11)).toEqual([
      'Documentation',
      'Getting Started in 5 minutes',
      'CLI Usage',
      'Configurations',
      'Contributing',
      'Architectural decisions',
      'Generators',
      'Inputs',
      'Integrations',
      'Migrations',
      'Protocols',
    ]);
    expect(top[11]).toBe('API');
  });

  it('paginates the blog 10 + 1 and pages the author on the "authors" segment', () => {
    const count = (route: string) => (read(route).match(/<h2 class="post-item-title">/g) ?? []).length;
    expect(count('/blog')).toBe(10);
    expect(count('/blog/page/2')).toBe(1);
    expect(count('/blog/authors/jonaslagoni')).toBe(10);
    expect(count('/blog/authors/jonaslagoni/authors/2')).toBe(1);
    expect(count('/blog/tags/the-codegen-project')).toBe(10);
    expect(count('/blog/tags/the-codegen-project/page/2')).toBe(1);
    expect(count('/blog/tags/asyncapi')).toBe(7);
  });

  it('lists all 15 tags with their counts', () => {
    const html = read('/blog/tags');
    const tags = [...html.matchAll(/href="\/blog\/tags\/([^"]+)" class="tag">[^<]+<span class="tag-count">(\d+)<\/span>/g)].map((m) => [m[1], Number(m[2])]);
    expect(tags).toHaveLength(15);
    expect(Object.fromEntries(tags)).toMatchObject({
      'the-codegen-project': 11,
      asyncapi: 7,
      typescript: 6,
      automation: 4,
      channels: 3,
      routing: 2,
      client: 1,
    });
  });

  it('shows reading time and the excerpt above the truncate marker', () => {
    const list = read('/blog');
    expect(list.match(/min read/g)?.length).toBe(10);
    const post = read('/blog/the-codegen-project');
    expect(post).toContain('min read');
    // The post's "How" section lies below the truncate marker: on the post page, not in the listing excerpt.
    const listing = read('/blog/page/2') + list;
    const item = listing.slice(listing.indexOf('href="/blog/the-codegen-project"'));
    const excerpt = item.slice(0, item.indexOf('</article>'));
    expect(post).toMatch(/id="how/);
    expect(excerpt).not.toMatch(/id="how/);
  });

  it('has valid RSS, Atom and JSON feeds of all 11 posts, newest first', () => {
    const parser = new XMLParser({ ignoreAttributes: false });
    const rss = parser.parse(readFileSync(path.join(outDir, 'blog/rss.xml'), 'utf8'));
    expect(rss.rss.channel.title).toBe('The Codegen Project feed');
    expect(rss.rss.channel.item).toHaveLength(11);
    expect(rss.rss.channel.item[0].link).toBe('https://the-codegen-project.org/blog/asyncapi-client-generator');
    const atom = parser.parse(readFileSync(path.join(outDir, 'blog/atom.xml'), 'utf8'));
    expect(atom.feed.entry).toHaveLength(11);
    const json = JSON.parse(readFileSync(path.join(outDir, 'blog/feed.json'), 'utf8'));
    expect(json.version).toBe('https://jsonfeed.org/version/1.1');
    expect(json.items).toHaveLength(11);
  });

  it('sets the site title, tagline and copyright of the spec', () => {
    const home = read('/');
    expect(home).toContain('The Codegen Project');
    expect(home).toContain('Next-gen code generator');
    expect(home).toContain('Copyright © 2025 The Codegen Project Community');
    expect(home).toContain('href="/docs/getting-started"');
    expect(read('/docs/usage')).toContain('href="https://github.com/the-codegen-project/cli/tree/main/docs/usage.md"');
  });
});
