/**
 * The blog's templates, one chunk of the client bundle (client-registry.ts imports it when a
 * blog page is first shown): a reader who never opens the blog does not download them.
 */
export { BlogArchivePage } from './BlogArchivePage.js';
export { BlogAuthorsPage } from './BlogAuthorsPage.js';
export { BlogListPage } from './BlogListPage.js';
export { BlogPostPage } from './BlogPostPage.js';
export { BlogTagsPage } from './BlogTagsPage.js';
