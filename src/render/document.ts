/**
 * The HTML document around the rendered app: head (title, meta, Open Graph,
 * feeds, styles, the colour-mode script), the app markup, the page's data
 * and the client script. Plain strings: no React needed for <head>.
 */
import type { SiteConfig } from '../config/schema.js';
import { CHUNKED_TEMPLATES, type PageData, type SiteData } from '../shared/page-data.js';
import { STORAGE_KEYS } from '../shared/storage.js';
import { encodeRoutePath, withBase } from '../shared/url.js';
import { feedTitle } from '../emitters/feeds/feeds.js';

export interface DocumentAssets {
  scripts: string[];
  styles: string[];
  /** URL of the site data JSON (hashed). */
  siteData: string;
  /** URL of routes.json. */
  routes: string;
  /** A `.tsx` page's own chunks, by page id: preloaded by that page only (emit-assets.ts). */
  pageChunks?: Record<string, string[]>;
  /** The blog templates' chunks: preloaded by the pages of CHUNKED_TEMPLATES (emit-assets.ts). */
  templateChunks?: string[];
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON safe inside <script>: no `</script>`, no `<!--`. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Runs before first paint: colour mode and a dismissed announcement bar, no flash, no layout shift. */
export function headScript({ site }: { site: SiteData }): string {
  const mode = site.colorMode;
  const bar = site.announcementBar;
  return [
    '(function(){var d=document.documentElement;try{',
    `var t=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.theme)});`,
    mode.respectPrefersColorScheme ? `if(t!=='dark'&&t!=='light'){t=window.matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}` : '',
    `if(t==='dark'||t==='light')d.setAttribute('data-theme',t);`,
    bar
      ? `if(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.announcementDismissed)})===${JSON.stringify(bar.id)})d.setAttribute('data-announcement-dismissed','true');`
      : '',
    '}catch(e){}})();',
  ].join('');
}

/**
 * The base-URL check, plain DOM (no React), so it works exactly when the
 * client bundle does not: after parsing, if the bundle has not marked the
 * page (`html[data-folio-client]`), a banner says the site did not load
 * properly and, when the page's URL shows it, which baseUrl to configure.
 */
export function baseUrlCheckScript({ baseUrl, routePath }: { baseUrl: string; routePath: string }): string {
  const style =
    'position:relative;z-index:1000;margin:0;padding:12px 16px;background:#b71c1c;color:#fff;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;text-align:center';
  const route = routePath.replace(/\/$/, '');
  return String.raw`document.addEventListener('DOMContentLoaded',function(){
var d=document.documentElement;if(d.hasAttribute('data-folio-client'))return;
var base=${scriptJson(baseUrl)},route=${scriptJson(route)},p=location.pathname,s=null;
try{p=decodeURI(p)}catch(e){}
p=p.replace(/\/index\.html$/,'/').replace(/\.html$/,'');if(p.length>1&&p.charAt(p.length-1)==='/')p=p.slice(0,-1);
if(p.slice(p.length-route.length)===route)s=(p.slice(0,p.length-route.length)+'/').replace(/\/{2,}/g,'/');
var b=document.createElement('div'),t=document.createElement('strong');
b.id='__folio-base-url-issue';b.setAttribute('role','alert');b.setAttribute('style',${scriptJson(style)});
t.textContent='This site did not load properly. ';b.appendChild(t);
b.appendChild(document.createTextNode(s&&s!==base
?'Its scripts were not found: the site is built for baseUrl "'+base+'" but is served under "'+s+'". Set baseUrl to "'+s+'" in site.config.ts and build again.'
:'Its scripts could not be loaded. If the site is served under another path than its baseUrl "'+base+'", set baseUrl in site.config.ts to that path and build again.'));
document.body.insertBefore(b,document.body.firstChild);
});`;
}

export function renderDocument({
  config,
  site,
  page,
  appHtml,
  assets,
  image,
  noIndex,
}: {
  config: SiteConfig;
  site: SiteData;
  page: PageData;
  appHtml: string;
  assets: DocumentAssets;
  image?: string;
  noIndex?: boolean;
}): string {
  const base = config.baseUrl;
  // The canonical URL: the route path (decoded) with each segment encoded.
  const url = `${config.url.replace(/\/$/, '')}${withBase(base, encodeRoutePath(page.path))}`;
  const head: string[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="generator" content="folio">',
    `<title>${escapeHtml(page.title)}</title>`,
  ];
  if (page.description) head.push(`<meta name="description" content="${escapeHtml(page.description)}">`);
  if (config.noIndex || noIndex) head.push('<meta name="robots" content="noindex, nofollow">');
  head.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
  head.push(`<meta property="og:title" content="${escapeHtml(page.title)}">`);
  head.push(`<meta property="og:type" content="${page.template === 'blogPost' ? 'article' : 'website'}">`);
  head.push(`<meta property="og:url" content="${escapeHtml(url)}">`);
  head.push(`<meta property="og:site_name" content="${escapeHtml(config.title)}">`);
  head.push(`<meta property="og:locale" content="${escapeHtml(config.lang.replace('-', '_'))}">`);
  if (page.description) head.push(`<meta property="og:description" content="${escapeHtml(page.description)}">`);
  const socialImage = image ?? config.image;
  if (socialImage) {
    const absolute = /^https?:/.test(socialImage) ? socialImage : `${config.url.replace(/\/$/, '')}${withBase(base, socialImage)}`;
    head.push(`<meta property="og:image" content="${escapeHtml(absolute)}">`);
    head.push('<meta name="twitter:card" content="summary_large_image">');
    head.push(`<meta name="twitter:image" content="${escapeHtml(absolute)}">`);
  }
  if (page.template === 'blogPost') {
    const post = (page as PageData<'blogPost'>).props.post;
    head.push(`<meta property="article:published_time" content="${escapeHtml(post.date)}">`);
    for (const tag of post.tags) head.push(`<meta property="article:tag" content="${escapeHtml(tag.label)}">`);
  }
  if (config.favicon) {
    const icon = withBase(base, config.favicon);
    head.push(`<link rel="icon" href="${escapeHtml(icon)}"${icon.endsWith('.svg') ? ' type="image/svg+xml"' : ''}>`);
  }
  if (site.blog) {
    const feedName = escapeHtml(feedTitle(config));
    if (site.blog.feeds.rss)
      head.push(`<link rel="alternate" type="application/rss+xml" href="${withBase(base, site.blog.feeds.rss)}" title="${feedName} (RSS)">`);
    if (site.blog.feeds.atom)
      head.push(`<link rel="alternate" type="application/atom+xml" href="${withBase(base, site.blog.feeds.atom)}" title="${feedName} (Atom)">`);
    if (site.blog.feeds.json)
      head.push(`<link rel="alternate" type="application/feed+json" href="${withBase(base, site.blog.feeds.json)}" title="${feedName} (JSON Feed)">`);
  }
  for (const style of assets.styles) head.push(`<link rel="stylesheet" href="${withBase(base, style)}">`);
  // Hold the first paint until the shell's top (announcement bar and navbar)
  // is parsed: on a slow connection, or a busy machine, a paint between two of
  // the navbar's items would draw the bar short and then shift it when the rest
  // arrives. The drawer comes right after the closing </nav>; browsers without
  // rel=expect ignore the hint, and a page without the element renders at the
  // end of parsing.
  head.push('<link rel="expect" href="#navbar-drawer" blocking="render">');
  for (const script of assets.scripts) head.push(`<link rel="modulepreload" href="${withBase(base, script)}">`);
  // A .tsx page's component is a chunk of its own, imported before hydration: fetched with the entry, not after it.
  const component = page.template === 'tsxPage' ? (page as PageData<'tsxPage'>).props.component : undefined;
  for (const chunk of (component && assets.pageChunks?.[component]) || []) head.push(`<link rel="modulepreload" href="${withBase(base, chunk)}">`);
  // So is a blog page's template (the client bundle leaves the blog's templates out).
  if ((CHUNKED_TEMPLATES as readonly string[]).includes(page.template))
    for (const chunk of assets.templateChunks ?? []) head.push(`<link rel="modulepreload" href="${withBase(base, chunk)}">`);
  head.push(`<link rel="preload" href="${withBase(base, assets.siteData)}" as="fetch" crossorigin>`);
  head.push(`<script>${headScript({ site })}</script>`);

  const { bodyHtml: _body, ...pageWithoutBody } = page;
  const boot = { page: pageWithoutBody, site: withBase(base, assets.siteData), routes: withBase(base, assets.routes), baseUrl: base };
  const scripts = assets.scripts.map((script) => `<script type="module" src="${withBase(base, script)}" data-folio-client></script>`).join('');
  return `<!DOCTYPE html>
<html lang="${escapeHtml(config.lang)}" dir="ltr" data-theme="${site.colorMode.defaultMode}">
<head>
${head.join('\n')}
</head>
<body>
<div id="__folio">${appHtml}</div>
<script id="__folio_data" type="application/json">${scriptJson(boot)}</script>
${scripts}
<script>${baseUrlCheckScript({ baseUrl: base, routePath: page.path })}</script>
</body>
</html>
`;
}
