/**
 * The data contract between the build and the theme templates, on the
 * server and in the browser. Everything here is plain JSON.
 * Isomorphic: no node: imports.
 */

export type TemplateName =
  | 'doc'
  | 'docCategory'
  | 'mdPage'
  | 'tsxPage'
  | 'blogList'
  | 'blogPost'
  | 'blogTags'
  | 'blogAuthors'
  | 'blogArchive'
  | 'notFound'
  | 'search';

/**
 * The templates the browser gets in a chunk of their own (templates/blog.ts), not in the client
 * bundle every first visit downloads: their pages preload it, the router fetches it with their data.
 */
export const CHUNKED_TEMPLATES = ['blogList', 'blogPost', 'blogTags', 'blogAuthors', 'blogArchive'] as const satisfies readonly TemplateName[];

/**
 * The client entry's modules the blog chunk uses, handed over by path in folio (emit-assets.ts
 * `blogChunkFromEntry`; templates/client-registry.ts puts them on globalThis.__folioShared.theme).
 */
export const BLOG_HOST_MODULES = [
  'templates/context.ts',
  'templates/EditLink.tsx',
  'templates/Icons.tsx',
  'templates/MarkdownBody.tsx',
  'templates/Paginator.tsx',
  'templates/paths.ts',
  'templates/SmartLink.tsx',
  'templates/TableOfContents.tsx',
] as const;

export interface LinkData {
  label: string;
  href: string;
}

export interface NavItemData {
  type: 'link' | 'docSidebar';
  label: string;
  href: string;
  external: boolean;
  position: 'left' | 'right';
  /** Path prefix that marks this item active (e.g. /docs/). */
  activeBase?: string;
}

export type SidebarItem =
  | { type: 'link'; label: string; href: string; className?: string }
  | {
      type: 'category';
      label: string;
      href?: string;
      items: SidebarItem[];
      collapsible: boolean;
      collapsed: boolean;
      className?: string;
    };

export interface TocItem {
  id: string;
  text: string;
  depth: number;
}

export interface AuthorData {
  key?: string;
  name: string;
  title?: string;
  url?: string;
  imageUrl?: string;
  /** Author page, when the author has one. */
  permalink?: string;
  socials?: Record<string, string>;
  /** Number of posts (author index only). */
  count?: number;
}

export interface TagData {
  label: string;
  permalink: string;
  description?: string;
  count?: number;
}

export interface PostSummary {
  title: string;
  permalink: string;
  date: string;
  formattedDate: string;
  readingTime?: number;
  authors: AuthorData[];
  tags: TagData[];
  excerptHtml: string;
  /** True when the excerpt is shorter than the post (show "Read more"). */
  truncated: boolean;
}

export interface PaginationData {
  page: number;
  totalPages: number;
  totalItems: number;
  previous?: string;
  next?: string;
}

export interface SiteData {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  titleDelimiter: string;
  lang: string;
  breakpoint: number;
  navbar: { title?: string; logo?: { src: string; alt: string }; hideOnScroll: boolean; items: NavItemData[] };
  footer: { style: 'light' | 'dark'; columns: { title: string; items: (LinkData & { external: boolean })[] }[]; copyright?: string };
  announcementBar?: { id: string; content: string; dismissible: boolean; backgroundColor?: string; textColor?: string };
  colorMode: { defaultMode: 'light' | 'dark'; respectPrefersColorScheme: boolean; disableSwitch: boolean };
  docs?: {
    routeBase: string;
    sidebar: SidebarItem[];
    version: { name: string; label: string; path: string };
    /** Opening a category closes its open siblings (Docusaurus `autoCollapseCategories`). */
    autoCollapseCategories: boolean;
    /** The desktop sidebar has a button that hides it (Docusaurus `hideableSidebar`). */
    hideableSidebar: boolean;
  };
  blog?: {
    title: string;
    routeBase: string;
    sidebarTitle: string;
    recent: LinkData[];
    feeds: { rss?: string; atom?: string; json?: string };
  };
  repoUrl?: string;
  /** Built-in search is on: the navbar shows its button, linking to this page without JavaScript. */
  search?: { page: string };
  /** The config's `customFields`, for the theme and pages (`useSiteConfig().customFields`). */
  customFields: Record<string, unknown>;
}

export interface DocProps {
  title: string;
  /** Body carries its own title heading (Docusaurus hide_title). */
  hideTitle: boolean;
  breadcrumbs: { label: string; href?: string }[];
  toc: TocItem[];
  editUrl?: string;
  previous?: LinkData;
  next?: LinkData;
  /** Label of the docs version ("Next"). */
  version?: string;
  tags?: TagData[];
  /** Marks pages generated from the API model. */
  api?: boolean;
}

export interface DocCategoryProps {
  title: string;
  description?: string;
  breadcrumbs: { label: string; href?: string }[];
  cards: { label: string; href: string; description?: string; kind: 'doc' | 'category'; count?: number }[];
  previous?: LinkData;
  next?: LinkData;
}

export interface MdPageProps {
  title: string;
  toc: TocItem[];
  hideToc: boolean;
}

export interface TsxPageProps {
  /** Id of the page component in the pages registry. */
  component: string;
}

export interface BlogListProps {
  kind: 'all' | 'tag' | 'author';
  heading: string;
  description?: string;
  tag?: TagData;
  author?: AuthorData;
  posts: PostSummary[];
  pagination: PaginationData;
  /** Link back to the tag or author index. */
  indexLink?: LinkData;
}

export interface BlogPostProps {
  post: Omit<PostSummary, 'excerptHtml' | 'truncated'> & { description?: string; image?: string };
  toc: TocItem[];
  hideToc: boolean;
  editUrl?: string;
  previous?: LinkData;
  next?: LinkData;
}

export interface BlogTagsProps {
  tags: TagData[];
}

export interface BlogAuthorsProps {
  authors: AuthorData[];
}

export interface BlogArchiveProps {
  years: { year: string; posts: { title: string; permalink: string; date: string; formattedDate: string }[] }[];
}

export interface NotFoundProps {
  title: string;
}

/** The /search page (built-in search): results come from the index in the browser. */
export interface SearchPageProps {
  title: string;
}

export interface TemplatePropsMap {
  doc: DocProps;
  docCategory: DocCategoryProps;
  mdPage: MdPageProps;
  tsxPage: TsxPageProps;
  blogList: BlogListProps;
  blogPost: BlogPostProps;
  blogTags: BlogTagsProps;
  blogAuthors: BlogAuthorsProps;
  blogArchive: BlogArchiveProps;
  notFound: NotFoundProps;
  search: SearchPageProps;
}

/** One route's page data: what the client fetches to show the page. */
export interface PageData<T extends TemplateName = TemplateName> {
  path: string;
  key: string;
  template: T;
  /** Full document title: "Page | Site". */
  title: string;
  description?: string;
  props: TemplatePropsMap[T];
  /** Pre-rendered body HTML (markdown output); absent for data-only templates. */
  bodyHtml?: string;
  /** Which sidebar this page shows, if any. */
  sidebar?: 'docs' | 'blog';
}

/** One entry of out/routes.json. */
export interface RouteManifestEntry {
  path: string;
  key: string;
  chunk: string;
  /** A `.tsx` page's component id: the client fetches its chunk alongside the page data. */
  component?: string;
}
