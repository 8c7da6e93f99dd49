/** The /search page of built-in search: results for `?q=` full-page, out of the sitemap and search engines. */
import type { RouteDraft } from './types.js';

export const SEARCH_ROUTE = '/search';

export function searchRoute(): RouteDraft<'search'> {
  return {
    path: SEARCH_ROUTE,
    template: 'search',
    title: 'Search',
    props: { title: 'Search' },
    noIndex: true,
    dependsOn: [],
    origin: 'folio',
  };
}
