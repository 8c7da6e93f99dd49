/**
 * API reference routes and their sidebar category, from the API model: the
 * index at `${routeBase}/` and one `doc` page per export at
 * `${routeBase}/<group>/<Name>`, in the docs sidebar as a category with the
 * groups as sub-categories. Pure: no I/O.
 */
import path from 'node:path';
import { summaryLine } from '../api/comment.js';
import { buildApiIndex, primaryComment, type ApiPage } from '../api/model.js';
import type { ApiModel } from '../api/types.js';
import type { SiteConfig } from '../config/schema.js';
import type { DocProps, LinkData } from '../shared/page-data.js';
import { type SidebarNode, versionBadge } from './docs-routes.js';
import type { RouteDraft } from './types.js';
import { encodeRoutePath } from '../shared/url.js';

export interface ApiRoutes {
  drafts: RouteDraft[];
  sidebarNode: SidebarNode;
}

function sidebarNodeOf(page: ApiPage, options: { collapsible: boolean; collapsed: boolean }, label = page.name): SidebarNode {
  return {
    kind: 'category',
    label,
    href: page.path,
    name: page.id,
    collapsible: options.collapsible,
    collapsed: options.collapsed,
    children: page.sections.map(
      (section): SidebarNode => ({
        kind: 'category',
        label: section.group.title,
        name: `${page.id}/${section.group.slug}`,
        collapsible: options.collapsible,
        collapsed: options.collapsed,
        className: `api-sidebar-group api-sidebar-${section.group.slug}`,
        children: section.pages.map(
          (child): SidebarNode =>
            child.sections.length
              ? sidebarNodeOf(child, options)
              : { kind: 'doc', label: child.name, href: child.path, name: child.id, className: 'api-sidebar-item' },
        ),
      }),
    ),
  };
}

/** The file a page's warnings point at: the export's declaration, or the readme / first entry point for the index. */
function originOf(page: ApiPage, model: ApiModel, config: SiteConfig): string {
  const source = page.reflection?.sources?.[0];
  if (source) return path.resolve(model.root, source.fileName);
  return model.readme?.file ?? path.resolve(model.root, config.api!.entryPoints[0]);
}

export function buildApiRoutes({ model, config }: { model: ApiModel; config: SiteConfig }): ApiRoutes {
  const api = config.api;
  if (!api) throw new Error('buildApiRoutes called without config.api');
  const index = buildApiIndex({ project: model.project, routeBase: api.routeBase, label: api.sidebarLabel });
  const options = { collapsible: config.docs?.sidebarCollapsible ?? true, collapsed: config.docs?.sidebarCollapsed ?? true };
  const sidebarNode = sidebarNodeOf(index.root, options, api.sidebarLabel);
  const version = config.docs ? versionBadge(config.docs) : undefined;
  // Page paths are route paths; links hold their URLs (encodeRoutePath), as in the docs.
  const link = (page: ApiPage | undefined): LinkData | undefined =>
    page ? { label: page.reflection ? page.name : api.sidebarLabel, href: encodeRoutePath(page.path) } : undefined;

  const drafts: RouteDraft[] = index.pages.map((page, position) => {
    const isIndex = !page.reflection;
    const previous = link(index.pages[position - 1]);
    const next = link(index.pages[position + 1]);
    const title = isIndex ? api.sidebarLabel : page.name;
    const crumbs = page.trail.map((crumb, depth) => ({ label: depth === 0 ? api.sidebarLabel : crumb.label, href: encodeRoutePath(crumb.href) }));
    const props: DocProps = {
      title,
      hideTitle: false,
      breadcrumbs: [...crumbs, ...(page.group ? [{ label: page.group.title }] : []), { label: title }],
      toc: [],
      ...(previous ? { previous } : {}),
      ...(next ? { next } : {}),
      ...(version ? { version } : {}),
      api: true,
    };
    const readmeDescription = typeof model.readme?.frontMatter.description === 'string' ? model.readme.frontMatter.description : undefined;
    const description = isIndex ? readmeDescription : summaryLine(primaryComment(page.reflection!));
    return {
      path: page.path,
      template: 'doc' as const,
      title,
      ...(description ? { description } : {}),
      props,
      source: { file: page.id, kind: 'api' as const },
      sidebar: 'docs' as const,
      dependsOn: [model.portableHash, ...(isIndex && model.readme ? [model.readme.hash] : []), api.sourceUrl ?? ''],
      origin: originOf(page, model, config),
    };
  });
  return { drafts, sidebarNode };
}
