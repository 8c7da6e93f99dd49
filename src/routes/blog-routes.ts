/**
 * Blog routes: paginated list, posts, tags, authors and the archive. Pure.
 * Listing pages carry the files of the posts they show; the render stage
 * fills in excerpts and reading times from the compiled posts.
 */
import type { SiteConfig } from '../config/schema.js';
import type { BlogContent, BlogPostFile } from '../content/blog.js';
import type { AuthorData, BlogListProps, LinkData, PaginationData, PostSummary, TagData } from '../shared/page-data.js';
import { encodeRoutePath } from '../shared/url.js';
import { paginate, type PageSlice } from './paginate.js';
import type { RouteDraft } from './types.js';

/**
 * A date formatter for one language (creating one is slow: make one per build, not per date). The
 * `Intl.DateTimeFormat` is made at the first date: the first one of a process loads ICU's date
 * data (~20 ms), which a site without blog posts never needs.
 */
export function dateFormatter(lang = 'en'): (iso: string) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (iso) => {
    format ??= new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : lang, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    return format.format(new Date(iso));
  };
}

export function formatDate(iso: string, lang = 'en'): string {
  return dateFormatter(lang)(iso);
}

/*
 * Permalinks and page paths here are route paths (decoded: `/blog/100%`); what the props hold
 * as links is their URL (`/blog/100%25`, encodeRoutePath).
 */

function pagination(slice: PageSlice<unknown>): PaginationData {
  return {
    page: slice.page,
    totalPages: slice.totalPages,
    totalItems: slice.totalItems,
    ...(slice.previous ? { previous: encodeRoutePath(slice.previous) } : {}),
    ...(slice.next ? { next: encodeRoutePath(slice.next) } : {}),
  };
}

export function buildBlogRoutes({ blog, config }: { blog: BlogContent; config: SiteConfig }): {
  drafts: RouteDraft[];
  recent: LinkData[];
} {
  const options = config.blog!;
  const formatDate = dateFormatter(config.lang);
  const base = options.routeBasePath.replace(/\/$/, '');
  const listed = blog.posts.filter((post) => !post.unlisted);
  const drafts: RouteDraft[] = [];
  const perPage = options.postsPerPage;
  const hashes = (posts: BlogPostFile[]) => posts.map((post) => post.hash);

  const listing = ({
    posts,
    basePath,
    pageSegment,
    props,
    title,
    description,
    origin,
  }: {
    posts: BlogPostFile[];
    basePath: string;
    pageSegment: string;
    props: Omit<BlogListProps, 'posts' | 'pagination'>;
    title: string;
    description?: string;
    origin: string;
  }) => {
    for (const slice of paginate({ items: posts, basePath, pageSegment, perPage })) {
      drafts.push({
        path: slice.path,
        template: 'blogList',
        title: slice.page > 1 ? `${title} (page ${slice.page})` : title,
        description,
        props: { ...props, posts: [], pagination: pagination(slice) },
        posts: slice.items.map((post) => post.file),
        sidebar: 'blog',
        dependsOn: hashes(slice.items),
        origin,
      });
    }
  };

  listing({
    posts: listed,
    basePath: base || '/',
    pageSegment: 'page',
    props: { kind: 'all', heading: options.title, ...(options.description ? { description: options.description } : {}) },
    title: options.title,
    description: options.description ?? `${config.title} blog`,
    origin: 'blog list',
  });

  blog.posts.forEach((post) => {
    const position = listed.indexOf(post);
    const newer = position > 0 ? listed[position - 1] : undefined;
    const older = position >= 0 && position < listed.length - 1 ? listed[position + 1] : undefined;
    const editUrl = options.editUrl ? `${options.editUrl.replace(/\/$/, '')}/${post.relPath}` : undefined;
    drafts.push({
      path: post.permalink,
      template: 'blogPost',
      title: post.title,
      description: post.description,
      props: {
        post: {
          ...postListing(post, formatDate),
          ...(post.description ? { description: post.description } : {}),
          ...(post.image ? { image: post.image } : {}),
        },
        toc: [],
        hideToc: post.hideToc,
        ...(editUrl ? { editUrl } : {}),
        ...(newer ? { previous: { label: newer.title, href: encodeRoutePath(newer.permalink) } } : {}),
        ...(older ? { next: { label: older.title, href: encodeRoutePath(older.permalink) } } : {}),
      },
      source: { file: post.file, kind: 'post' },
      sidebar: 'blog',
      noIndex: post.unlisted,
      image: post.image,
      dependsOn: [post.hash],
      origin: post.file,
    });
  });

  // Tags: index with counts, and one paginated listing per tag.
  const byTag = new Map<string, { tag: TagData; path: string; posts: BlogPostFile[] }>();
  for (const post of listed) {
    for (const tag of post.tags) {
      const entry = byTag.get(tag.permalink) ?? {
        tag: { label: tag.label, permalink: encodeRoutePath(tag.permalink), ...(tag.description ? { description: tag.description } : {}) },
        path: tag.permalink,
        posts: [],
      };
      entry.posts.push(post);
      byTag.set(tag.permalink, entry);
    }
  }
  const tagList = [...byTag.values()].sort((a, b) => a.tag.label.localeCompare(b.tag.label, 'en'));
  drafts.push({
    path: `${base}/tags`,
    template: 'blogTags',
    title: 'Tags',
    description: `All tags of the ${config.title} blog`,
    props: { tags: tagList.map(({ tag, posts }) => ({ ...tag, count: posts.length })) },
    sidebar: 'blog',
    dependsOn: [],
    origin: 'blog tags',
  });
  for (const { tag, path, posts } of tagList) {
    const count = posts.length;
    listing({
      posts,
      basePath: path,
      pageSegment: 'page',
      props: {
        kind: 'tag',
        heading: `${count} post${count === 1 ? '' : 's'} tagged with "${tag.label}"`,
        tag: { ...tag, count },
        ...(tag.description ? { description: tag.description } : {}),
        indexLink: { label: 'View all tags', href: encodeRoutePath(`${base}/tags`) },
      },
      title: `${count} post${count === 1 ? '' : 's'} tagged with "${tag.label}"`,
      description: tag.description ?? `Posts tagged with ${tag.label}`,
      origin: `tag "${tag.label}"`,
    });
  }

  // Authors: index of every author who wrote a listed post; pages for those with `page: true`.
  const authorPosts = new Map<string, BlogPostFile[]>();
  for (const post of listed) for (const key of post.authorKeys) authorPosts.set(key, [...(authorPosts.get(key) ?? []), post]);
  const authorList: AuthorData[] = [];
  for (const [key, author] of blog.authors) {
    const posts = authorPosts.get(key) ?? [];
    if (!posts.length) continue;
    authorList.push({
      key,
      name: author.name,
      ...(author.title ? { title: author.title } : {}),
      ...(author.url ? { url: author.url } : {}),
      ...(author.imageUrl ? { imageUrl: author.imageUrl } : {}),
      ...(author.socials ? { socials: author.socials } : {}),
      ...(author.page ? { permalink: encodeRoutePath(`${base}/authors/${key}`) } : {}),
      count: posts.length,
    });
  }
  drafts.push({
    path: `${base}/authors`,
    template: 'blogAuthors',
    title: 'Authors',
    description: `The authors of the ${config.title} blog`,
    props: { authors: authorList },
    sidebar: 'blog',
    dependsOn: [],
    origin: 'blog authors',
  });
  for (const author of authorList) {
    if (!author.permalink) continue;
    listing({
      posts: authorPosts.get(author.key!)!,
      basePath: `${base}/authors/${author.key}`,
      pageSegment: 'authors',
      props: { kind: 'author', heading: author.name, author, indexLink: { label: 'View all authors', href: encodeRoutePath(`${base}/authors`) } },
      title: author.name,
      description: author.title ? `${author.name}, ${author.title}` : `Posts by ${author.name}`,
      origin: `author "${author.key}"`,
    });
  }

  // Archive: every listed post, grouped by year, newest first.
  const years = new Map<string, { title: string; permalink: string; date: string; formattedDate: string }[]>();
  for (const post of listed) {
    const year = post.date.slice(0, 4);
    years.set(year, [
      ...(years.get(year) ?? []),
      { title: post.title, permalink: encodeRoutePath(post.permalink), date: post.date, formattedDate: formatDate(post.date) },
    ]);
  }
  drafts.push({
    path: `${base}/archive`,
    template: 'blogArchive',
    title: 'Archive',
    description: `Every post of the ${config.title} blog`,
    props: { years: [...years.entries()].map(([year, posts]) => ({ year, posts })) },
    sidebar: 'blog',
    dependsOn: [],
    origin: 'blog archive',
  });

  const recent = listed.slice(0, options.sidebarCount).map((post) => ({ label: post.title, href: encodeRoutePath(post.permalink) }));
  return { drafts, recent };
}

/** What listings show of a post: title, link, date, authors and tags (their links as URLs). Pure. */
export function postListing(post: BlogPostFile, formatDate: (iso: string) => string): Omit<PostSummary, 'readingTime' | 'excerptHtml' | 'truncated'> {
  return {
    title: post.title,
    permalink: encodeRoutePath(post.permalink),
    date: post.date,
    formattedDate: formatDate(post.date),
    authors: post.authors.map((author) => (author.permalink ? { ...author, permalink: encodeRoutePath(author.permalink) } : author)),
    tags: post.tags.map(({ key: _key, ...tag }) => ({ ...tag, permalink: encodeRoutePath(tag.permalink) })),
  };
}
