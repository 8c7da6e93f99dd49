import type { SiteConfig } from '../config/schema.js';
import type { LinkData, NavItemData, SidebarItem, SiteData } from '../shared/page-data.js';
import { isExternal, withBase } from '../shared/url.js';
import { SEARCH_ROUTE } from './search-route.js';

/**
 * HTML from the site's config (the footer copyright) with its site-absolute links under the base
 * URL, as the config's `to` links are: `<a href="/docs/">` works on a site served at `/project/`.
 */
export function htmlWithBase(html: string, baseUrl: string): string {
  return html.replace(
    /(<a\b[^>]*?\shref\s*=\s*)(["'])(\/(?!\/)[^"']*)\2/gi,
    (_, before: string, quote: string, href: string) => `${before}${quote}${withBase(baseUrl, href)}${quote}`,
  );
}

/** The site-wide data every page shares (navbar, footer, sidebars). Pure. */
export function buildSiteData({
  config,
  docsSidebar,
  firstDocHref,
  blogRecent,
}: {
  config: SiteConfig;
  docsSidebar?: SidebarItem[];
  firstDocHref?: string;
  blogRecent?: LinkData[];
}): SiteData {
  const docsBase = config.docs ? config.docs.routeBasePath.replace(/\/$/, '') : undefined;
  const items: NavItemData[] = config.navbar.items.map((item) => {
    if (item.type === 'docSidebar') {
      return {
        type: 'docSidebar',
        label: item.label,
        href: firstDocHref ?? `${docsBase ?? ''}/`,
        external: false,
        position: item.position,
        activeBase: `${docsBase ?? ''}/`,
      };
    }
    const href = item.href ?? item.to ?? '/';
    const external = isExternal(href);
    return {
      type: 'link',
      label: item.label,
      href,
      external,
      position: item.position,
      ...(external ? {} : { activeBase: href === '/' ? undefined : `${href.replace(/\/$/, '')}/` }),
    };
  });
  const version = config.docs ? (config.docs.versions[config.docs.lastVersion] ?? { label: 'Next' }) : undefined;
  const blogBase = config.blog ? config.blog.routeBasePath.replace(/\/$/, '') : undefined;
  const feedType = config.blog?.feedOptions.type;
  return {
    title: config.title,
    tagline: config.tagline,
    url: config.url,
    baseUrl: config.baseUrl,
    titleDelimiter: config.titleDelimiter,
    lang: config.lang,
    breakpoint: config.breakpoint,
    navbar: {
      ...(config.navbar.title ? { title: config.navbar.title } : {}),
      ...(config.navbar.logo ? { logo: config.navbar.logo } : {}),
      hideOnScroll: config.navbar.hideOnScroll,
      items,
    },
    footer: {
      style: config.footer.style,
      columns: config.footer.columns.map((column) => ({
        title: column.title,
        items: column.items.map((item) => {
          const href = item.href ?? item.to ?? '/';
          return { label: item.label, href, external: isExternal(href) };
        }),
      })),
      ...(config.footer.copyright ? { copyright: htmlWithBase(config.footer.copyright, config.baseUrl) } : {}),
    },
    ...(config.announcementBar ? { announcementBar: { ...config.announcementBar } } : {}),
    colorMode: { ...config.colorMode },
    ...(config.docs && docsSidebar
      ? {
          docs: {
            routeBase: docsBase!,
            sidebar: docsSidebar,
            version: { name: config.docs.lastVersion, label: version!.label, path: version!.path ?? docsBase! },
            autoCollapseCategories: config.docs.autoCollapseCategories,
            hideableSidebar: config.docs.hideableSidebar,
          },
        }
      : {}),
    ...(config.blog && blogBase !== undefined
      ? {
          blog: {
            title: config.blog.title,
            routeBase: blogBase,
            sidebarTitle: config.blog.sidebarTitle,
            recent: blogRecent ?? [],
            feeds: {
              ...(feedType === 'all' || feedType === 'rss' ? { rss: `${blogBase}/rss.xml` } : {}),
              ...(feedType === 'all' || feedType === 'atom' ? { atom: `${blogBase}/atom.xml` } : {}),
              ...(feedType === 'all' || feedType === 'json' ? { json: `${blogBase}/feed.json` } : {}),
            },
          },
        }
      : {}),
    ...(config.repoUrl ? { repoUrl: config.repoUrl } : {}),
    ...(config.search !== false ? { search: { page: SEARCH_ROUTE } } : {}),
    customFields: config.customFields,
  };
}
