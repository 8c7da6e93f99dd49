import type { Warning } from '../core/warnings.js';
import type { PageData, SiteData, TemplateName, TemplatePropsMap } from '../shared/page-data.js';

/** Which compiled content a route's page needs. */
export interface RouteSource {
  /** Absolute path of the content file whose body the page shows. */
  file: string;
  kind: 'doc' | 'post' | 'page' | 'api';
}

export interface Route<T extends TemplateName = TemplateName> {
  path: string;
  /** `path-xyz`: the path, a dash and 3 hex chars of a hash of the route's data. */
  key: string;
  template: T;
  /** Page title (before the " | Site" suffix). */
  title: string;
  description?: string;
  /** Template props known before compiling; body-derived fields are filled in at render. */
  props: TemplatePropsMap[T];
  source?: RouteSource;
  /** Blog posts whose compiled excerpt/reading time the page lists, in order. */
  posts?: string[];
  /**
   * Docs whose first paragraph describes a card of a generated category index (when they have no
   * `description`), by card index, as in Docusaurus.
   */
  cardSources?: Record<number, string>;
  sidebar?: PageData['sidebar'];
  /** Left out of the sitemap and search engines (unlisted content, 404). */
  noIndex?: boolean;
  image?: string;
  /** Hashes of everything the page depends on besides its props. */
  dependsOn: string[];
  /** Where the route came from, for duplicate warnings. */
  origin: string;
}

/** Route before its key is computed. */
export type RouteDraft<T extends TemplateName = TemplateName> = Omit<Route<T>, 'key'>;

export interface RouteTable {
  routes: Route[];
  site: SiteData;
  /** The not-found page (written to 404.html, not listed in routes.json). */
  notFound: Route<'notFound'>;
  warnings: Warning[];
}
