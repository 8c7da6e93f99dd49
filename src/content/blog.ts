/**
 * Discovery of the blog: posts (`YYYY-MM-DD-slug/index.md` or
 * `YYYY-MM-DD-slug.md`), authors.yml and tags.yml, Docusaurus-compatible.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { slugOr } from '../shared/slug.js';
import { yaml } from '../core/cjs-packages.js';
import type { Warning } from '../core/warnings.js';
import { FolioError } from '../errors/index.js';
import type { AuthorData, TagData } from '../shared/page-data.js';
import { checkFields, excerptOf, findFrontMatterLine } from './front-matter.js';
import { leadingTitle } from './leading-title.js';
import { yamlErrorPosition } from './parse-location.js';
import { readSource, toPosix, type SourceFile } from './read-source.js';
import { readText, type Warn } from './read-text.js';
import { isIgnoredDir, isMarkdownContent, walkContent } from './walk.js';

export interface AuthorEntry extends AuthorData {
  key: string;
  page: boolean;
}

export interface TagEntry extends TagData {
  key: string;
}

export interface BlogPostFile extends SourceFile {
  slug: string;
  permalink: string;
  title: string;
  description?: string;
  /** ISO date (UTC midnight for dates without a time). */
  date: string;
  authors: AuthorData[];
  /** Keys of authors.yml entries (for author pages). */
  authorKeys: string[];
  tags: TagEntry[];
  draft: boolean;
  unlisted: boolean;
  image?: string;
  hideToc: boolean;
  hasTruncate: boolean;
}

export interface BlogContent {
  dir: string;
  /** Listed and unlisted posts, newest first (future posts removed in production). */
  posts: BlogPostFile[];
  authors: Map<string, AuthorEntry>;
  tags: Map<string, TagEntry>;
  /** When the first post left out for its future date comes due (ms since the epoch). */
  nextPublish?: number;
}

export const POST_FIELDS = {
  slug: 'string',
  title: 'string',
  description: 'string',
  authors: 'authors',
  tags: 'tags',
  date: 'date',
  draft: 'boolean',
  unlisted: 'boolean',
  image: 'string',
  hide_table_of_contents: 'boolean',
  keywords: 'string[]',
  toc_min_heading_level: 'number',
  toc_max_heading_level: 'number',
} as const;

const DATE_IN_NAME = /^(\d{4})-(\d{2})-(\d{2})[-_]?(.*)$/;

export interface BlogDiscoveryOptions {
  dir: string;
  routeBase: string;
  /** Include drafts and future-dated posts (folio serve). */
  development: boolean;
  now: Date;
  /** Every problem goes here; the site's severities (onInlineTags, ...) apply in the build's WarningList. */
  warn: (warning: Warning) => void;
}

export async function discoverBlog(options: BlogDiscoveryOptions): Promise<BlogContent> {
  const authors = readAuthors(path.join(options.dir, 'authors.yml'), options.warn);
  const tags = readTags(path.join(options.dir, 'tags.yml'), options.routeBase, options.warn);
  const files = (await walkContent({ dir: options.dir, skipDir: isIgnoredDir, warn: options.warn })).filter(isMarkdownContent);
  const posts: BlogPostFile[] = [];
  let nextPublish: number | undefined;
  for (const file of files) {
    const post = readPost({ file, authors, tags, options });
    if (keepsPost(post, options)) posts.push(post);
    else if (!post.draft) nextPublish = Math.min(nextPublish ?? Infinity, Date.parse(post.date));
  }
  sortPosts(posts);
  return { dir: options.dir, posts, authors, tags, ...(nextPublish !== undefined ? { nextPublish } : {}) };
}

/** Newest first; same date: by permalink. Sorts in place. */
export function sortPosts(posts: BlogPostFile[]): BlogPostFile[] {
  return posts.sort((a, b) => (a.date === b.date ? a.permalink.localeCompare(b.permalink) : a.date < b.date ? 1 : -1));
}

/** Whether discovery keeps a post (drafts and future posts only in development). */
export function keepsPost(post: BlogPostFile, options: Pick<BlogDiscoveryOptions, 'development' | 'now'>): boolean {
  return options.development || !(post.draft || Date.parse(post.date) > options.now.getTime());
}

export function readPost({
  file,
  authors,
  tags,
  options,
}: {
  file: string;
  authors: Map<string, AuthorEntry>;
  tags: Map<string, TagEntry>;
  options: BlogDiscoveryOptions;
}): BlogPostFile {
  const source = readSource({ file, baseDir: options.dir, warn: options.warn });
  checkFields({ data: source.frontMatter, fields: POST_FIELDS, file, source: source.source });
  const fm = source.frontMatter;
  const rel = source.relPath.replace(/\.mdx?$/, '');
  const name = /\/index$/.test(rel) ? rel.slice(0, -'/index'.length).split('/').pop()! : rel.split('/').pop()!;
  const dated = DATE_IN_NAME.exec(name);
  let date: string;
  if (typeof fm.date === 'string') date = new Date(fm.date).toISOString();
  else if (dated) {
    const parsed = Date.UTC(Number(dated[1]), Number(dated[2]) - 1, Number(dated[3]));
    if (Number.isNaN(parsed) || new Date(parsed).getUTCDate() !== Number(dated[3])) {
      throw new FolioError({ code: 'BLOG_DATE_INVALID', message: `"${name}" does not start with a real date`, location: { file } });
    }
    date = new Date(parsed).toISOString();
  } else {
    throw new FolioError({
      code: 'BLOG_DATE_INVALID',
      message: `no date: set \`date:\` in the front matter or name the file or folder YYYY-MM-DD-${name}`,
      location: { file, line: 1 },
    });
  }
  const base = options.routeBase.replace(/\/$/, '');
  const fallbackSlug = dated ? `${dated[1]}/${dated[2]}/${dated[3]}/${dated[4] || 'post'}` : name;
  const slug = typeof fm.slug === 'string' ? fm.slug.replace(/^\//, '') : fallbackSlug;
  const hasTruncate = /^\s*(<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\})\s*$/m.test(source.body);
  const location = (key: string) => ({ file, line: findFrontMatterLine(source.source, key) });
  if (!hasTruncate)
    options.warn({
      code: 'UNTRUNCATED_POST',
      message: 'post has no <!-- truncate --> marker; its whole body is used as the excerpt',
      location: { file },
    });

  const authorKeys: string[] = [];
  const postAuthors: AuthorData[] = [];
  const inlineInvalid = (message: string) => {
    const where = location('authors');
    return new FolioError({ code: 'FRONT_MATTER_INVALID', message, location: where, excerpt: excerptOf(source.source, where.line) });
  };
  for (const entry of listOf(fm.authors)) {
    if (typeof entry === 'string') {
      const author = authors.get(entry);
      if (!author) {
        const where = location('authors');
        throw new FolioError({
          code: 'BLOG_UNKNOWN_AUTHOR',
          message: `post "${source.relPath}" names author "${entry}", which is not in authors.yml (known: ${[...authors.keys()].join(', ') || 'none'})`,
          location: where,
          excerpt: excerptOf(source.source, where.line),
        });
      }
      authorKeys.push(entry);
      postAuthors.push(publicAuthor(author, base));
    } else {
      const inline = entry as Record<string, unknown>;
      if (typeof inline.key === 'string' && authors.has(inline.key)) {
        authorKeys.push(inline.key);
        postAuthors.push({ ...publicAuthor(authors.get(inline.key)!, base), ...authorFields(inline, inlineInvalid) });
        continue;
      }
      const author = authorFields(inline, inlineInvalid);
      if (!author.name) {
        throw new FolioError({ code: 'FRONT_MATTER_INVALID', message: 'an inline author needs a `name`', location: location('authors') });
      }
      options.warn({
        code: 'INLINE_AUTHOR',
        message: `inline author "${author.name}" is not declared in authors.yml`,
        location: location('authors'),
      });
      postAuthors.push(author as AuthorData);
    }
  }
  const postTags: TagEntry[] = [];
  const slugger = new GithubSlugger();
  for (const entry of listOf(fm.tags)) {
    const key = typeof entry === 'string' ? entry : String((entry as Record<string, unknown>).label ?? '');
    const known = tags.get(key);
    if (known) {
      postTags.push(known);
      continue;
    }
    options.warn({
      code: 'INLINE_TAG',
      message: `tag "${key}" is not declared in tags.yml`,
      location: location('tags'),
    });
    const permalinkPart =
      typeof entry === 'object' && typeof (entry as Record<string, unknown>).permalink === 'string'
        ? String((entry as Record<string, unknown>).permalink).replace(/^\//, '')
        : slugOr(slugger, key, 'tag');
    postTags.push({ key, label: key, permalink: `${base}/tags/${permalinkPart}` });
  }
  return {
    ...source,
    slug,
    permalink: `${base}/${slug}`,
    title: typeof fm.title === 'string' ? fm.title : (leadingTitle(source.body) ?? name),
    description: typeof fm.description === 'string' ? fm.description : undefined,
    date,
    authors: postAuthors,
    authorKeys,
    tags: postTags,
    draft: fm.draft === true,
    unlisted: fm.unlisted === true,
    image: typeof fm.image === 'string' ? fm.image : undefined,
    hideToc: fm.hide_table_of_contents === true,
    hasTruncate,
  };
}

function listOf(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * An author's fields. `invalid` builds the error for a `url` no browser could follow (a feed
 * resolves it against the post's URL, so a path such as `/team/ada` is fine; `https://exa mple.com`
 * or `http://[x` is not).
 */
function authorFields(data: Record<string, unknown>, invalid: (message: string) => FolioError): Partial<AuthorData> {
  const str = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : undefined);
  const out: Partial<AuthorData> = {};
  if (str('name')) out.name = str('name');
  if (str('title')) out.title = str('title');
  const url = str('url');
  if (url !== undefined && !URL.canParse(url, 'https://folio.invalid/')) {
    throw invalid(`author "${out.name ?? '?'}" has url "${url}", which is not a valid URL: write an absolute URL (https://…) or a path on this site (/team/…)`);
  }
  if (url) out.url = url;
  if (str('image_url') ?? str('imageURL')) out.imageUrl = str('image_url') ?? str('imageURL');
  if (data.socials && typeof data.socials === 'object') out.socials = normaliseSocials(data.socials as Record<string, unknown>);
  return out;
}

function publicAuthor(author: AuthorEntry, base: string): AuthorData {
  return {
    key: author.key,
    name: author.name,
    ...(author.title ? { title: author.title } : {}),
    ...(author.url ? { url: author.url } : {}),
    ...(author.imageUrl ? { imageUrl: author.imageUrl } : {}),
    ...(author.socials ? { socials: author.socials } : {}),
    ...(author.page ? { permalink: `${base}/authors/${author.key}` } : {}),
  };
}

const SOCIAL_BASES: Record<string, string> = {
  x: 'https://x.com/',
  twitter: 'https://twitter.com/',
  github: 'https://github.com/',
  linkedin: 'https://www.linkedin.com/in/',
  stackoverflow: 'https://stackoverflow.com/users/',
  bluesky: 'https://bsky.app/profile/',
};

function normaliseSocials(socials: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(socials)) {
    if (typeof value !== 'string') continue;
    out[key] = /^https?:\/\//.test(value) ? value : `${SOCIAL_BASES[key] ?? `https://${key}.com/`}${value}`;
  }
  return out;
}

interface YamlMap {
  entries: Record<string, Record<string, unknown>>;
  /** The file line of a top-level key. */
  keyLine: (key: string) => number | undefined;
}

function readYamlMap(file: string, warn?: Warn): YamlMap {
  const none: YamlMap = { entries: {}, keyLine: () => undefined };
  if (!existsSync(file)) return none;
  const text = readText(file, { warn });
  let data: unknown;
  try {
    data = yaml().load(text);
  } catch (error) {
    const at = yamlErrorPosition(error, text, 1);
    throw new FolioError({
      code: 'BLOG_DATA_INVALID',
      message: (error as { reason?: string }).reason ?? (error as Error).message,
      location: { file, line: at?.line, column: at?.column },
      excerpt: excerptOf(text, at?.line),
    });
  }
  if (data === undefined || data === null) return none;
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new FolioError({ code: 'BLOG_DATA_INVALID', message: 'expected a mapping of keys to entries', location: { file, line: 1 } });
  }
  const lines = text.split('\n');
  const keyLine = (key: string) => {
    const index = lines.findIndex((line) => {
      const name = /^(["']?)(.*?)\1\s*:(\s|$)/.exec(line);
      return name !== null && name[2] === key;
    });
    return index >= 0 ? index + 1 : undefined;
  };
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      const line = keyLine(key);
      throw new FolioError({
        code: 'BLOG_DATA_INVALID',
        message: `entry "${key}" must be a mapping of fields`,
        location: { file, line },
        excerpt: excerptOf(text, line),
      });
    }
  }
  return { entries: data as Record<string, Record<string, unknown>>, keyLine };
}

export function readAuthors(file: string, warn?: Warn): Map<string, AuthorEntry> {
  const map = new Map<string, AuthorEntry>();
  const { entries, keyLine } = readYamlMap(file, warn);
  for (const [key, value] of Object.entries(entries)) {
    const fields = authorFields(value, (message) => new FolioError({ code: 'BLOG_DATA_INVALID', message, location: { file, line: keyLine(key) } }));
    if (!fields.name) throw new FolioError({ code: 'BLOG_DATA_INVALID', message: `author "${key}" needs a name`, location: { file, line: keyLine(key) } });
    map.set(key, { ...(fields as AuthorData), key, page: value.page === true || (typeof value.page === 'object' && value.page !== null) });
  }
  return map;
}

export function readTags(file: string, routeBase: string, warn?: Warn): Map<string, TagEntry> {
  const base = routeBase.replace(/\/$/, '');
  const map = new Map<string, TagEntry>();
  for (const [key, value] of Object.entries(readYamlMap(file, warn).entries)) {
    const permalink = typeof value.permalink === 'string' ? value.permalink.replace(/^\//, '') : key;
    map.set(key, {
      key,
      label: typeof value.label === 'string' ? value.label : key,
      permalink: `${base}/tags/${permalink}`,
      ...(typeof value.description === 'string' ? { description: value.description } : {}),
    });
  }
  return map;
}

export function postFolder(post: BlogPostFile): string {
  return toPosix(path.dirname(post.relPath));
}
