/**
 * Watch mode's `discoverContent`: applies a change plan to the content of
 * the previous build. A file edited in place is read again on its own;
 * added, removed or renamed files and metadata changes re-discover their
 * section; the API model is regenerated only when its sources changed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadApiModel } from '../../api/load-api.js';
import { keepsPost, readPost, sortPosts, type BlogContent } from '../../content/blog.js';
import { blogOptions, discoverBlogSection, discoverDocsSection, discoverPagesSection } from '../../content/discover.js';
import { readDoc, type DocsContent } from '../../content/docs.js';
import type { Content } from '../../content/types.js';
import type { ChangePlan } from './changes.js';
import type { BuildContext } from '../../core/context.js';

export interface ContentUpdate {
  content: Content;
  /** The API model was generated again. */
  apiReloaded: boolean;
  /** What was read again: discovery warnings of other files still stand. */
  reread: { dirs: string[]; files: string[] };
}

function updateDocs(ctx: BuildContext, docs: DocsContent, files: string[]): DocsContent | undefined {
  const next = [...docs.docs];
  for (const file of files) {
    const index = next.findIndex((doc) => doc.file === file);
    if (index < 0 || !existsSync(file)) return undefined;
    const doc = readDoc({ file, dir: docs.dir, routeBase: docs.routeBase, warn: (warning) => ctx.warnings.add(warning) });
    if (doc.draft && ctx.mode !== 'development') next.splice(index, 1);
    else next[index] = doc;
  }
  return { ...docs, docs: next };
}

function updateBlog(ctx: BuildContext, blog: BlogContent, files: string[]): BlogContent | undefined {
  const options = blogOptions(ctx);
  if (!options) return undefined;
  const next = [...blog.posts];
  for (const file of files) {
    const index = next.findIndex((post) => post.file === file);
    if (index < 0 || !existsSync(file)) return undefined;
    const post = readPost({ file, authors: blog.authors, tags: blog.tags, options });
    if (keepsPost(post, options)) next[index] = post;
    else next.splice(index, 1);
  }
  return { ...blog, posts: sortPosts(next) };
}

export async function updateContent({ ctx, previous, plan }: { ctx: BuildContext; previous: Content; plan: ChangePlan }): Promise<ContentUpdate> {
  const reread: ContentUpdate['reread'] = { dirs: [], files: [] };
  const docsDir = ctx.config.docs ? path.resolve(ctx.root, ctx.config.docs.path) : undefined;
  const blogDir = ctx.config.blog ? path.resolve(ctx.root, ctx.config.blog.path) : undefined;
  const rediscover = async <T>(dir: string | undefined, discover: () => Promise<T>): Promise<T> => {
    if (dir) reread.dirs.push(dir);
    return discover();
  };

  let docs = previous.docs;
  if (plan.docs.rediscover || (plan.docs.files.length && !docs)) docs = await rediscover(docsDir, () => discoverDocsSection(ctx));
  else if (docs && plan.docs.files.length) {
    docs = updateDocs(ctx, docs, plan.docs.files) ?? (await rediscover(docsDir, () => discoverDocsSection(ctx)));
    reread.files.push(...plan.docs.files);
  }

  let blog = previous.blog;
  if (plan.blog.rediscover || (plan.blog.files.length && !blog)) blog = await rediscover(blogDir, () => discoverBlogSection(ctx));
  else if (blog && plan.blog.files.length) {
    blog = updateBlog(ctx, blog, plan.blog.files) ?? (await rediscover(blogDir, () => discoverBlogSection(ctx)));
    reread.files.push(...plan.blog.files);
  }

  const pagesDir = path.resolve(ctx.root, ctx.config.pages.path);
  const pages = plan.pages ? await rediscover(pagesDir, () => discoverPagesSection(ctx)) : previous.pages;
  const apiReloaded = plan.api && Boolean(ctx.config.api);
  const api = apiReloaded ? await loadApiModel(ctx) : previous.api;
  return { content: { docs, blog, pages, api }, apiReloaded, reread };
}
