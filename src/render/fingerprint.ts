/**
 * Route fingerprints: a hash of everything a page's HTML is made from: folio's code and the
 * config (the build hash), its key (path, template, props and the hashes of the sources it
 * shows), the compiled bodies it shows (its own, or the excerpts of the posts it lists), the
 * site data, the client files and the server bundle. Same fingerprint, same bytes: a build
 * keeps the page (plan-render.ts), in watch mode and across one-shot builds alike.
 */
import { hashOf } from '../core/hash.js';
import { summaryKey } from '../markdown/compile-content.js';
import type { Route, RouteTable } from '../routes/types.js';

export interface SharedRenderInputs {
  /** The build hash: folio's code and the config. */
  salt: string;
  /** URL of the site data file (hashed: changes with navbar, sidebars, footer). */
  siteData: string;
  scripts: string[];
  styles: string[];
  /** Identity of the server bundle (templates and page components). */
  server: string;
}

export function sharedFingerprint(shared: SharedRenderInputs): string {
  return hashOf(shared.salt, shared.siteData, shared.scripts.join('\n'), shared.styles.join('\n'), shared.server).slice(0, 20);
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
