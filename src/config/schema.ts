/**
 * The shape of site.config.ts. Every key is optional unless noted; unknown
 * keys are an error (a typo must not silently fall back to a default).
 */
import * as z from 'zod';
import type { Emitter } from '../emitters/types.js';

const linkItem = z.strictObject({
  label: z.string(),
  to: z.string().optional(),
  href: z.string().optional(),
});

const navbarItem = z.strictObject({
  type: z.enum(['link', 'docSidebar']).default('link'),
  label: z.string(),
  to: z.string().optional(),
  href: z.string().optional(),
  position: z.enum(['left', 'right']).default('left'),
  /** For docSidebar items: which sidebar (only `docs` exists). */
  sidebarId: z.string().optional(),
});

const feedOptions = z.strictObject({
  type: z.enum(['all', 'rss', 'atom', 'json']).default('all'),
  title: z.string().optional(),
  description: z.string().optional(),
  language: z.string().default('en'),
  limit: z.number().int().positive().default(20),
  copyright: z.string().optional(),
});

/** What to do about a kind of problem (Docusaurus's values): drop it, print it as information, warn, or fail the build. */
const severity = z.enum(['ignore', 'log', 'warn', 'throw']).default('warn');

function isJson(value: unknown, depth = 0): boolean {
  if (depth > 50) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJson(item, depth + 1));
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value).every((item) => isJson(item, depth + 1));
  return false;
}

const isEmitter = (value: unknown): value is Emitter =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Emitter).name === 'string' &&
  typeof (value as Emitter).fingerprint === 'function' &&
  typeof (value as Emitter).emit === 'function';

const versionOptions = z.strictObject({
  label: z.string(),
  path: z.string().optional(),
  /** "Version: …" on every doc page; as in Docusaurus, shown by default only when the site has more than one version. */
  badge: z.boolean().optional(),
});

export const configSchema = z.strictObject({
  title: z.string().min(1),
  tagline: z.string().default(''),
  url: z.string().url(),
  baseUrl: z.string().startsWith('/').endsWith('/').default('/'),
  titleDelimiter: z.string().default('|'),
  favicon: z.string().optional(),
  /** Social card image (absolute path under the site). */
  image: z.string().optional(),
  lang: z.string().default('en'),
  noIndex: z.boolean().default(false),
  repoUrl: z.string().url().optional(),
  navbar: z
    .strictObject({
      title: z.string().optional(),
      logo: z.strictObject({ src: z.string(), alt: z.string() }).optional(),
      hideOnScroll: z.boolean().default(false),
      items: z.array(navbarItem).default([]),
    })
    .prefault({}),
  footer: z
    .strictObject({
      style: z.enum(['light', 'dark']).default('dark'),
      columns: z.array(z.strictObject({ title: z.string(), items: z.array(linkItem) })).default([]),
      copyright: z.string().optional(),
    })
    .prefault({}),
  announcementBar: z
    .strictObject({
      id: z.string().min(1),
      content: z.string(),
      dismissible: z.boolean().default(true),
      backgroundColor: z.string().optional(),
      textColor: z.string().optional(),
    })
    .optional(),
  colorMode: z
    .strictObject({
      defaultMode: z.enum(['light', 'dark']).default('light'),
      respectPrefersColorScheme: z.boolean().default(false),
      disableSwitch: z.boolean().default(false),
    })
    .prefault({}),
  docs: z
    .strictObject({
      path: z.string().default('content/docs'),
      routeBasePath: z.string().default('/docs'),
      editUrl: z.string().optional(),
      sidebarCollapsible: z.boolean().default(true),
      sidebarCollapsed: z.boolean().default(true),
      autoCollapseCategories: z.boolean().default(false),
      hideableSidebar: z.boolean().default(false),
      lastVersion: z.string().default('current'),
      versions: z.record(z.string(), versionOptions).default({ current: { label: 'Next' } }),
      /** Globs (relative to `path`) of files that are not docs; Docusaurus's defaults (partials `_*`, tests). */
      exclude: z.array(z.string()).default(['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**']),
    })
    .optional(),
  blog: z
    .strictObject({
      path: z.string().default('content/blog'),
      routeBasePath: z.string().default('/blog'),
      title: z.string().default('Blog'),
      description: z.string().optional(),
      postsPerPage: z.number().int().positive().default(10),
      editUrl: z.string().optional(),
      showReadingTime: z.boolean().default(true),
      wordsPerMinute: z.number().positive().default(200),
      sidebarCount: z.number().int().nonnegative().default(5),
      sidebarTitle: z.string().default('Recent posts'),
      onInlineTags: severity,
      onInlineAuthors: severity,
      onUntruncatedBlogPosts: severity,
      feedOptions: feedOptions.prefault({}),
    })
    .optional(),
  pages: z.strictObject({ path: z.string().default('content/pages') }).prefault({}),
  staticDir: z.string().default('content/static'),
  api: z
    .strictObject({
      entryPoints: z.array(z.string()).min(1),
      tsconfig: z.string().optional(),
      routeBase: z.string().default('/docs/api'),
      readme: z.string().optional(),
      sidebarLabel: z.string().default('API'),
      sourceUrl: z.string().optional(),
      /** A .json file in the site holding typedoc's model of the API (written by `folio api-snapshot`): builds from a clean checkout take it while the sources are unchanged. */
      snapshot: z.string().optional(),
    })
    .optional(),
  toc: z
    .strictObject({
      minHeadingLevel: z.number().int().min(2).max(6).default(2),
      maxHeadingLevel: z.number().int().min(2).max(6).default(3),
    })
    .prefault({}),
  breakpoint: z.number().int().positive().default(996),
  markdown: z
    .strictObject({
      format: z.enum(['mdx', 'md', 'detect']).default('mdx'),
      compat: z
        .strictObject({
          comments: z.boolean().default(true),
          admonitions: z.boolean().default(true),
          headingIds: z.boolean().default(true),
        })
        .prefault({}),
    })
    .prefault({}),
  /** The site's own emitters (files made from the whole site, e.g. an index), run after folio's feeds and sitemap. */
  emitters: z
    .array(z.custom<Emitter>(isEmitter, { message: 'an emitter is an object with a name (string), fingerprint(input) and emit(input)' }))
    .default([])
    .refine((list) => new Set(list.map((emitter) => emitter.name)).size === list.length, { message: 'two emitters have the same name' }),
  onBrokenLinks: severity,
  onBrokenMarkdownLinks: severity,
  onBrokenAnchors: severity,
  onDuplicateRoutes: severity,
  /**
   * Free values the theme and pages read with `useSiteConfig().customFields`. They are
   * written into every page's site data, so they must be JSON values.
   */
  customFields: z
    .record(z.string(), z.unknown())
    .default({})
    .refine((fields) => isJson(fields), { message: 'customFields must hold JSON values only (strings, numbers, booleans, null, arrays, plain objects)' }),
  /**
   * Built-in full-text search (src/emitters/search): a navbar button, a dialog and a /search page.
   * `false` turns it off (no button, no page, no index); `sections` and `exclude` (route prefixes
   * or globs with * and **) choose what is indexed.
   */
  search: z
    .union([
      z.literal(false),
      z.literal(true).transform(() => ({ sections: ['docs', 'blog', 'api'] as ('docs' | 'blog' | 'api')[], exclude: [] as string[] })),
      z.strictObject({
        sections: z.array(z.enum(['docs', 'blog', 'api'])).default(['docs', 'blog', 'api']),
        exclude: z.array(z.string()).default([]),
      }),
    ])
    .prefault({}),
  /** Stylesheets of the site (paths under the site root, as Docusaurus's `theme.customCss`), added after folio's. */
  customCss: z
    .union([z.string().min(1), z.array(z.string().min(1))])
    .default([])
    .transform((value) => (typeof value === 'string' ? [value] : value)),
});

/** What a site author writes (defaults may be omitted). */
export type UserConfig = z.input<typeof configSchema>;
/** The config after every default is filled in. */
export type SiteConfig = z.output<typeof configSchema>;
