import type { ComponentType } from 'react';
import type { PageData, TemplateName } from '../src/shared/page-data.js';
import { BlogArchivePage } from './BlogArchivePage.js';
import { BlogAuthorsPage } from './BlogAuthorsPage.js';
import { BlogListPage } from './BlogListPage.js';
import { BlogPostPage } from './BlogPostPage.js';
import { BlogTagsPage } from './BlogTagsPage.js';
import { DocCategoryPage } from './DocCategoryPage.js';
import { DocPage } from './DocPage.js';
import { MdPage } from './MdPage.js';
import { NotFoundPage } from './NotFoundPage.js';
import { SearchPage } from './SearchPage.js';
import { TsxPage } from './TsxPage.js';

/** Template name (as stored in page data) → component. */
export const templates: { [K in TemplateName]: ComponentType<{ page: PageData<K> }> } = {
  doc: DocPage,
  docCategory: DocCategoryPage,
  mdPage: MdPage,
  tsxPage: TsxPage,
  blogList: BlogListPage,
  blogPost: BlogPostPage,
  blogTags: BlogTagsPage,
  blogAuthors: BlogAuthorsPage,
  blogArchive: BlogArchivePage,
  notFound: NotFoundPage,
  search: SearchPage,
};
