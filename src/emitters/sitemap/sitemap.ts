/** The sitemap emitter: sitemap.xml with the URL of every route search engines may index. */
import { hashOf } from '../../core/hash.js';
import type { SiteConfig } from '../../config/schema.js';
import { escapeHtml } from '../../render/document.js';
import type { Route } from '../../routes/types.js';
import { encodeRoutePath, withBase } from '../../shared/url.js';
import type { Emitter } from '../types.js';

export function sitemap({ config, routes }: { config: SiteConfig; routes: readonly Route[] }): string {
  const origin = config.url.replace(/\/$/, '');
  const urls = routes
    .filter((route) => !route.noIndex)
    .map((route) => `  <url><loc>${escapeHtml(`${origin}${withBase(config.baseUrl, encodeRoutePath(route.path))}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export const sitemapEmitter: Emitter = {
  name: 'sitemap',
  fingerprint: ({ table }) => hashOf(...table.routes.map((route) => `${route.path}\0${route.noIndex ? 1 : 0}`)).slice(0, 20),
  emit: ({ config, table }) => (config.noIndex ? [] : [{ path: '/sitemap.xml', contents: sitemap({ config, routes: table.routes }) }]),
};
