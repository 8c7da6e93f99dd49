/** The docs section: `docs.path`, with categories (`_category_.json|yml`) and files next to the docs. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { discoverDocs, docsDirExists, readDoc, type DocsContent } from '../content/docs.js';
import type { Warning } from '../core/warnings.js';
import { formatLocation } from '../errors/index.js';
import { buildDocsRoutes, versionBadge } from '../routes/docs-routes.js';
import type { RouteDraft } from '../routes/types.js';
import { normaliseRoute } from '../shared/url.js';
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
  routes({ config, content, before }) {
    if (!content.docs || !config.docs) return undefined;
    // The API reference sits at the end of the docs sidebar, and its routes win over docs that claim them.
    const api = before.get('api');
    const warnings: Warning[] = [];
    const docs = buildDocsRoutes(api && config.api ? withoutApiRoutes(content.docs, api.drafts, config.api.entryPoints, warnings) : content.docs, {
      routeBase: config.docs.routeBasePath,
      editUrl: config.docs.editUrl,
      sidebarCollapsible: config.docs.sidebarCollapsible,
      sidebarCollapsed: config.docs.sidebarCollapsed,
      versionLabel: versionBadge(config.docs),
      extraItems: api?.sidebar ?? [],
    });
    return {
      drafts: docs.drafts,
      warnings: [...warnings, ...docs.warnings],
      site: { docsSidebar: docs.sidebar, firstDocHref: firstHref(docs.sidebar) },
    };
  },
};

/**
 * The docs without those that claim a route of the generated API reference (`docs/api/API.md` is
 * `/docs/api/`, the API index): the reference is generated from the config's entry points, so it
 * wins, and the doc leaves the sidebar too. The warning names both sources.
 */
function withoutApiRoutes(docs: DocsContent, apiDrafts: RouteDraft[], entryPoints: string[], warnings: Warning[]): DocsContent {
  const apiRoutes = new Map(apiDrafts.map((draft) => [normaliseRoute(draft.path), draft]));
  const kept = docs.docs.filter((doc) => {
    const api = apiRoutes.get(normaliseRoute(doc.route));
    if (!api) return true;
    // The API index's origin is its readme, which may be this very doc: then name what generates the rest.
    const readme = api.origin === doc.file ? ' (with this doc as its readme)' : '';
    warnings.push({
      code: 'DUPLICATE_ROUTE',
      message: `route ${api.path} is produced twice: by the doc ${formatLocation({ file: doc.file })} and by the API reference generated from ${entryPoints.join(', ')}${readme}; the API reference is kept (exclude the doc with docs.exclude, or give it another slug)`,
      location: { file: doc.file },
    });
    return false;
  });
  return kept.length === docs.docs.length ? docs : { ...docs, docs: kept };
}

function firstHref(items: { type: string; href?: string; items?: unknown[] }[]): string | undefined {
  for (const item of items) {
    if (item.href) return item.href;
    if (item.items) {
      const nested = firstHref(item.items as typeof items);
      if (nested) return nested;
    }
  }
  return undefined;
}
