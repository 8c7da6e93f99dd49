/**
 * Incremental `renderPages`: which routes must be rendered again, and
 * rendering just those. A route's fingerprint hashes everything its HTML is
 * made from: its key (path, template, props and the hashes of the sources
 * it shows), the compiled bodies it shows (its own, or the excerpts of the
 * posts it lists), the site data, the client files and the server bundle.
 * Same fingerprint, same bytes: the page is left alone.
 */
import type { PageLinks } from '../../links/check-links.js';
import { scanHtml } from '../../links/check-links.js';
import { CHUNK_DIR, manifestEntry, renderRoute, type RenderInput } from '../../render/render-pages.js';
import type { Route, RouteTable } from '../../routes/types.js';
import type { RouteManifestEntry } from '../../shared/page-data.js';
import { chunkNameFor, outputFileFor } from '../../shared/url.js';
import { hashOf } from '../../core/hash.js';
import { summaryKey } from '../../markdown/compile-content.js';

export interface SharedRenderInputs {
  /** URL of the site data file (hashed: changes with navbar, sidebars, footer). */
  siteData: string;
  scripts: string[];
  styles: string[];
  /** Identity of the server bundle (templates and page components). */
  server: string;
}

export function sharedFingerprint(shared: SharedRenderInputs): string {
  return hashOf(shared.siteData, shared.scripts.join('\n'), shared.styles.join('\n'), shared.server).slice(0, 20);
}

export function routeFingerprint({ route, shared, bodies }: { route: Route; shared: string; bodies: ReadonlyMap<string, string> }): string {
  const parts = [shared, route.key];
  if (route.source) parts.push(bodies.get(route.source.file) ?? '');
  for (const post of route.posts ?? []) parts.push(bodies.get(post) ?? '');
  for (const file of Object.values(route.cardSources ?? {})) parts.push(bodies.get(summaryKey(file)) ?? '');
  return hashOf(...parts).slice(0, 20);
}

export interface Fingerprints {
  /** By route path. */
  routes: Map<string, string>;
  notFound: string;
}

export function fingerprintRoutes({
  table,
  shared,
  bodies,
}: {
  table: RouteTable;
  shared: SharedRenderInputs;
  bodies: ReadonlyMap<string, string>;
}): Fingerprints {
  const base = sharedFingerprint(shared);
  const routes = new Map<string, string>();
  for (const route of table.routes) routes.set(route.path, routeFingerprint({ route, shared: base, bodies }));
  return { routes, notFound: routeFingerprint({ route: table.notFound, shared: base, bodies }) };
}

export interface RenderedPage {
  route: Route;
  /** Output files of the page (URL-style paths) and their content. */
  files: [string, string][];
  links: PageLinks;
}

/** What a rendered page contributes to the link check (as renderPages records it). */
export function pageLinks({ route, html, input }: { route: Route; html: string; input: RenderInput }): PageLinks {
  const scanned = scanHtml(html);
  const body = route.source ? input.compiled.get(route.source.file) : undefined;
  return { path: route.path, origin: route.origin, contentLinks: body?.links ?? [], hrefs: scanned.hrefs, ids: scanned.ids };
}

/** Renders the given routes in memory: each page's HTML and page-data chunk. */
export function renderRoutes(input: RenderInput, routes: readonly Route[]): RenderedPage[] {
  return routes.map((route) => {
    const { html, page } = renderRoute(input, route);
    return {
      route,
      files: [
        [`/${outputFileFor(route.path)}`, html],
        [`/${CHUNK_DIR}/${chunkNameFor(route.key)}`, JSON.stringify(page)],
      ],
      links: pageLinks({ route, html, input }),
    };
  });
}

export function renderNotFound(input: RenderInput): string {
  return renderRoute(input, input.table.notFound).html;
}

/** routes.json, as renderPages writes it. */
export function manifestJson(table: RouteTable): string {
  const manifest: RouteManifestEntry[] = table.routes.map(manifestEntry);
  return JSON.stringify(manifest);
}
