/**
 * A `_category_` link to a doc id that does not exist is reported (file,
 * line, id, close ids written as the category would write them); the
 * category stays in the sidebar without a page of its own.
 */
import { describe, expect, it } from 'vitest';
import type { CategoryMeta, DocFile, DocsContent } from '../../../src/content/docs.js';
import { buildDocsRoutes } from '../../../src/routes/docs-routes.js';

function doc(relPath: string): DocFile {
  const dir = relPath.includes('/') ? relPath.slice(0, relPath.lastIndexOf('/')) : '';
  const id = relPath.replace(/\.mdx?$/, '');
  return {
    file: `/site/docs/${relPath}`,
    relPath,
    source: '',
    frontMatter: {},
    body: `# ${id}`,
    bodyLineOffset: 0,
    hash: relPath,
    dir,
    id,
    route: `/docs/${id}`,
    isIndex: false,
    draft: false,
    unlisted: false,
  };
}

const options = { routeBase: '/docs', sidebarCollapsible: true, sidebarCollapsed: true, versionLabel: 'Next' };
const docs = [doc('intro.md'), doc('guides/setup.md'), doc('guides/deploy.md'), doc('reference/setup.md')];

function withCategory(id: string): DocsContent {
  const category: CategoryMeta = { dir: 'guides', file: '/site/docs/guides/_category_.json', label: 'Guides', link: { type: 'doc', id }, linkLine: 3 };
  return { dir: '/site/docs', routeBase: '/docs', docs, categories: new Map([['guides', category]]) };
}

describe('category links to unknown docs', () => {
  it('warns with the file, the line and close ids relative to the category folder', () => {
    const { warnings, sidebar } = buildDocsRoutes(withCategory('deplyo'), options);
    expect(warnings).toEqual([
      {
        code: 'CATEGORY_LINK_UNKNOWN',
        message: 'link.id "deplyo" names no doc (did you mean "deploy"?); the category has no page of its own',
        location: { file: '/site/docs/guides/_category_.json', line: 3 },
      },
    ]);
    const guides = sidebar.find((item) => item.label === 'Guides');
    expect(guides).toBeDefined();
    expect(guides && 'href' in guides ? guides.href : undefined).toBeUndefined();
  });

  it('a doc of the same name elsewhere is suggested by its full id', () => {
    const { warnings } = buildDocsRoutes(withCategory('other/setup'), options);
    expect(warnings[0].message).toMatch(/did you mean "setup" or "reference\/setup"\?/);
  });

  it('no suggestion when nothing is close; no warning when the doc exists (relative or full id)', () => {
    expect(buildDocsRoutes(withCategory('zzzzzz'), options).warnings[0].message).toBe('link.id "zzzzzz" names no doc; the category has no page of its own');
    expect(buildDocsRoutes(withCategory('setup'), options).warnings).toEqual([]);
    expect(buildDocsRoutes(withCategory('guides/deploy'), options).warnings).toEqual([]);
  });
});
