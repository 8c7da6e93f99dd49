/**
 * What a `.tsx` page under content/pages may export as `meta`, beside its default component:
 * `export const meta: PageMeta = { title: 'Contact', description: '…' }`.
 */
export interface PageMeta {
  /** The page's title (the browser tab and social cards); the site title is added after it. */
  title?: string;
  /** The meta description (search results and social cards). */
  description?: string;
}
