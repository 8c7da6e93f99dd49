/** API page bodies render from the model with links, headings for the TOC and markdown placeholders. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DeclarationBody } from '../../../src/api/components/DeclarationBody.js';
import { IndexBody } from '../../../src/api/components/IndexBody.js';
import { buildApiIndex, type ApiPage } from '../../../src/api/model.js';
import { CollectorContext, fillMarkdown, PageCollector } from '../../../src/api/page-collector.js';
import { project } from './project.js';

const index = buildApiIndex({ project, routeBase: '/docs/api', label: 'API' });
const pageAt = (path: string) => index.pages.find((page) => page.path === path)!;

function render(page: ApiPage, sourceUrl?: string) {
  const collector = new PageCollector({ page, index, baseUrl: '/base/', root: '/site', sourceUrl, origin: '/site/api/src/index.ts' });
  const body = page.reflection ? createElement(DeclarationBody, { reflection: page.reflection }) : createElement(IndexBody, {});
  const html = renderToStaticMarkup(createElement(CollectorContext.Provider, { value: collector }, body));
  return {
    html: fillMarkdown(
      html,
      collector.fragments.map((fragment) => `<p>${fragment.markdown}</p>`),
    ),
    collector,
  };
}

describe('function page', () => {
  const { html, collector } = render(pageAt('/docs/api/functions/run'), 'https://github.com/o/r/blob/main');

  it('shows the signature with linked parameter types and plain external types', () => {
    expect(html).toContain('<span class="tok-kw">function </span><span class="tok-fn">run</span>');
    expect(html).toContain('<a class="api-type-link tok-type" href="/base/docs/api/interfaces/Opts">Opts</a>');
    expect(html).toContain('<span class="tok-type">Promise</span>');
    expect(html).not.toContain('href="/base/docs/api/Promise');
  });

  it('lists headings for the TOC and records links with the declaration line', () => {
    expect(collector.headings.map((heading) => `${heading.depth}:${heading.id}`)).toEqual(['2:parameters', '2:returns', '2:example']);
    expect(html).toContain('<h2 id="parameters" class="anchor">Parameters<a class="hash-link" href="#parameters"');
    expect(collector.links).toContainEqual({ href: '/base/docs/api/interfaces/Opts', file: '/site/api/src/index.ts', line: 10, column: 1 });
  });

  it('renders comments as markdown fragments: summary, parameter docs, returns and the example', () => {
    const markdown = collector.fragments.map((fragment) => fragment.markdown);
    expect(markdown).toContain('Runs with [`Opts`](/docs/api/interfaces/Opts).\n\nMore detail.');
    expect(markdown).toContain('How to run.');
    expect(markdown).toContain('Nothing.');
    expect(markdown).toContain('```ts\nrun({ a: 1 });\n```');
    expect(collector.fragments[0].file).toBe('/site/api/src/index.ts');
    expect(html).not.toMatch(/folio-api-md/);
  });

  it('links the source line when a source URL is configured', () => {
    expect(html).toContain('<a class="api-source" href="https://github.com/o/r/blob/main/api/src/index.ts#L10"');
    expect(render(pageAt('/docs/api/functions/run')).html).not.toContain('api-source');
  });
});

describe('member tables', () => {
  it('anchors each property row, shows badges, the linked type and the default', () => {
    const { html, collector } = render(pageAt('/docs/api/interfaces/Opts'));
    expect(html).toMatch(
      /<tr id="a"><td class="api-name-cell"><code class="api-member-name">a<\/code><span class="api-badges"><span class="api-badge api-badge-neutral">readonly<\/span><span class="api-badge api-badge-info">optional<\/span>/,
    );
    expect(html).toContain('<a class="api-type-link tok-type" href="/base/docs/api/enumerations/Color">Color</a>');
    expect(collector.fragments.map((fragment) => fragment.markdown)).toContain('The colour.\n\n**Default:** `Color.Red`');
    expect(collector.ids).toContain('a');
  });

  it('lists enum members with their values', () => {
    const { html } = render(pageAt('/docs/api/enumerations/Color'));
    expect(html).toContain('<tr id="green">');
    expect(html).toContain('<span class="tok-str">&quot;green&quot;</span>');
  });
});

describe('index page', () => {
  it('lists every export by group with links, and the re-exports', () => {
    const { html, collector } = render(index.root);
    expect(collector.headings.map((heading) => heading.text)).toEqual(['Namespaces', 'Enumerations', 'Functions', 'Interfaces', 'References']);
    expect(html).toContain('<a href="/base/docs/api/functions/run" class="api-export-link"><code>run</code></a>');
    expect(html).toContain('<code>start</code> re-exports <a href="/base/docs/api/functions/run"><code>run</code></a>');
  });
});
