/**
 * The blog on a small fixture: pagination, posts, tags, authors, archive,
 * future and draft posts, warnings and errors, feeds.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, fixtureCopies, outExists, readOut, type CapturedBuild } from '../support/fixtures.js';

let root: string;
let result: CapturedBuild;
/** Copies of the fixture (the shared one and those tests edit), removed after the file. */
const fixture = fixtureCopies();
const now = new Date('2026-01-01T00:00:00Z');

beforeAll(async () => {
  root = fixture('blog-basic');
  result = await buildSite(root, { now });
});

const postTitles = (html: string) => [...html.matchAll(/<h2 class="post-item-title"><a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => m[2]);

describe('blog fixture', () => {
  it('builds with the blog warnings, each with its file (and line)', () => {
    expect(result.ok).toBe(true);
    expect(result.warnings.map((w) => w.code).sort()).toEqual(['INLINE_AUTHOR', 'INLINE_TAG', 'UNTRUNCATED_POST']);
    expect(result.stderr).toMatch(/INLINE_TAG .*2025-02-03-third\.md:4: tag "Inline Tag" is not declared in tags\.yml/);
    expect(result.stderr).toMatch(/INLINE_AUTHOR .*2025-03-04-fourth\.md:4: inline author "Guest Person"/);
    expect(result.stderr).toMatch(/UNTRUNCATED_POST .*2025-03-04-fourth\.md/);
  });

  it('paginates the list newest first, with previous/next page links', () => {
    const page1 = readOut(root, 'blog/index.html');
    const page2 = readOut(root, 'blog/page/2/index.html');
    expect(postTitles(page1)).toEqual(['Fourth post', 'Third post']);
    expect(postTitles(page2)).toEqual(['Second post', 'First post']);
    expect(page1).toMatch(/href="\/blog\/page\/2" class="paginator-link paginator-next"/);
    expect(page2).toMatch(/href="\/blog" class="paginator-link paginator-prev"/);
    expect(outExists(root, 'blog/page/3/index.html')).toBe(false);
  });

  it('leaves future-dated and draft posts out of a production build', () => {
    expect(outExists(root, 'blog/future/index.html')).toBe(false);
    expect(outExists(root, 'blog/draft/index.html')).toBe(false);
    expect(readOut(root, 'blog/archive/index.html')).not.toContain('Future post');
    expect(readOut(root, 'blog/rss.xml')).not.toContain('Future post');
  });

  it('cuts the excerpt at the truncate marker and links "Read more"', () => {
    const page2 = readOut(root, 'blog/page/2/index.html');
    expect(page2).toContain("The first post's excerpt.");
    expect(page2).not.toContain('This sentence is only on the post page.');
    expect(page2).toMatch(/href="\/blog\/first" class="read-more"/);
    const post = readOut(root, 'blog/first/index.html');
    expect(post).toContain('This sentence is only on the post page.');
  });

  it('renders a post with authors, date, reading time, tags, edit link, TOC and neighbours', () => {
    const html = readOut(root, 'blog/second/index.html');
    expect(html).toContain('<h1 class="doc-title">Second post</h1>');
    expect(html).toContain('<time dateTime="2024-06-01T00:00:00.000Z">June 1, 2024</time>');
    expect(html).toMatch(/1<!-- --> min read/);
    expect(html).toMatch(/href="\/blog\/authors\/ada" class="author-name">Ada Writer<\/a>/);
    expect(html).toContain('<span class="author-title">Maintainer</span>');
    expect(html).toContain('class="avatar-initials">AW</span>');
    // The author's profiles from authors.yml, named for a screen reader.
    expect(html).toMatch(
      /<a href="https:\/\/github\.com\/ada" target="_blank" rel="noopener noreferrer" class="author-social" aria-label="Ada Writer on GitHub">GitHub<\/a>/,
    );
    expect(html).toMatch(/href="\/blog\/tags\/releases" class="tag">Release/);
    expect(html).toContain('href="https://example.com/repo/edit/main/blog/2024-06-01-second/index.md"');
    expect(html).toContain('href="#body" class="toc-link">Body</a>');
    expect(html).toMatch(/paginator-prev[^]*Newer post[^]*Third post/);
    expect(html).toMatch(/paginator-next[^]*Older post[^]*First post/);
  });

  it('lists tags with counts and paginates each tag', () => {
    const tags = readOut(root, 'blog/tags/index.html');
    expect(tags).toMatch(/href="\/blog\/tags\/guide" class="tag">Guide<span class="tag-count">3<\/span>/);
    expect(tags).toMatch(/href="\/blog\/tags\/releases" class="tag">Release<span class="tag-count">2<\/span>/);
    expect(postTitles(readOut(root, 'blog/tags/guide/index.html'))).toEqual(['Fourth post', 'Third post']);
    expect(postTitles(readOut(root, 'blog/tags/guide/page/2/index.html'))).toEqual(['Second post']);
    expect(readOut(root, 'blog/tags/guide/index.html')).toContain('3 posts tagged with &quot;Guide&quot;');
  });

  it('builds author pages only for authors with page: true, paginated on "authors"', () => {
    expect(outExists(root, 'blog/authors/ada/index.html')).toBe(true);
    expect(outExists(root, 'blog/authors/bob/index.html')).toBe(false);
    expect(postTitles(readOut(root, 'blog/authors/ada/index.html'))).toEqual(['Third post', 'Second post']);
    expect(postTitles(readOut(root, 'blog/authors/ada/authors/2/index.html'))).toEqual(['First post']);
    const authors = readOut(root, 'blog/authors/index.html');
    expect(authors).toContain('Ada Writer');
    expect(authors).toContain('Bob Helper');
  });

  it('groups the archive by year, newest first', () => {
    const html = readOut(root, 'blog/archive/index.html');
    const years = [...html.matchAll(/<h2>(\d{4})<\/h2>/g)].map((m) => m[1]);
    expect(years).toEqual(['2025', '2024']);
    const titles = [...html.matchAll(/<time[^>]*>[^<]+<\/time><a href="[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(titles).toEqual(['Fourth post', 'Third post', 'Second post', 'First post']);
  });

  it('shows the recent-posts sidebar and feed links in every page head', () => {
    const html = readOut(root, 'blog/tags/guide/index.html');
    expect(html).toContain('<h2 class="blog-sidebar-title">Recent posts</h2>');
    expect(html).toContain('<link rel="alternate" type="application/rss+xml" href="/blog/rss.xml"');
    expect(html).toContain('<link rel="alternate" type="application/atom+xml" href="/blog/atom.xml"');
    expect(html).toContain('<link rel="alternate" type="application/feed+json" href="/blog/feed.json"');
  });

  it('writes well-formed RSS, Atom and JSON feeds limited to the configured count', () => {
    const parser = new XMLParser({ ignoreAttributes: false });
    const rss = parser.parse(readOut(root, 'blog/rss.xml'));
    expect(rss.rss['@_version']).toBe('2.0');
    expect(rss.rss.channel.title).toBe('Fixture feed');
    expect(rss.rss.channel.language).toBe('en');
    const items = rss.rss.channel.item;
    expect(items.map((item: { title: string }) => item.title)).toEqual(['Fourth post', 'Third post', 'Second post']);
    expect(items[0].link).toBe('https://blog.example.com/blog/fourth');
    expect(String(items[2]['content:encoded'])).toContain('<pre');
    const atom = parser.parse(readOut(root, 'blog/atom.xml'));
    expect(atom.feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(atom.feed.entry).toHaveLength(3);
    expect(atom.feed.entry[0].title).toBeDefined();
    const json = JSON.parse(readOut(root, 'blog/feed.json'));
    expect(json.version).toBe('https://jsonfeed.org/version/1.1');
    expect(json.title).toBe('Fixture feed');
    expect(json.items).toHaveLength(3);
    for (const item of json.items) {
      expect(item.id).toMatch(/^https:\/\/blog\.example\.com\/blog\//);
      expect(item.content_html).toBeTruthy();
      expect(item.authors.length).toBeGreaterThan(0);
    }
  });

  it('shows future posts in development mode (folio serve)', async () => {
    const dev = await buildSite(root, { now, mode: 'development', outDir: 'out-dev' });
    expect(dev.ok).toBe(true);
    expect(outExists(root, 'blog/future/index.html', 'out-dev')).toBe(true);
    expect(postTitles(readOut(root, 'blog/index.html', 'out-dev'))[0]).toBe('Future post');
  });

  /** A copy of the fixture with this post file written (over one, or new), built. */
  async function buildWithPost(file: string, text: string) {
    const copy = fixture('blog-basic');
    writeFileSync(path.join(copy, 'content/blog', file), text);
    return { copy, built: await buildSite(copy, { now }) };
  }

  it('an unknown author key is an error naming the post and the key', async () => {
    const { built: bad } = await buildWithPost(
      '2024-01-10-first/index.md',
      '---\nslug: first\ntitle: First\nauthors: [ada, carol]\n---\n\nx\n\n<!-- truncate -->\n',
    );
    expect(bad.ok).toBe(false);
    expect(bad.stderr).toMatch(/error BLOG_UNKNOWN_AUTHOR/);
    expect(bad.stderr).toMatch(/2024-01-10-first\/index\.md:4: post "2024-01-10-first\/index\.md" names author "carol", which is not in authors\.yml/);
  });

  /** A copy of the fixture whose author `ada` has this `url` line, built. */
  async function buildWithAdaUrl(line: string) {
    const copy = fixture('blog-basic');
    const yml = path.join(copy, 'content/blog/authors.yml');
    writeFileSync(yml, readFileSync(yml, 'utf8').replace('url: https://example.com/ada', line));
    return { copy, built: await buildSite(copy, { now }) };
  }

  it('a relative author url is resolved in every feed against the post, as a browser on the post would', async () => {
    const { copy, built } = await buildWithAdaUrl('url: /team/ada');
    expect(built.ok, built.stderr).toBe(true);
    const parser = new XMLParser({ ignoreAttributes: false });
    const atom = parser.parse(readOut(copy, 'blog/atom.xml'));
    const uris = atom.feed.entry.flatMap((entry: { author: unknown }) => [entry.author].flat()).map((author: { uri?: string }) => author.uri);
    expect(uris).toContain('https://blog.example.com/team/ada');
    const json = JSON.parse(readOut(copy, 'blog/feed.json'));
    const urls = json.items.flatMap((item: { authors: { url?: string }[] }) => item.authors.map((author) => author.url));
    expect(urls).toContain('https://blog.example.com/team/ada');
    expect(urls.filter((url: string | undefined) => url && !url.startsWith('https://'))).toEqual([]);
  });

  it('an author url no URL parser takes is an error naming authors.yml and the author, not a crash in the feeds', async () => {
    const { copy, built: bad } = await buildWithAdaUrl('url: "http://[ada"');
    expect(bad.ok).toBe(false);
    expect(bad.stderr).toMatch(/error BLOG_DATA_INVALID/);
    expect(bad.stderr).toMatch(/authors\.yml:1: author "Ada Writer" has url "http:\/\/\[ada", which is not a valid URL/);
    expect(bad.stderr).not.toMatch(/EMITTER_FAILED|Invalid URL|\n\s+at /);
    expect(outExists(copy, 'index.html')).toBe(false);
  });

  it('a post holding control characters still gives well-formed RSS and Atom (XML 1.0 forbids them even in CDATA)', async () => {
    // Written as a paste from a terminal would leave them: a bell and an escape in the quoted
    // title, a form feed in the description, a vertical tab and a backspace in the text, a NUL-ish
    // control in a code block.
    const { copy, built } = await buildWithPost(
      '2025-03-05-controls.md',
      '---\ntitle: "Bell \\a here and \\x1B[0m escape"\ndescription: "A form \\f feed"\nauthors: []\n---\n\nA vertical\u000btab and a backspace\u0008 here.\n\n```text\nnull\u0001char in code\n```\n',
    );
    expect(built.ok, built.stderr).toBe(true);
    /** Outside XML 1.0's Char production: what makes a feed reader refuse the whole feed. */
    const notXml = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
    const parser = new XMLParser({ ignoreAttributes: false });
    for (const feed of ['blog/rss.xml', 'blog/atom.xml']) {
      const xml = readOut(copy, feed);
      expect(notXml.exec(xml), feed).toBeNull();
      expect(xml, feed).toContain('A vertical tab and a backspace here.');
      expect(xml, feed).toContain('nullchar in code');
      const parsed = parser.parse(xml);
      const titles = feed.endsWith('rss.xml')
        ? parsed.rss.channel.item.map((item: { title: string }) => item.title)
        : parsed.feed.entry.map((entry: { title: { '#text': string } }) => entry.title['#text']);
      expect(titles, feed).toContain('Bell  here and [0m escape');
    }
    // The JSON feed keeps them, escaped as JSON does.
    expect(JSON.parse(readOut(copy, 'blog/feed.json')).items[0].title).toBe('Bell \u0007 here and \u001b[0m escape');
  });
});
