/**
 * The feeds emitter: RSS 2.0, Atom 1.0 and JSON Feed 1.1 of the blog's latest
 * posts, as the config's feedOptions ask (written by write-feeds.ts, byte for byte what the
 * `feed` package wrote before).
 */
import type { SiteConfig } from '../../config/schema.js';
import type { BlogPostFile } from '../../content/blog.js';
import type { CompiledContent } from '../../markdown/compile.js';
import { hashOf } from '../../core/hash.js';
import { encodeRoutePath, withBase } from '../../shared/url.js';
import type { EmittedFile, Emitter } from '../types.js';
import { atom1, type FeedChannel, jsonFeed11, rss2 } from './write-feeds.js';

/** Makes root-relative href/src attributes absolute (feeds are read off-site). */
export function absolutise(html: string, origin: string): string {
  return html.replace(/(\s(?:href|src))="\/(?!\/)/g, `$1="${origin}/`);
}

/** The feed's title: the configured one, else "<site title> Blog" (as Docusaurus names it); the page head uses it too. */
export function feedTitle(config: Pick<SiteConfig, 'title' | 'blog'>): string {
  return config.blog?.feedOptions.title ?? `${config.title} Blog`;
}

/** The feed of the blog's latest listed posts, as the writers take it. */
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
}): Promise<FeedChannel> {
  const blog = config.blog!;
  const origin = config.url.replace(/\/$/, '');
  const blogUrl = `${origin}${withBase(config.baseUrl, blog.routeBasePath)}`;
  const listed = posts.filter((post) => !post.unlisted && !post.draft).slice(0, blog.feedOptions.limit);
  await prepare?.(listed.map((post) => post.file));
  return {
    link: blogUrl,
    title: feedTitle(config),
    description: blog.feedOptions.description ?? `${config.title} Blog`,
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
    entries: listed.map((post) => {
      const body = compiled.get(post.file);
      // The permalink is a route path (`/blog/100%`); the feed holds its URL (`/blog/100%25`).
      const link = `${origin}${withBase(config.baseUrl, encodeRoutePath(post.permalink))}`;
      return {
        title: post.title,
        link,
        date: new Date(post.date),
        description: post.description ?? body?.summary,
        content: body ? absolutise(body.html, origin) : undefined,
        authors: post.authors.map((author) => ({ name: author.name, ...(author.url ? { link: absoluteLink(author.url, link) } : {}) })),
        tags: post.tags.map((tag) => tag.label),
      };
    }),
  };
}

/**
 * An author's link in a feed: an absolute URL as written (the JSON feed keeps it byte for byte),
 * a path such as `/team/ada` resolved against the post's URL as a browser on the post resolves it
 * (a feed reader has no page to resolve it against). content/blog.ts refuses what no URL parser takes.
 */
function absoluteLink(url: string, postLink: string): string {
  return URL.canParse(url) ? url : new URL(url, postLink).href;
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
    if (type === 'all' || type === 'rss') files.push({ path: `${base}/rss.xml`, contents: rss2(feed) });
    if (type === 'all' || type === 'atom') files.push({ path: `${base}/atom.xml`, contents: atom1(feed) });
    if (type === 'all' || type === 'json') files.push({ path: `${base}/feed.json`, contents: jsonFeed11(feed) });
    return files;
  },
};
