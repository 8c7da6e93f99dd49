/** `@docusaurus/useBaseUrl`: a site path with the base URL in front (external URLs as given). */
import { isExternal, withBase } from '../../src/shared/url.js';
import { useMdxSite } from './context.js';

export default function useBaseUrl(url: string, { absolute = false }: { forcePrependBaseUrl?: boolean; absolute?: boolean } = {}): string {
  const site = useMdxSite();
  if (!url || isExternal(url) || url.startsWith('#')) return url;
  const path = withBase(site.baseUrl, url.startsWith('/') ? url : `/${url}`);
  return absolute ? `${site.url.replace(/\/$/, '')}${path}` : path;
}
