/**
 * Stage `createRouteTable`: content → every route of the site, with keys,
 * templates and page data, plus the shared site data. Pure: no I/O.
 */
import { formatLocation } from '../errors/index.js';
import type { SiteConfig } from '../config/schema.js';
import type { Warning } from '../core/warnings.js';
import type { DocsContent } from '../content/docs.js';
import type { Content } from '../content/types.js';
import { normaliseRoute } from '../shared/url.js';
import { buildBlogRoutes } from './blog-routes.js';
import { buildDocsRoutes, type SidebarNode, versionBadge } from './docs-routes.js';
import { withKey } from './keys.js';
import { buildPageRoutes } from './page-routes.js';
import { buildSiteData } from './site-data.js';
import type { Route, RouteDraft, RouteTable } from './types.js';
import { buildApiRoutes } from './api-routes.js';
import { searchRoute } from './search-route.js';

export function createRouteTable({ config, content }: { config: SiteConfig; content: Content }): RouteTable {
  const drafts: RouteDraft[] = [];
  const warnings: Warning[] = [];
  let docsSidebar;
  let firstDocHref: string | undefined;
  const api = content.api && config.api ? buildApiRoutes({ model: content.api, config }) : undefined;
  if (content.docs && config.docs) {
    const extraItems: SidebarNode[] = api ? [api.sidebarNode] : [];
    const docs = buildDocsRoutes(api ? withoutApiRoutes(content.docs, api.drafts, config.api!.entryPoints, warnings) : content.docs, {
      routeBase: config.docs.routeBasePath,
      editUrl: config.docs.editUrl,
      sidebarCollapsible: config.docs.sidebarCollapsible,
      sidebarCollapsed: config.docs.sidebarCollapsed,
      versionLabel: versionBadge(config.docs),
      extraItems,
    });
    drafts.push(...docs.drafts);
    warnings.push(...docs.warnings);
    docsSidebar = docs.sidebar;
    firstDocHref = firstHref(docs.sidebar);
  }
  if (api) drafts.push(...api.drafts);
  let blogRecent;
  if (content.blog && config.blog) {
    const blog = buildBlogRoutes({ blog: content.blog, config });
    drafts.push(...blog.drafts);
    blogRecent = blog.recent;
  }
  drafts.push(...buildPageRoutes({ pages: content.pages }));
  // After the site's own pages: a page of its own at /search wins (with a duplicate-route warning).
  if (config.search !== false) drafts.push(searchRoute());

  const routes: Route[] = [];
  const seen = new Map<string, RouteDraft>();
  for (const draft of drafts) {
    const id = normaliseRoute(draft.path);
    const existing = seen.get(id);
    if (existing) {
      warnings.push({
        code: 'DUPLICATE_ROUTE',
        message: `route ${draft.path} is produced twice: by ${formatLocation({ file: existing.origin })} and by ${formatLocation({ file: draft.origin })}; the first one is kept`,
        location: { file: draft.origin },
      });
      continue;
    }
    seen.set(id, draft);
    routes.push(withKey(draft));
  }
  routes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const notFound = withKey({
    path: '/404',
    template: 'notFound' as const,
    title: 'Page Not Found',
    props: { title: 'Page Not Found' },
    noIndex: true,
    dependsOn: [],
    origin: 'folio',
  });
  const site = buildSiteData({ config, docsSidebar, firstDocHref, blogRecent });
  return { routes, site, notFound, warnings };
}

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
