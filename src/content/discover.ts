/**
 * Stage `discoverContent`: finds docs, blog posts, pages and the API model.
 * The section helpers are shared with watch mode, which re-reads only the
 * sections (or single files) a change touches.
 */
import path from 'node:path';
import type { BuildContext } from '../core/context.js';
import { loadApiModel } from '../api/load-api.js';
import type { ApiModel } from '../api/types.js';
import { discoverBlog, type BlogContent, type BlogDiscoveryOptions } from './blog.js';
import { discoverDocs, docsDirExists, type DocsContent } from './docs.js';
import { discoverPages, type PageFile } from './pages.js';
import type { Content } from './types.js';

export function blogOptions(ctx: BuildContext): BlogDiscoveryOptions | undefined {
  const blog = ctx.config.blog;
  if (!blog) return undefined;
  return {
    dir: path.resolve(ctx.root, blog.path),
    routeBase: blog.routeBasePath,
    development: ctx.mode === 'development',
    now: ctx.now,
    warn: (warning) => ctx.warnings.add(warning),
  };
}

export async function discoverDocsSection(ctx: BuildContext): Promise<DocsContent | undefined> {
  const docs = ctx.config.docs;
  if (!docs) return undefined;
  const dir = path.resolve(ctx.root, docs.path);
  if (!docsDirExists(dir)) return undefined;
  return discoverDocs({
    dir,
    routeBase: docs.routeBasePath,
    includeDrafts: ctx.mode === 'development',
    exclude: docs.exclude,
    warn: (warning) => ctx.warnings.add(warning),
  });
}

export async function discoverBlogSection(ctx: BuildContext): Promise<BlogContent | undefined> {
  const options = blogOptions(ctx);
  return options ? discoverBlog(options) : undefined;
}

export async function discoverPagesSection(ctx: BuildContext): Promise<PageFile[]> {
  return discoverPages({
    dir: path.resolve(ctx.root, ctx.config.pages.path),
    includeDrafts: ctx.mode === 'development',
    warn: (warning) => ctx.warnings.add(warning),
  });
}

/**
 * Docs, blog and pages, with the API model still on its way (typedoc runs in a worker thread): the
 * build compiles the markdown meanwhile. `api` is undefined when the site has no API reference.
 */
export async function discoverContent(ctx: BuildContext): Promise<{ content: Content; api?: Promise<ApiModel> }> {
  const api = ctx.config.api ? loadApiModel(ctx) : undefined;
  // Handled by whoever awaits it; this keeps an early failure from being reported as unhandled.
  api?.catch(() => {});
  const [docs, blog, pages] = await Promise.all([discoverDocsSection(ctx), discoverBlogSection(ctx), discoverPagesSection(ctx)]);
  return { content: { docs, blog, pages }, api };
}
