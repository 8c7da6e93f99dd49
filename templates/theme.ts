/**
 * What a site's own `.tsx` pages import from the theme: `import { useSiteConfig } from 'folio/theme'`.
 * `useSiteConfig().customFields` holds the config's `customFields`.
 */
export { useSiteConfig, usePath } from './context.js';
export type { SiteData as SiteConfigData } from '../src/shared/page-data.js';
