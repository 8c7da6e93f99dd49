/**
 * Markdown faults (issue 12), through the real CLI: absurd nesting ends in
 * one clear error (no hang, no stack trace); emoji-only headings get ids the
 * TOC can link to; pages whose file names hold `%`, `#`, `?` or a space get
 * hrefs a browser resolves to their output files (sidebar, previous/next,
 * breadcrumbs, markdown links, blog listings, sitemap, feeds, page data);
 * content cannot pull files from outside the site into the output; a
 * missing MDX import names the import and its line; raw HTML and
 * `javascript:` links go to the page as written (the README says so).
 */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRouter } from '../../src/client/router.js';
import { encodeRoutePath } from '../../src/shared/url.js';
import { runCli } from '../support/fixtures.js';
import { rawRequest, startCli, type CliServer } from '../support/serve.js';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A new site in a temporary folder: `files` by path relative to the site root. */
function makeSite(files: Record<string, string>, { config = '' } = {}): string {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'folio-mdfaults-'));
  temps.push(parent);
  const root = path.join(parent, 'site');
  const all: Record<string, string> = {
    'site.config.ts': `import { defineConfig } from 'folio';\nexport default defineConfig({\n  title: 'Faults',\n  url: 'https://faults.example.com',\n  docs: { path: 'content/docs', routeBasePath: '/docs' },\n${config}});\n`,
    'content/pages/index.md': '# Home\n\nWelcome.\n',
    ...files,
  };
  for (const [rel, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const build = (root: string) => runCli(['build'], { cwd: root });

/** No line of a JavaScript stack trace (`    at fn (file:1:2)`). */
const STACK_LINE = /^\s+at .+[:(]/m;

describe('nesting that hung or crashed the build', () => {
  it('a list nested 1,000 deep ends in MDX_TOO_DEEP naming the file and line, exit code 1', () => {
    const list = Array.from({ length: 1000 }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n');
    const root = makeSite({ 'content/docs/deep-list.md': `---\ntitle: Deep\n---\n\n# Deep\n\n${list}\n` });
    const result = build(root);
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/error MDX_TOO_DEEP/);
    const match = /content\/docs\/deep-list\.md:(\d+): nesting deeper than (\d+) levels at line (\d+); flatten it/.exec(result.output);
    expect(match).not.toBeNull();
    expect(match![1]).toBe(match![3]);
    // The line named is a line of the list (which starts on line 7).
    const line = readFileSync(path.join(root, 'content/docs/deep-list.md'), 'utf8').split('\n')[Number(match![1]) - 1];
    expect(line.trim()).toMatch(/^- level \d+$/);
    expect(result.output).not.toMatch(STACK_LINE);
    expect(result.output).not.toContain('RangeError');
  });

  it('JSX nested 3,000 deep ends in MDX_TOO_DEEP, not a RangeError with a stack trace', () => {
    const root = makeSite({ 'content/docs/deep-jsx.mdx': `# Deep JSX\n\n${'<div>'.repeat(3000)}x${'</div>'.repeat(3000)}\n` });
    const result = build(root);
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/error MDX_TOO_DEEP/);
    expect(result.output).toMatch(/content\/docs\/deep-jsx\.mdx:3: nesting deeper than \d+ levels at line 3; flatten it/);
    expect(result.output).not.toMatch(STACK_LINE);
    expect(result.output).not.toContain('Maximum call stack');
  });

  it('blockquotes nested 3,000 deep (a stack overflow in the HTML conversion) fail the same way', () => {
    const root = makeSite({ 'content/docs/deep-quote.md': `# Quotes\n\n${'> '.repeat(3000)}deep\n` });
    const result = build(root);
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/content\/docs\/deep-quote\.md:3: nesting deeper than/);
    expect(result.output).not.toMatch(STACK_LINE);
  });
});

describe('headings made only of emoji', () => {
  it('get usable, unique ids, and the TOC links to them', () => {
    const root = makeSite({ 'content/docs/launch.md': '# Launch\n\n## 🚀🔥\n\nFirst.\n\n## 🎉\n\nSecond.\n\n## Plain words\n\nThird.\n' });
    const result = build(root);
    expect(result.status).toBe(0);
    const html = readFileSync(path.join(root, 'out/docs/launch/index.html'), 'utf8');
    const ids = [...html.matchAll(/<h2 id="([^"]*)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    const toc = /<nav class="toc[^"]*"[^>]*>([\s\S]*?)<\/nav>/.exec(html)![1];
    const tocTargets = [...toc.matchAll(/href="#([^"]*)"/g)].map((m) => m[1]);
    expect(tocTargets).toEqual(ids);
    expect(html).not.toMatch(/id=""|href="#"|id="-\d+"/);
  });
});

describe('file names with %, #, ? and spaces', () => {
  let root: string;
  const names = ['100%', 'c#sharp', 'with space', 'what?'];
  beforeAll(() => {
    const docs: Record<string, string> = {
      'content/docs/intro.md':
        '---\nsidebar_position: 1\n---\n\n# Intro\n\nSee [hundred](./guide/100%25.md), [sharp](./guide/c%23sharp.md#details), [space](<./guide/with space.md>) and [question](./guide/what%3F.md).\n',
      'content/docs/guide/index.md': '---\nsidebar_position: 2\n---\n\n# Guide\n\nThe guide.\n',
    };
    names.forEach((name, index) => {
      docs[`content/docs/guide/${name}.md`] = `---\nsidebar_position: ${index + 1}\n---\n\n# Page ${name}\n\n## Details\n\nText of ${name}.\n`;
    });
    root = makeSite(
      {
        ...docs,
        'content/blog/2024-01-01-100%.md': '---\ntitle: A hundred percent\nauthors: [ada]\ntags: [csharp]\n---\n\nFirst post.\n\n<!-- truncate -->\n',
        'content/blog/2024-02-01-c#-tips.md': '---\ntitle: C sharp tips\nauthors: [ada]\ntags: [csharp]\n---\n\nSecond post.\n\n<!-- truncate -->\n',
        'content/blog/2024-03-01-why not.md': '---\ntitle: Why not\nauthors: [ada]\n---\n\nThird post.\n\n<!-- truncate -->\n',
        'content/blog/tags.yml': 'csharp:\n  label: "C#"\n  permalink: /c#\n',
        'content/blog/authors.yml': 'ada:\n  name: Ada\n  page: true\n',
      },
      { config: "  blog: { path: 'content/blog', routeBasePath: '/blog', postsPerPage: 1, feedOptions: { type: 'all' } },\n" },
    );
    const result = build(root);
    expect(result.output).not.toMatch(/^warning [A-Z_]+/m);
    expect(result.status, result.output).toBe(0);
  });

  const out = () => path.join(root, 'out');
  /** Route paths of the site (routes.json holds them decoded), and the one ending in `suffix`. */
  const routes = () => (JSON.parse(readFileSync(path.join(out(), 'routes.json'), 'utf8')) as { path: string; chunk: string }[]).map((entry) => entry.path);
  const routeEnding = (suffix: string) => {
    const found = routes().find((route) => route.endsWith(suffix));
    expect(found, suffix).toBeDefined();
    return found!;
  };
  const blogRoutes = () => ['/100%', '/c#-tips', '/why not', '/tags/c#'].map(routeEnding);

  /** The output file a URL leads to, as a static host finds it: the pathname decoded, then the file, `x.html` or `x/index.html`. */
  function fileFor(url: URL): string | undefined {
    const decoded = decodeURIComponent(url.pathname);
    const candidates = decoded.endsWith('/') ? [`${decoded}index.html`] : [decoded, `${decoded}.html`, `${decoded}/index.html`];
    return candidates.map((candidate) => path.join(out(), candidate)).find((file) => existsSync(file) && statSync(file).isFile());
  }

  it('keeps the output file names decoded', () => {
    for (const name of names) expect(existsSync(path.join(out(), 'docs/guide', name, 'index.html'))).toBe(true);
    for (const route of blogRoutes()) expect(existsSync(path.join(out(), route, 'index.html')), route).toBe(true);
    expect(routeEnding('/tags/c#')).toBe('/blog/tags/c#');
  });

  it('every internal href of every page leads to an output file, as a browser resolves it', () => {
    const pages = fg.sync('**/*.html', { cwd: out() });
    const checked = new Set<string>();
    for (const page of pages) {
      // The not-found page links to /docs/ and /blog whether or not they exist (its template's choice).
      if (page === '404.html') continue;
      const html = readFileSync(path.join(out(), page), 'utf8');
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? `https://faults.example.com/${page}`;
      for (const [, raw] of html.matchAll(/\shref="([^"]*)"/g)) {
        const href = raw.replace(/&#x26;|&amp;/g, '&');
        if (href.startsWith('#') || /^[a-z]+:/i.test(href)) continue;
        const url = new URL(href, canonical);
        expect(fileFor(url), `${href} on ${page}`).toBeDefined();
        checked.add(decodeURIComponent(url.pathname));
      }
    }
    // The hrefs of the special pages were among them: sidebar, previous/next, breadcrumbs, markdown links, blog lists.
    for (const name of names) expect(checked).toContain(`/docs/guide/${name}`);
    for (const route of [...blogRoutes(), '/blog/page/2']) expect(checked).toContain(route);
    // Tag listings paginate under the tag's path.
    expect(checked).toContain('/blog/tags/c#/page/2');
  });

  it('markdown links, previous/next and breadcrumbs hold encoded URLs', () => {
    const intro = readFileSync(path.join(out(), 'docs/intro/index.html'), 'utf8');
    expect(intro).toContain('href="/docs/guide/100%25"');
    expect(intro).toContain('href="/docs/guide/c%23sharp#details"');
    expect(intro).toContain('href="/docs/guide/with%20space"');
    expect(intro).toContain('href="/docs/guide/what%3F"');
    const sharp = readFileSync(path.join(out(), 'docs/guide/c#sharp/index.html'), 'utf8');
    const pager = /<nav class="pagination-nav"[\s\S]*?<\/nav>/.exec(sharp)?.[0] ?? sharp;
    expect(pager).toContain('href="/docs/guide/100%25"');
    expect(pager).toContain('href="/docs/guide/with%20space"');
  });

  it('the sitemap and the feeds list the encoded URLs', () => {
    const sitemap = readFileSync(path.join(out(), 'sitemap.xml'), 'utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    for (const loc of locs) expect(fileFor(new URL(loc)), loc).toBeDefined();
    expect(locs).toContain('https://faults.example.com/docs/guide/c%23sharp');
    const rss = readFileSync(path.join(out(), 'blog/rss.xml'), 'utf8');
    const links = [...rss.matchAll(/<link>([^<]+)<\/link>/g)].map((m) => m[1]).filter((link) => link.includes('/blog/'));
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) expect(fileFor(new URL(link)), link).toBeDefined();
  });

  it('the client router maps encoded URLs to routes and fetches their page data', async () => {
    // fetch as a static host answers it: the URL's pathname decoded, then the file.
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: string | URL) => {
      const file = fileFor(new URL(String(input), 'https://faults.example.com/'));
      return file ? new Response(readFileSync(file)) : new Response('missing', { status: 404 });
    }) as typeof fetch;
    try {
      const templates = ['doc', 'docCategory', 'mdPage', 'tsxPage', 'blogList', 'blogPost', 'blogTags', 'blogAuthors', 'blogArchive', 'notFound'];
      const router = createRouter({ baseUrl: '/', routesUrl: '/routes.json', templates, components: [] });
      await router.ready();
      for (const route of [...names.map((name) => `/docs/guide/${name}`), ...blogRoutes()]) {
        const href = router.href(route);
        // What the browser's location holds after following the link.
        const pathname = new URL(href, 'https://faults.example.com/').pathname;
        expect(router.routePath(pathname)).toBe(route);
        const data = await router.load(route);
        expect(data.path).toBe(route);
      }
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  describe('folio preview', () => {
    let server: CliServer;
    beforeAll(async () => {
      server = await startCli(['preview', '--root', root, '--port', '0']);
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('answers 200 for the encoded URLs of pages whose names hold % and spaces, and for their page data', async () => {
      for (const target of [
        '/docs/guide/100%25',
        '/docs/guide/with%20space',
        encodeRoutePath(routeEnding('/100%')),
        encodeRoutePath(routeEnding('/why not')),
      ]) {
        expect((await rawRequest(server.url, target)).status, target).toBe(200);
      }
      const routes = JSON.parse(readFileSync(path.join(out(), 'routes.json'), 'utf8')) as { path: string; chunk: string }[];
      for (const entry of routes) expect((await rawRequest(server.url, entry.chunk)).status, entry.chunk).toBe(200);
    });

    it('answers 200 for pages whose names hold # and ?', async () => {
      for (const target of ['/docs/guide/c%23sharp', '/docs/guide/what%3F', encodeRoutePath(routeEnding('/c#-tips')), '/blog/tags/c%23']) {
        expect((await rawRequest(server.url, target)).status, target).toBe(200);
      }
    });
  });
});

describe('files from outside the site are never published', () => {
  function siteWithSecret(page: string, extra: (root: string, parent: string) => void = () => {}) {
    const root = makeSite({ 'content/docs/leaky.md': page });
    const parent = path.dirname(root);
    writeFileSync(path.join(parent, 'secret.txt'), 'TOP-SECRET-CONTENT\n');
    extra(root, parent);
    return root;
  }

  function expectRefused(root: string, reference: string, line: number) {
    const result = build(root);
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/error MEDIA_OUTSIDE_SITE/);
    expect(result.output).toContain(`content/docs/leaky.md:${line}:`);
    expect(result.output).toContain(`"${reference}"`);
    expect(result.output).not.toMatch(STACK_LINE);
    // Nothing was published: no output at all, and nowhere a copy of the secret.
    const copies = fg
      .sync('**/*', { cwd: root, dot: true })
      .filter((file) => !lstatSync(path.join(root, file)).isSymbolicLink() && readFileSync(path.join(root, file), 'utf8').includes('TOP-SECRET-CONTENT'));
    expect(copies).toEqual([]);
  }

  it('an image reached through ../ is an error naming the file and line; nothing is copied', () => {
    const root = siteWithSecret('# Leaky\n\nText.\n\n![x](../../../secret.txt)\n');
    expectRefused(root, '../../../secret.txt', 5);
  });

  it('an <img src> in MDX reaching out with ../ is refused the same way', () => {
    const root = makeSite({ 'content/docs/leaky.mdx': '# Leaky\n\n<img src="../../../secret.txt" alt="x" />\n' });
    writeFileSync(path.join(path.dirname(root), 'secret.txt'), 'TOP-SECRET-CONTENT\n');
    const result = build(root);
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/error MEDIA_OUTSIDE_SITE/);
    expect(result.output).toContain('content/docs/leaky.mdx:3:');
  });

  it('an image through a symbolic link that points out of the site is refused', () => {
    const root = siteWithSecret('# Leaky\n\n![x](./innocent.png)\n', (site, parent) =>
      symlinkSync(path.join(parent, 'secret.txt'), path.join(site, 'content/docs/innocent.png')),
    );
    expectRefused(root, './innocent.png', 3);
  });

  it('an image inside the site is still copied', () => {
    const root = makeSite({
      'content/docs/pic.md': '# Pic\n\n![logo](./img/logo.svg)\n',
      'content/docs/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    });
    const result = build(root);
    expect(result.status).toBe(0);
    const html = readFileSync(path.join(root, 'out/docs/pic/index.html'), 'utf8');
    const src = /<img src="([^"]+)"/.exec(html)![1];
    expect(readFileSync(path.join(root, 'out', src), 'utf8')).toContain('<svg');
  });
});

describe('an MDX import that does not resolve', () => {
  it('names the specifier, the file relative to the site and the line of the import; no absolute path', () => {
    const root = makeSite({ 'content/docs/chart.mdx': '---\ntitle: Chart\n---\n\n# Chart\n\nIntro.\n\nimport Chart from "./nope.js";\n\n<Chart />\n' });
    const result = build(root);
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/error MDX_IMPORT_NOT_FOUND/);
    expect(result.output).toContain('content/docs/chart.mdx:9:');
    expect(result.output).toContain('"./nope.js"');
    expect(result.output).not.toContain(path.dirname(root));
    expect(result.output).not.toContain(os.tmpdir());
    expect(result.output).not.toMatch(STACK_LINE);
  });
});

describe('what the README promises about trusted content', () => {
  it('raw HTML and javascript: links reach the page as written, in .md and .mdx', () => {
    const root = makeSite({
      'content/docs/raw.md': '# Raw\n\n[run](javascript:alert(1))\n\n<div onclick="alert(2)">raw block</div>\n',
      'content/docs/jsx.mdx': '# Jsx\n\n[run](javascript:alert(3))\n\n<div onClick="alert(4)">jsx block</div>\n',
    });
    const result = build(root);
    expect(result.status).toBe(0);
    const raw = readFileSync(path.join(root, 'out/docs/raw/index.html'), 'utf8');
    expect(raw).toContain('<a href="javascript:alert(1)">run</a>');
    expect(raw).toContain('<div onclick="alert(2)">raw block</div>');
    const jsx = readFileSync(path.join(root, 'out/docs/jsx/index.html'), 'utf8');
    expect(jsx).toContain('<a href="javascript:alert(3)">run</a>');
    expect(jsx).toContain('<div onclick="alert(4)">jsx block</div>');
  });
});
