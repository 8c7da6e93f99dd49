import { defineConfig } from 'folio';

const repo = 'https://github.com/the-codegen-project/cli';

export default defineConfig({
  title: 'The Codegen Project',
  tagline: 'Next-gen code generator',
  url: 'https://the-codegen-project.org',
  baseUrl: '/',
  titleDelimiter: '|',
  favicon: '/img/favicon.svg',
  image: '/img/og-image.png',
  lang: 'en',
  noIndex: false,
  repoUrl: repo,
  navbar: {
    title: 'The Codegen Project',
    logo: { src: '/img/logo.svg', alt: 'The Codegen Project Logo' },
    hideOnScroll: true,
    items: [
      { type: 'docSidebar', label: 'Docs', position: 'left' },
      { label: 'Blog', to: '/blog', position: 'left' },
      { label: 'GitHub', href: repo, position: 'right' },
    ],
  },
  footer: {
    style: 'dark',
    columns: [
      {
        title: 'Resources',
        items: [
          { label: 'Docs', to: '/docs/' },
          { label: 'Blog', to: '/blog' },
        ],
      },
      { title: 'More', items: [{ label: 'GitHub', href: repo }] },
    ],
    copyright: 'Copyright © 2025 The Codegen Project Community',
  },
  announcementBar: {
    id: 'client-generator-2025-07',
    content: 'New: one typed client for all your channels. <a href="/blog/asyncapi-client-generator">Read about the client generator</a>.',
    dismissible: true,
  },
  colorMode: { defaultMode: 'light', respectPrefersColorScheme: false, disableSwitch: false },
  docs: {
    path: 'content/docs',
    routeBasePath: '/docs',
    editUrl: `${repo}/tree/main/docs`,
    sidebarCollapsible: true,
    autoCollapseCategories: false,
    hideableSidebar: false,
    lastVersion: 'current',
    versions: { current: { label: 'Next' } },
  },
  blog: {
    path: 'content/blog',
    routeBasePath: '/blog',
    title: 'Blog',
    description: 'News, release notes and deep dives from The Codegen Project.',
    postsPerPage: 10,
    editUrl: `${repo}/tree/main/website/blog`,
    showReadingTime: true,
    sidebarCount: 5,
    sidebarTitle: 'Recent posts',
    onInlineTags: 'warn',
    onInlineAuthors: 'warn',
    onUntruncatedBlogPosts: 'warn',
    feedOptions: { type: 'all', title: 'The Codegen Project feed', language: 'en', limit: 20 },
  },
  pages: { path: 'content/pages' },
  staticDir: 'content/static',
  // API reference generated with typedoc from content/api/ (a description of the package's public API).
  // No sourceUrl: those files are not the upstream sources, so line links would point at the wrong code.
  api: {
    entryPoints: ['content/api/src/index.ts'],
    tsconfig: 'content/api/tsconfig.json',
    routeBase: '/docs/api',
    readme: 'content/api/README.md',
    sidebarLabel: 'API',
    // typedoc's model of content/api, written by `folio api-snapshot` and committed: a build from a
    // clean checkout takes it instead of running typedoc while those sources are unchanged.
    snapshot: 'content/api/api-model.json',
  },
  toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  breakpoint: 996,
  markdown: { format: 'mdx', compat: { comments: true, admonitions: true, headingIds: true } },
  onBrokenLinks: 'warn',
  onBrokenMarkdownLinks: 'warn',
});
