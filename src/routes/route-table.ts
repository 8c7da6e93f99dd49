/**
 * Stage `createRouteTable`: content → every route of the site, with keys,
 * templates and page data, plus the shared site data. Pure: no I/O.
 */
import { FolioError, formatLocation } from '../errors/index.js';
import type { SiteConfig } from '../config/schema.js';
import type { Warning } from '../core/warnings.js';
import type { Content } from '../content/types.js';
import { normaliseRoute } from '../shared/url.js';
import { withKey } from './keys.js';
import { buildSiteData } from './site-data.js';
import type { Route, RouteDraft, RouteTable } from './types.js';
import { searchRoute } from './search-route.js';
import { sections } from '../sections/registry.js';
import type { SectionName, SectionRoutes } from '../sections/types.js';

export function createRouteTable({ config, content }: { config: SiteConfig; content: Content }): RouteTable {
  const drafts: RouteDraft[] = [];
  const warnings: Warning[] = [];
  const built = new Map<SectionName, SectionRoutes>();
  for (const section of sections) {
    const produced = section.routes({ config, content, before: built });
    if (!produced) continue;
    built.set(section.name, produced);
    drafts.push(...produced.drafts);
    warnings.push(...(produced.warnings ?? []));
  }
  // After the site's own pages: a page of its own at /search wins (with a duplicate-route warning).
  if (config.search !== false) drafts.push(searchRoute());

  const routes: Route[] = [];
  const seen = new Map<string, RouteDraft>();
  for (const draft of drafts) {
    // A page is written to <out>/<route>/index.html: a dot segment (a slug like ../../x) would leave the output folder.
    if (draft.path.split('/').some((segment) => segment === '..' || segment === '.')) {
      throw new FolioError({
        code: 'ROUTE_OUTSIDE_SITE',
        message: `the route ${draft.path} (from its slug or file name) has a "." or ".." segment`,
        location: { file: draft.origin },
      });
    }
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
  const site = buildSiteData({ config, ...Object.assign({}, ...[...built.values()].map((produced) => produced.site)) });
  return { routes, site, notFound, warnings };
}
