/** The docs section: `docs.path`, with categories (`_category_.json|yml`) and files next to the docs. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { discoverDocs, docsDirExists, readDoc } from '../content/docs.js';
import { hiddenFromDiscovery, MARKDOWN } from './files.js';
import type { Section } from './types.js';

const CATEGORY = /^_category_\.(json|ya?ml)$/;

export const docsSection: Section<'docs'> = {
  name: 'docs',
  configured: (config) => Boolean(config.docs),
  roots: (paths) => (paths.docsDir ? [paths.docsDir] : []),
  classify({ file, root, type }) {
    if (type === 'addDir' || type === 'unlinkDir' || CATEGORY.test(path.basename(file))) return { read: 'section' };
    if (!MARKDOWN.test(file)) return { media: true };
    if (hiddenFromDiscovery(root, file)) return { ignore: true };
    return { read: type === 'change' ? 'file' : 'section' };
  },
  async discover(ctx) {
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
  },
  update(ctx, docs, files) {
    const next = [...docs.docs];
    for (const file of files) {
      const index = next.findIndex((doc) => doc.file === file);
      if (index < 0 || !existsSync(file)) return undefined;
      const doc = readDoc({ file, dir: docs.dir, routeBase: docs.routeBase, warn: (warning) => ctx.warnings.add(warning) });
      if (doc.draft && ctx.mode !== 'development') next.splice(index, 1);
      else next[index] = doc;
    }
    return { ...docs, docs: next };
  },
};
