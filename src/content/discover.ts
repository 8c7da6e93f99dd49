/**
 * Stage `discoverContent`: finds docs, blog posts, pages and the API model.
 */
import path from 'node:path';
import type { BuildContext } from '../build/context.js';
import { loadApiModel } from '../api/load-api.js';
import { discoverBlog } from './blog.js';
import { discoverDocs, docsDirExists } from './docs.js';
import { discoverPages } from './pages.js';
import type { Content } from './types.js';

export async function discoverContent(ctx: BuildContext): Promise<Content> {
  const { config, root } = ctx;
  const development = ctx.mode === 'development';
  const docsDir = config.docs ? path.resolve(root, config.docs.path) : undefined;
  const [docs, blog, pages, api] = await Promise.all([
    config.docs && docsDir && docsDirExists(docsDir)
      ? discoverDocs({ dir: docsDir, routeBase: config.docs.routeBasePath, includeDrafts: development })
      : undefined,
    config.blog
      ? discoverBlog({
          dir: path.resolve(root, config.blog.path),
          routeBase: config.blog.routeBasePath,
          development,
          now: ctx.now,
          onInlineTags: config.blog.onInlineTags,
          onInlineAuthors: config.blog.onInlineAuthors,
          onUntruncatedBlogPosts: config.blog.onUntruncatedBlogPosts,
          warn: (warning) => ctx.warnings.add(warning),
        })
      : undefined,
    discoverPages({ dir: path.resolve(root, config.pages.path), includeDrafts: development }),
    config.api ? loadApiModel(ctx) : undefined,
  ]);
  return { docs, blog, pages, api };
}
