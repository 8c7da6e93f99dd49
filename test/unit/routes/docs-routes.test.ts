/** The docs sidebar and routes are pure: built here from in-memory files, no disk. */
import { describe, expect, it } from 'vitest';
import type { CategoryMeta, DocFile, DocsContent } from '../../../src/content/docs.js';
import { buildDocsRoutes } from '../../../src/routes/docs-routes.js';

function doc(relPath: string, frontMatter: Record<string, unknown> = {}, body = ''): DocFile {
  const dir = relPath.includes('/') ? relPath.slice(0, relPath.lastIndexOf('/')) : '';
  const name = relPath
    .split('/')
    .pop()!
    .replace(/\.mdx?$/, '');
  const isIndex = /^(readme|index)$/i.test(name);
  const cleanDir = dir.replace(/(^|\/)\d+-/g, '$1');
  const id = cleanDir ? `${cleanDir}/${name}` : name;
  return {
    file: `/site/docs/${relPath}`,
    relPath,
    source: body,
    frontMatter,
    body,
    bodyLineOffset: 0,
    hash: relPath,
    dir,
    id,
    route: isIndex ? `/docs/${cleanDir ? `${cleanDir}/` : ''}` : `/docs/${id}`,
    isIndex,
    draft: false,
    unlisted: frontMatter.unlisted === true,
  };
}

const options = { routeBase: '/docs', editUrl: 'https://x.dev/edit/docs', sidebarCollapsible: true, sidebarCollapsed: true, versionLabel: 'Next' };

function content(docs: DocFile[], categories: CategoryMeta[] = []): DocsContent {
  return { dir: '/site/docs', routeBase: '/docs', docs, categories: new Map(categories.map((c) => [c.dir, c])) };
}

describe('buildDocsRoutes', () => {
  it('orders by sidebar_position, then by name; a folder README links its category', () => {
    const { sidebar } = buildDocsRoutes(
      content([
        doc('README.md', { sidebar_position: 1 }, '# Home'),
        doc('zeta.md', { sidebar_position: 2 }, '# Zeta'),
        doc('alpha.md', {}, '# Alpha'),
        doc('guides/README.md', { sidebar_position: 3, sidebar_label: 'Guides' }, '# All guides'),
        doc('guides/b.md', {}, '# B'),
        doc('guides/a.md', {}, '# A'),
      ]),
      options,
    );
    expect(sidebar.map((item) => item.label)).toEqual(['Home', 'Zeta', 'Guides', 'Alpha']);
    const guides = sidebar[2];
    expect(guides).toMatchObject({ type: 'category', href: '/docs/guides/', collapsible: true, collapsed: true });
    expect(guides.type === 'category' && guides.items.map((item) => item.label)).toEqual(['A', 'B']);
  });

  it('makes a generated index page for a category that asks for one, with cards and neighbours', () => {
    const { drafts, sidebar } = buildDocsRoutes(
      content(
        [
          doc('intro.md', { sidebar_position: 1 }, '# Intro'),
          doc('protocols/kafka.md', { description: 'Kafka things.' }, '# Kafka'),
          doc('protocols/README.md', { sidebar_position: 1 }, '# About protocols'),
        ],
        [{ dir: 'protocols', label: 'Protocols', position: 2, link: { type: 'generated-index', description: 'All protocols.' } }],
      ),
      options,
    );
    expect(sidebar[1]).toMatchObject({ type: 'category', label: 'Protocols', href: '/docs/category/protocols' });
    // with an explicit generated index, the folder README is an ordinary item
    expect(sidebar[1].type === 'category' && sidebar[1].items.map((i) => i.label)).toEqual(['About protocols', 'Kafka']);
    const index = drafts.find((d) => d.path === '/docs/category/protocols')!;
    expect(index.template).toBe('docCategory');
    expect(index.props).toMatchObject({
      title: 'Protocols',
      description: 'All protocols.',
      cards: [
        { label: 'About protocols', href: '/docs/protocols/', kind: 'doc' },
        { label: 'Kafka', href: '/docs/protocols/kafka', kind: 'doc', description: 'Kafka things.' },
      ],
      previous: { label: 'Intro', href: '/docs/intro' },
      next: { label: 'About protocols', href: '/docs/protocols/' },
    });
  });

  it('gives each doc breadcrumbs, an edit URL and previous/next in sidebar order', () => {
    const { drafts } = buildDocsRoutes(
      content([doc('a.md', { sidebar_position: 1 }, '# A'), doc('sub/README.md', { sidebar_position: 2 }, '# Sub'), doc('sub/c.md', {}, '# C')]),
      options,
    );
    const c = drafts.find((d) => d.path === '/docs/sub/c')!;
    expect(c.props).toMatchObject({
      title: 'C',
      breadcrumbs: [{ label: 'Sub', href: '/docs/sub/' }, { label: 'C' }],
      editUrl: 'https://x.dev/edit/docs/sub/c.md',
      previous: { label: 'Sub', href: '/docs/sub/' },
    });
    expect((c.props as { next?: unknown }).next).toBeUndefined();
    const sub = drafts.find((d) => d.path === '/docs/sub/')!;
    expect((sub.props as { breadcrumbs: unknown }).breadcrumbs).toEqual([{ label: 'Sub' }]);
  });

  it('keeps unlisted docs out of the sidebar but builds them', () => {
    const { drafts, sidebar } = buildDocsRoutes(content([doc('a.md', {}, '# A'), doc('secret.md', { unlisted: true }, '# Secret')]), options);
    expect(sidebar.map((i) => i.label)).toEqual(['A']);
    expect(drafts.find((d) => d.path === '/docs/secret')?.noIndex).toBe(true);
  });

  it('takes the title from front matter, else the first heading, else the file name', () => {
    const { drafts } = buildDocsRoutes(
      content([
        doc('one.md', { title: 'From front matter' }, '# Heading'),
        doc('two.md', {}, '<!-- x -->\n# From heading'),
        doc('three.md', {}, 'No heading.'),
      ]),
      options,
    );
    expect(drafts.map((d) => d.title)).toEqual(['From front matter', 'From heading', 'three']);
  });
});
