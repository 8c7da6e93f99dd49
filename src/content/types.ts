import type { ApiModel } from '../api/types.js';
import type { BlogContent } from './blog.js';
import type { DocsContent } from './docs.js';
import type { PageFile } from './pages.js';

/** Everything `discoverContent` found, before compiling. */
export interface Content {
  docs?: DocsContent;
  blog?: BlogContent;
  pages: PageFile[];
  api?: ApiModel;
}
