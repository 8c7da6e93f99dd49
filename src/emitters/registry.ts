/**
 * Every emitter of a build, in the order they run: folio's own, then the site's
 * (`emitters` in site.config.ts). Adding one is a folder under src/emitters/ and a line here.
 */
import type { SiteConfig } from '../config/schema.js';
import { feedsEmitter } from './feeds/feeds.js';
import { searchEmitter } from './search/search.js';
import { sitemapEmitter } from './sitemap/sitemap.js';
import type { Emitter } from './types.js';

export const builtInEmitters: readonly Emitter[] = [feedsEmitter, sitemapEmitter, searchEmitter];

export function emittersFor(config: SiteConfig): Emitter[] {
  return [...builtInEmitters, ...(config.emitters as Emitter[])];
}
