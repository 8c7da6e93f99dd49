/**
 * The browser's template registry: registry.ts's templates, but the blog's are a chunk of their
 * own (blog.ts), fetched before a blog page is hydrated or shown (`loadTemplate`, which the page's
 * HTML preloads and the router awaits with the page data). Until it has arrived a blog template
 * cannot render; nothing renders one before `loadTemplate` has resolved.
 */
import { type ComponentType, createElement } from 'react';
import type { BLOG_HOST_MODULES, CHUNKED_TEMPLATES, PageData, TemplateName } from '../src/shared/page-data.js';
import * as context from './context.js';
import { DocCategoryPage } from './DocCategoryPage.js';
import * as EditLink from './EditLink.js';
import * as Icons from './Icons.js';
import * as MarkdownBody from './MarkdownBody.js';
import * as Paginator from './Paginator.js';
import * as paths from './paths.js';
import * as SmartLink from './SmartLink.js';
import * as TableOfContents from './TableOfContents.js';
import { DocPage } from './DocPage.js';
import { MdPage } from './MdPage.js';
import { NotFoundPage } from './NotFoundPage.js';
import { SearchPage } from './SearchPage.js';
import { TsxPage } from './TsxPage.js';

// The modules the blog chunk takes from this bundle instead of a chunk shared with it (emit-assets.ts).
const host: Record<(typeof BLOG_HOST_MODULES)[number], unknown> = {
  'templates/context.ts': context,
  'templates/EditLink.tsx': EditLink,
  'templates/Icons.tsx': Icons,
  'templates/MarkdownBody.tsx': MarkdownBody,
  'templates/Paginator.tsx': Paginator,
  'templates/paths.ts': paths,
  'templates/SmartLink.tsx': SmartLink,
  'templates/TableOfContents.tsx': TableOfContents,
};
(globalThis as { __folioShared?: { theme?: unknown } }).__folioShared!.theme = host;

type Blog = typeof import('./blog.js');
type BlogTemplate = (typeof CHUNKED_TEMPLATES)[number];

const IN_BLOG_CHUNK: Record<BlogTemplate, keyof Blog> = {
  blogList: 'BlogListPage',
  blogPost: 'BlogPostPage',
  blogTags: 'BlogTagsPage',
  blogAuthors: 'BlogAuthorsPage',
  blogArchive: 'BlogArchivePage',
};

let blog: Blog | undefined;
let loading: Promise<void> | undefined;

/** Resolves once `name` can render (at once for a template of the main bundle). A failure is forgotten: the next call fetches again. */
export function loadTemplate(name: string): Promise<void> {
  if (blog || !(name in IN_BLOG_CHUNK)) return Promise.resolve();
  loading ??= import('./blog.js').then(
    (module) => {
      blog = module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** A blog page's template, from the chunk (which `loadTemplate` brought before any blog page renders). */
function FromBlogChunk<K extends BlogTemplate>({ page }: { page: PageData<K> }) {
  if (!blog) throw new Error(`The blog's templates are not loaded: cannot show ${page.path}`);
  return createElement(blog[IN_BLOG_CHUNK[page.template as K]] as ComponentType<{ page: PageData<K> }>, { page });
}

export const templates: { [K in TemplateName]: ComponentType<{ page: PageData<K> }> } = {
  doc: DocPage,
  docCategory: DocCategoryPage,
  mdPage: MdPage,
  tsxPage: TsxPage,
  blogList: FromBlogChunk,
  blogPost: FromBlogChunk,
  blogTags: FromBlogChunk,
  blogAuthors: FromBlogChunk,
  blogArchive: FromBlogChunk,
  notFound: NotFoundPage,
  search: SearchPage,
};
