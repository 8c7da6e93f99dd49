import type { PageFile } from '../content/pages.js';
import { leadingTitle } from '../content/leading-title.js';
import type { RouteDraft } from './types.js';

/** Routes of content/pages: tsx components and markdown pages. Pure. */
export function buildPageRoutes({ pages }: { pages: PageFile[] }): RouteDraft[] {
  return pages.map((page): RouteDraft => {
    if (page.kind === 'tsx') {
      return {
        path: page.route,
        template: 'tsxPage',
        // The component's `meta` export supplies title and description at render.
        title: '',
        props: { component: page.id },
        dependsOn: [page.hash],
        origin: page.file,
        source: { file: page.file, kind: 'page' },
      };
    }
    const fm = page.frontMatter;
    const title = typeof fm.title === 'string' ? fm.title : (leadingTitle(page.body) ?? page.relPath.replace(/\.mdx?$/, ''));
    return {
      path: page.route,
      template: 'mdPage',
      title,
      description: typeof fm.description === 'string' ? fm.description : undefined,
      props: { title: leadingTitle(page.body) ?? title, toc: [], hideToc: fm.hide_table_of_contents === true },
      source: { file: page.file, kind: 'page' },
      noIndex: fm.unlisted === true,
      dependsOn: [page.hash],
      origin: page.file,
    };
  });
}
