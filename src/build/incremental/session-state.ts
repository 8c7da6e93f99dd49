/**
 * What a build session keeps between builds, and the small pure helpers
 * both the full and the incremental build use to derive it.
 */
import type { LoadedConfig } from '../../config/load-config.js';
import type { SiteConfig } from '../../config/schema.js';
import type { Content } from '../../content/types.js';
import type { EmitterRecord } from '../../emitters/types.js';
import type { TsxPageFile } from '../../content/pages.js';
import type { PageRecord } from '../../render/render-pages.js';
import type { ServerModule } from '../../render/bundle-pages.js';
import { dateFormatter, postListing } from '../../routes/blog-routes.js';
import type { RouteTable } from '../../routes/types.js';
import type { PostSummary } from '../../shared/page-data.js';
import { hashOf } from '../../core/hash.js';
import type { CompileState } from '../../markdown/compile-content.js';
import type { Warning } from '../../core/warnings.js';

export interface ClientAssets {
  scripts: string[];
  styles: string[];
  /** Bytes of every emitted client file, by URL path. */
  sizes: Record<string, number>;
  /** A `.tsx` page's own chunks, by page id (emit-assets.ts). */
  pageChunks?: Record<string, string[]>;
  /** The blog templates' chunks (emit-assets.ts). */
  templateChunks?: string[];
}

export interface SessionState {
  loaded: LoadedConfig;
  buildHash: string;
  content: Content;
  table: RouteTable;
  compile: CompileState;
  server: ServerModule;
  client: ClientAssets;
  /** Identity of the set of .tsx pages (both bundles list them). */
  tsxPages: string;
  /** URL of the site data file. */
  siteData: string;
  /** Every rendered route by path. */
  routes: Map<string, PageRecord>;
  notFound: string;
  /** Each emitter's last fingerprint and files (feeds, sitemap, the site's own). */
  emitters: Map<string, EmitterRecord>;
  /** Output files that are not pages (for the link check), URL paths. */
  outputFiles: Set<string>;
  /** URLs of the images copied from next to the content, and of the pages' island modules. */
  media: Set<string>;
  /** Every warning of the last build. */
  warnings: Warning[];
  /** The warnings discovery reported (they are reported again only when their file is read again). */
  discoveryWarnings: Warning[];
}

export type PostData = Map<string, Omit<PostSummary, 'readingTime' | 'excerptHtml' | 'truncated'>>;

/** Listing data of every blog post by file (title, date, authors, tags). */
export function postDataFor({ content, config }: { content: Content; config: SiteConfig }): PostData {
  const postData: PostData = new Map();
  const formatDate = dateFormatter(config.lang);
  for (const post of content.blog?.posts ?? []) postData.set(post.file, postListing(post, formatDate));
  return postData;
}

/**
 * What each source contributes to the pages that show it: its compiled body
 * and, for blog posts, the listing data (authors and tags come from
 * authors.yml and tags.yml, so they can change while the post does not).
 */
export function sourceFingerprints({ compiled, postData }: { compiled: ReadonlyMap<string, string>; postData: PostData }): Map<string, string> {
  const fingerprints = new Map(compiled);
  for (const [file, data] of postData) fingerprints.set(file, hashOf(compiled.get(file) ?? '', JSON.stringify(data)).slice(0, 20));
  return fingerprints;
}

export function tsxPagesKey(pages: readonly TsxPageFile[]): string {
  return pages.map((page) => `${page.id}\0${page.file}`).join('\n');
}

/** Output files the link check treats as link targets besides pages. */
export function isLinkTargetFile(rel: string): boolean {
  return !rel.endsWith('/index.html') && rel !== '/index.html' && !rel.startsWith('/assets/data/');
}
