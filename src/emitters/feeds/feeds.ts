/**
 * Stage `emitFeeds`: RSS 2.0, Atom 1.0 and JSON Feed 1.1 of the blog (with
 * the `feed` package) and sitemap.xml of every indexable route.
 */
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Feed } from 'feed';
import type { SiteConfig } from '../config/schema.js';
import type { BlogPostFile } from '../content/blog.js';
import type { CompiledContent } from '../markdown/compile.js';
import type { Route } from '../routes/types.js';
import { escapeHtml } from '../render/document.js';
import { withBase } from '../shared/url.js';

/** Makes root-relative href/src attributes absolute (feeds are read off-site). */
export function absolutise(html: string, origin: string): string {
  return html.replace(/(\s(?:href|src))="\/(?!\/)/g, `$1="${origin}/`);
}

export async function buildFeed({
  config,
  posts,
  compiled,
  prepare,
}: {
  config: SiteConfig;
  posts: BlogPostFile[];
  compiled: ReadonlyMap<string, CompiledContent>;
  /** Loads the bodies of these sources before they are read (see CompiledMap.ensure). */
  prepare?: (files: string[]) => Promise<void>;
}): Promise<Feed> {
  const { Feed } = await import('feed');
  const blog = config.blog!;
  const origin = config.url.replace(/\/$/, '');
  const blogUrl = `${origin}${withBase(config.baseUrl, blog.routeBasePath)}`;
  const listed = posts.filter((post) => !post.unlisted && !post.draft).slice(0, blog.feedOptions.limit);
  await prepare?.(listed.map((post) => post.file));
  const feed = new Feed({
    id: blogUrl,
    title: blog.feedOptions.title ?? `${config.title} Blog`,
    description: blog.feedOptions.description ?? `${config.title} Blog`,
    link: blogUrl,
    language: blog.feedOptions.language,
    updated: listed.length ? new Date(listed[0].date) : undefined,
    generator: 'folio',
    favicon: config.favicon ? `${origin}${withBase(config.baseUrl, config.favicon)}` : undefined,
    copyright: blog.feedOptions.copyright ?? config.footer.copyright ?? `Copyright ${config.title}`,
    feedLinks: {
      rss: `${blogUrl}/rss.xml`,
      atom: `${blogUrl}/atom.xml`,
      json: `${blogUrl}/feed.json`,
    },
  });
  for (const post of listed) {
    const body = compiled.get(post.file);
    const link = `${origin}${withBase(config.baseUrl, post.permalink)}`;
    feed.addItem({
      title: post.title,
      id: link,
      link,
      date: new Date(post.date),
      description: post.description ?? body?.summary,
      content: body ? absolutise(body.html, origin) : undefined,
      author: post.authors.map((author) => ({ name: author.name, ...(author.url ? { link: author.url } : {}) })),
      category: post.tags.map((tag) => ({ name: tag.label })),
    });
  }
  return feed;
}

/** JSON Feed 1.1 from the `feed` package's version-1 output. */
export function jsonFeed11(feed: Feed, language: string): string {
  const data = JSON.parse(feed.json1()) as Record<string, unknown> & { items: Record<string, unknown>[] };
  data.version = 'https://jsonfeed.org/version/1.1';
  data.language = language;
  for (const item of data.items) {
    if (item.author && !item.authors) item.authors = Array.isArray(item.author) ? item.author : [item.author];
  }
  return JSON.stringify(data, null, 2);
}

export function sitemap({ config, routes }: { config: SiteConfig; routes: Route[] }): string {
  const origin = config.url.replace(/\/$/, '');
  const urls = routes
    .filter((route) => !route.noIndex)
    .map((route) => `  <url><loc>${escapeHtml(`${origin}${withBase(config.baseUrl, route.path)}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export async function emitFeeds({
  config,
  posts,
  compiled,
  routes,
  outDir,
  prepare,
}: {
  config: SiteConfig;
  posts?: BlogPostFile[];
  compiled: ReadonlyMap<string, CompiledContent>;
  routes: Route[];
  outDir: string;
  prepare?: (files: string[]) => Promise<void>;
}): Promise<string[]> {
  const written: string[] = [];
  if (config.blog && posts) {
    const feed = await buildFeed({ config, posts, compiled, prepare });
    const dir = path.join(outDir, config.blog.routeBasePath.replace(/^\//, ''));
    await mkdir(dir, { recursive: true });
    const type = config.blog.feedOptions.type;
    const base = config.blog.routeBasePath.replace(/\/$/, '');
    if (type === 'all' || type === 'rss') {
      await writeFile(path.join(dir, 'rss.xml'), feed.rss2());
      written.push(`${base}/rss.xml`);
    }
    if (type === 'all' || type === 'atom') {
      await writeFile(path.join(dir, 'atom.xml'), feed.atom1());
      written.push(`${base}/atom.xml`);
    }
    if (type === 'all' || type === 'json') {
      await writeFile(path.join(dir, 'feed.json'), jsonFeed11(feed, config.blog.feedOptions.language));
      written.push(`${base}/feed.json`);
    }
  }
  if (!config.noIndex) {
    await writeFile(path.join(outDir, 'sitemap.xml'), sitemap({ config, routes }));
    written.push('/sitemap.xml');
  }
  return written;
}
