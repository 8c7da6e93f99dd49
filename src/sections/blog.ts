/** The blog section: `blog.path`, its posts, `authors.yml` and `tags.yml`, and files next to the posts. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BuildContext } from '../core/context.js';
import { discoverBlog, keepsPost, readPost, sortPosts, type BlogDiscoveryOptions } from '../content/blog.js';
import { buildBlogRoutes } from '../routes/blog-routes.js';
import { hiddenFromDiscovery, MARKDOWN } from './files.js';
import type { Section } from './types.js';

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

export const blogSection: Section<'blog'> = {
  name: 'blog',
  configured: (config) => Boolean(config.blog),
  roots: (paths) => (paths.blogDir ? [paths.blogDir] : []),
  classify({ file, root, type }) {
    const rel = path.relative(root, file);
    if (rel === 'authors.yml' || rel === 'tags.yml' || type === 'addDir' || type === 'unlinkDir') return { read: 'section' };
    if (!MARKDOWN.test(file)) return { media: true };
    if (hiddenFromDiscovery(root, file)) return { ignore: true };
    return { read: type === 'change' ? 'file' : 'section' };
  },
  async discover(ctx) {
    const options = blogOptions(ctx);
    return options ? discoverBlog(options) : undefined;
  },
  update(ctx, blog, files) {
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
  },
  routes({ config, content }) {
    if (!content.blog || !config.blog) return undefined;
    const blog = buildBlogRoutes({ blog: content.blog, config });
    return { drafts: blog.drafts, site: { blogRecent: blog.recent } };
  },
};
