/**
 * The feeds emitter: RSS 2.0, Atom 1.0 and JSON Feed 1.1 of the blog's latest
 * posts (with the `feed` package), as the config's feedOptions ask.
 */
import type { Feed } from 'feed';
import type { SiteConfig } from '../../config/schema.js';
import type { BlogPostFile } from '../../content/blog.js';
import type { CompiledContent } from '../../markdown/compile.js';
import { hashOf } from '../../core/hash.js';
import { encodeRoutePath, withBase } from '../../shared/url.js';
import type { EmittedFile, Emitter } from '../types.js';

/** Makes root-relative href/src attributes absolute (feeds are read off-site). */
export function absolutise(html: string, origin: string): string {
  return html.replace(/(\s(?:href|src))="\/(?!\/)/g, `$1="${origin}/`);
}

/** The feed's title: the configured one, else "<site title> Blog" (as Docusaurus names it); the page head uses it too. */
export function feedTitle(config: Pick<SiteConfig, 'title' | 'blog'>): string {
  return config.blog?.feedOptions.title ?? `${config.title} Blog`;
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
    title: feedTitle(config),
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
    // The permalink is a route path (`/blog/100%`); the feed holds its URL (`/blog/100%25`).
    const link = `${origin}${withBase(config.baseUrl, encodeRoutePath(post.permalink))}`;
    feed.addItem({
      title: post.title,
      id: link,
      link,
      date: new Date(post.date),
      description: post.description ?? body?.summary,
      content: body ? absolutise(body.html, origin) : undefined,
      // The feed package fails on an empty author list: a post without authors has none.
      ...(post.authors.length > 0 ? { author: post.authors.map((author) => ({ name: author.name, ...(author.url ? { link: author.url } : {}) })) } : {}),
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

export const feedsEmitter: Emitter = {
  name: 'feeds',
  fingerprint: ({ content, bodies }) =>
    hashOf(...(content.blog?.posts ?? []).map((post) => `${post.file}\0${post.hash}\0${bodies.get(post.file) ?? ''}`)).slice(0, 20),
  async emit({ config, content, compiled, load }) {
    const posts = content.blog?.posts;
    if (!config.blog || !posts) return [];
    const feed = await buildFeed({ config, posts, compiled, prepare: load });
    const base = config.blog.routeBasePath.replace(/\/$/, '');
    const type = config.blog.feedOptions.type;
    const files: EmittedFile[] = [];
    if (type === 'all' || type === 'rss') files.push({ path: `${base}/rss.xml`, contents: feed.rss2() });
    if (type === 'all' || type === 'atom') files.push({ path: `${base}/atom.xml`, contents: feed.atom1() });
    if (type === 'all' || type === 'json') files.push({ path: `${base}/feed.json`, contents: jsonFeed11(feed, config.blog.feedOptions.language) });
    return files;
  },
};
