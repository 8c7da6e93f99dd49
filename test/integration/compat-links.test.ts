/**
 * Docusaurus compatibility of links (issue 14): every link of a page is
 * resolved and checked wherever it sits (headings, tables, admonitions,
 * footnotes, raw HTML, MDX JSX), relative URLs are checked and written as
 * the browser resolves them on the page's URL (so blog excerpts keep working
 * on /blog), and `pathname://` links lose their scheme and are checked
 * against the output's files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, outExists, readOut, removeDir, type CapturedBuild } from '../support/fixtures.js';
import { EXPECTED_BROKEN, writeLinksSite } from '../support/links-site.js';

let root: string;
let result: CapturedBuild;

beforeAll(async () => {
  root = writeLinksSite();
  result = await buildSite(root);
}, 60_000);
afterAll(() => removeDir(root));

/** The body of a page (what the content wrote), without the theme around it. */
function body(file: string): string {
  const html = readOut(root, file);
  const start = html.indexOf('data-folio-body');
  const footer = html.indexOf('<footer class="doc-footer"', start);
  return html.slice(start, footer > 0 ? footer : html.indexOf('</article>', start));
}

function hrefs(html: string): string[] {
  return [...html.matchAll(/<a [^>]*?href="([^"]*)"/g)].map((match) => match[1]);
}

describe('links everywhere in a page', () => {
  it('builds, warning about exactly the broken links, with file, line and column', () => {
    expect(result.ok).toBe(true);
    const warned = `${result.stdout}\n${result.stderr}`
      .split('\n')
      .filter((line) => line.startsWith('warning BROKEN'))
      .map((line) => line.replace(/^warning BROKEN_LINK /, '').replace(`${root}/`, ''));
    expect(warned).toEqual(EXPECTED_BROKEN);
  });

  it('resolves links in headings, tables, admonitions, footnotes and HTML tags of a .md page', () => {
    const html = body('docs/usage/index.html');
    expect(html).toContain('<h2 id="settings" class="anchor"><a href="/docs/settings">Settings</a>');
    expect(html).toContain('<td><a href="/docs/settings#colours">settings</a></td>');
    expect(html).toContain('An admonition links to <a href="/docs/">the overview</a>');
    expect(html).toContain('See <a href="/docs/guides/walkthrough">the walkthrough</a>');
    expect(html).toContain('Raw HTML: <a href="/docs/settings">settings again</a>');
    expect(html).not.toMatch(/\.md["'#]/);
    expect(hrefs(html).filter((href) => !href.startsWith('#') && !href.startsWith('/'))).toEqual([]);
  });

  it('copies and links images in raw HTML, headings and MDX JSX', () => {
    const usage = body('docs/usage/index.html');
    const raw = /<img src="(\/assets\/media\/kettle-[0-9a-f]{8}\.svg)" alt="a kettle, in HTML"/.exec(usage);
    expect(raw).not.toBeNull();
    expect(outExists(root, raw![1].slice(1))).toBe(true);
    expect(usage).toMatch(/<h2 id="kettle-a-heading-with-a-picture" class="anchor"><img src="\/assets\/media\/kettle-[0-9a-f]{8}\.svg" alt="kettle"/);
    expect(body('docs/guides/walkthrough/index.html')).toContain(`<img src="${raw![1]}" alt="a kettle, in JSX"`);
  });

  it('resolves MDX JSX links and links inside components', () => {
    const html = body('docs/guides/walkthrough/index.html');
    expect(html).toContain('Inside a component: <a href="/docs/settings">settings</a>');
    expect(html).toContain('<a href="/docs/usage" title="usage">usage, as JSX</a>');
    // React's preload of the JSX image names the copied file too.
    expect(html).toMatch(/<link rel="preload" as="image" href="\/assets\/media\/kettle-[0-9a-f]{8}\.svg"\/>/);
    expect(html).toContain('<a href="/docs/">the docs</a>');
  });

  it('writes relative URLs as the site paths the browser reaches from the page URL', () => {
    expect(hrefs(body('docs/usage/index.html'))).toEqual(expect.arrayContaining(['/docs/settings', '/blog', '/getting-started', '/docs/usage/settings']));
    // The folder's own page is served at /docs/ (with the slash): `./usage` is /docs/usage.
    expect(hrefs(body('docs/index.html'))).toEqual(['/docs/usage', '/docs/guides/walkthrough']);
  });

  it('keeps a post excerpt’s relative links working on the blog list, where the page URL is another', () => {
    const list = readOut(root, 'blog/index.html');
    expect(list).toContain('The <a href="/blog/second">second post</a> and <a href="/blog">all posts</a>');
    expect(list).toContain('Back to <a href="/blog/first">the first</a>');
  });

  it('strips pathname:// and keeps the link to the output file', () => {
    const html = body('docs/usage/index.html');
    expect(html).toContain('<a href="/files/notes.txt">notes</a> and <a href="/blog/rss.xml">the feed</a>');
    expect(html).toContain('<a href="/downloads/missing.zip">zip</a>');
    expect(html).not.toContain('pathname:');
  });
});

describe('the severities of the new warnings', () => {
  /** The link site with one more config line. */
  function withOption(option: string): string {
    const dir = writeLinksSite();
    const config = path.join(dir, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace('docs: {},', `docs: {},\n  ${option},`));
    return dir;
  }

  it("onBrokenLinks: 'throw' fails the build listing the links found in their new places", async () => {
    const dir = withOption("onBrokenLinks: 'throw'");
    try {
      const failed = await buildSite(dir);
      expect(failed.ok).toBe(false);
      const output = `${failed.stdout}\n${failed.stderr}`;
      expect(output).toContain('pathname:// link on /docs/usage names no file of the output: /downloads/missing.zip');
      expect(output).toContain('broken link on /docs/usage: /getting-started');
    } finally {
      removeDir(dir);
    }
  }, 60_000);

  it("onBrokenLinks: 'ignore' drops them", async () => {
    const dir = withOption("onBrokenLinks: 'ignore'");
    try {
      const quiet = await buildSite(dir);
      expect(quiet.ok).toBe(true);
      expect(`${quiet.stdout}\n${quiet.stderr}`).not.toContain('BROKEN_LINK');
    } finally {
      removeDir(dir);
    }
  }, 60_000);
});

describe("raw HTML of .md files (markdown.format: 'detect')", () => {
  it('resolves, copies and checks the links and images of raw HTML, with either quotes', async () => {
    const dir = writeLinksSite();
    try {
      const config = path.join(dir, 'site.config.ts');
      writeFileSync(config, readFileSync(config, 'utf8').replace('docs: {},', "docs: {},\n  markdown: { format: 'detect' },"));
      writeFileSync(
        path.join(dir, 'content/docs/raw.md'),
        [
          '---',
          'title: Raw',
          '---',
          '',
          '<div class="links"><a href=\'./settings.md#colours\'>colours</a> <a href="../blog">blog</a>',
          '<a class="x" href="./no-such-page">gone</a>',
          '<img alt="kettle" src="./kettle.svg"></div>',
          '',
        ].join('\n'),
      );
      const built = await buildSite(dir);
      expect(built.ok).toBe(true);
      const html = readOut(dir, 'docs/raw/index.html');
      expect(html).toContain('<a href=\'/docs/settings#colours\'>colours</a> <a href="/blog">blog</a>');
      expect(html).toContain('<a class="x" href="/docs/no-such-page">gone</a>');
      const image = /<img alt="kettle" src="(\/assets\/media\/kettle-[0-9a-f]{8}\.svg)">/.exec(html);
      expect(image).not.toBeNull();
      expect(outExists(dir, image![1].slice(1))).toBe(true);
      const output = `${built.stdout}\n${built.stderr}`.replaceAll(`${dir}/`, '');
      expect(output).toContain('warning BROKEN_LINK content/docs/raw.md:6:1: broken link on /docs/raw: /docs/no-such-page');
    } finally {
      removeDir(dir);
    }
  }, 60_000);
});
