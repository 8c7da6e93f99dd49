/** `@docusaurus/useDocusaurusContext`: `{ siteConfig }` with the config's title, URLs and customFields. */
import { useMdxSite } from './context.js';

export default function useDocusaurusContext() {
  const site = useMdxSite();
  return {
    siteConfig: { title: site.title, tagline: site.tagline, url: site.url, baseUrl: site.baseUrl, customFields: site.customFields },
    siteMetadata: { docusaurusVersion: 'folio' },
    i18n: { defaultLocale: 'en', currentLocale: 'en', locales: ['en'] },
  };
}
