/** The pages section: `pages.path`, markdown pages and React page components with what they import. */
import path from 'node:path';
import { discoverPages } from '../content/pages.js';
import { buildPageRoutes } from '../routes/page-routes.js';
import { MARKDOWN } from './files.js';
import type { Section } from './types.js';

export const pagesSection: Section<'pages'> = {
  name: 'pages',
  configured: () => true,
  roots: (paths) => [paths.pagesDir],
  classify({ file, type }) {
    if (MARKDOWN.test(file)) return { read: 'section' };
    // A page component (or a folder of them) is both a route and part of the bundles.
    if (type === 'addDir' || type === 'unlinkDir' || /\.(tsx|jsx)$/.test(file)) return { read: 'section', client: true, server: true };
    // Modules and styles imported by page components.
    return { client: true, server: !file.endsWith('.css') };
  },
  discover: (ctx) =>
    discoverPages({
      dir: path.resolve(ctx.root, ctx.config.pages.path),
      includeDrafts: ctx.mode === 'development',
      warn: (warning) => ctx.warnings.add(warning),
    }),
  routes: ({ content }) => ({ drafts: buildPageRoutes({ pages: content.pages }) }),
};
