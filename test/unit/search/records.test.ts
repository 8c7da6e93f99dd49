/** What search indexes from a compiled page, and which routes it indexes at all. */
import { describe, expect, it } from 'vitest';
import { excluded, searchSectionOf, sectionsOf, textOfHtml } from '../../../src/emitters/search/records.js';
import type { Route } from '../../../src/routes/types.js';

const body = {
  html: [
    '<p>Intro with <strong>bold</strong> text &amp; an entity.</p>',
    '<h2 id="install" class="anchor">Install<a class="hash-link" href="#install" aria-label="Direct link to Install">#</a></h2>',
    '<p>Run the installer.</p><div class="code-block"><button type="button" class="code-copy">Copy</button></div><pre class="shiki"><code><span class="line"><span>npm install</span></span>\n<span class="line"><span>loadConfigFile()</span></span></code></pre>',
    '<h3 id="from-source">From <code>source</code><a class="hash-link" href="#from-source">#</a></h3><ul><li>clone</li><li>build</li></ul>',
    '<h4 id="deep">Deep</h4><p>Still in the h3 section.</p>',
    '<h2 id="next">Next</h2><script>window.secret = 1</script><style>.x{}</style><p>Last words.</p>',
  ].join(''),
  headings: [
    { depth: 2, id: 'install', text: 'Install' },
    { depth: 3, id: 'from-source', text: 'From source' },
    { depth: 4, id: 'deep', text: 'Deep' },
    { depth: 2, id: 'next', text: 'Next' },
  ],
};

describe('sectionsOf', () => {
  it('cuts the compiled body into the intro and one section per h2/h3, with plain text', () => {
    expect(sectionsOf(body)).toEqual([
      { heading: '', anchor: '', text: 'Intro with bold text & an entity.' },
      { heading: 'Install', anchor: 'install', text: 'Run the installer. npm install loadConfigFile()' },
      { heading: 'From source', anchor: 'from-source', text: 'clone build Deep Still in the h3 section.' },
      { heading: 'Next', anchor: 'next', text: 'Last words.' },
    ]);
  });

  it('keeps an empty intro first (it carries the page title) and keeps sections with only a heading', () => {
    const sections = sectionsOf({ html: '<h2 id="a">A</h2><h2 id="b">B</h2><p>b text</p>', headings: [] });
    expect(sections).toEqual([
      { heading: '', anchor: '', text: '' },
      { heading: 'A', anchor: 'a', text: '' },
      { heading: 'B', anchor: 'b', text: 'b text' },
    ]);
  });

  it('is bounded on odd input: unclosed tags, no headings, huge text', () => {
    expect(sectionsOf({ html: '<p>open <b>never closed', headings: [] })).toEqual([{ heading: '', anchor: '', text: 'open never closed' }]);
    expect(sectionsOf({ html: `<p>${'word '.repeat(5000)}</p>`, headings: [] })[0].text.length).toBe(20_000);
  });
});

describe('textOfHtml', () => {
  it('separates block elements, joins inline ones and decodes entities', () => {
    expect(textOfHtml('<p>a</p><p>b<em>c</em></p><br>&lt;tag&gt; &#x41;&#66; &unknown;')).toBe('a bc <tag> AB &unknown;');
  });

  it('reads highlighted code (a span per token, any case) as its text, and keeps what only looks like a tag', () => {
    const code = '<pre><code><span class="line"><SPAN style="color:#f00">const</SPAN><span> x</Span></span>\n<span>= 1;</span></code></pre>';
    expect(textOfHtml(`${code}<p>after</p>`)).toBe('const x = 1; after');
    expect(textOfHtml('<p>a<span-x>b</span-x><spanner>c</spanner> 1 < 2 <3 <span title="x>y">z</span></p>')).toBe('abc 1 < 2 <3 y">z');
    expect(textOfHtml('<p>cut <span class="a"')).toBe('cut <span class="a"');
    expect(textOfHtml('<p>x<button><span>Copy</span></button>y</p><!-- <span> -->z')).toBe('x y z');
  });
});

const route = (over: Partial<Route>): Route =>
  ({ path: '/docs/x', key: 'k', template: 'doc', title: 'X', props: {}, dependsOn: [], origin: 'x', source: { file: '/x.md', kind: 'doc' }, ...over }) as Route;
const all = { sections: ['docs', 'blog', 'api'] as ('docs' | 'blog' | 'api')[], exclude: [] };

describe('searchSectionOf', () => {
  it('indexes docs, blog posts and API pages, each in its section', () => {
    expect(searchSectionOf(route({}), all)).toBe('docs');
    expect(searchSectionOf(route({ template: 'blogPost', path: '/blog/post', source: { file: '/p.md', kind: 'post' } }), all)).toBe('blog');
    expect(searchSectionOf(route({ path: '/docs/api/functions/run', source: { file: 'api:run', kind: 'api' } }), all)).toBe('api');
  });

  it('leaves out listing pages, unlisted pages, the home page and other pages', () => {
    expect(searchSectionOf(route({ template: 'blogList', path: '/blog', source: undefined }), all)).toBeUndefined();
    expect(searchSectionOf(route({ template: 'blogTags', path: '/blog/tags/a', source: undefined }), all)).toBeUndefined();
    expect(searchSectionOf(route({ template: 'blogArchive', path: '/blog/archive', source: undefined }), all)).toBeUndefined();
    expect(searchSectionOf(route({ template: 'blogAuthors', path: '/blog/authors', source: undefined }), all)).toBeUndefined();
    expect(searchSectionOf(route({ template: 'docCategory', path: '/docs/category/a' }), all)).toBeUndefined();
    expect(searchSectionOf(route({ noIndex: true }), all)).toBeUndefined();
    expect(searchSectionOf(route({ template: 'tsxPage', path: '/', source: { file: '/index.tsx', kind: 'page' } }), all)).toBeUndefined();
  });

  it('follows the config: sections and exclude (prefixes and globs)', () => {
    expect(searchSectionOf(route({}), { sections: ['blog'], exclude: [] })).toBeUndefined();
    expect(searchSectionOf(route({ path: '/docs/internal/a' }), { ...all, exclude: ['/docs/internal'] })).toBeUndefined();
    expect(searchSectionOf(route({ path: '/docs/internally' }), { ...all, exclude: ['/docs/internal'] })).toBe('docs');
    expect(excluded('/docs/a/draft', '/docs/*/draft')).toBe(true);
    expect(excluded('/docs/a/b/draft', '/docs/*/draft')).toBe(false);
    expect(excluded('/docs/a/b/draft', '/docs/**/draft')).toBe(true);
    expect(excluded('/docs/a.b', '/docs/a*')).toBe(true);
  });
});

describe('sectionsOf on hostile bodies', () => {
  it('stays linear with thousands of unclosed headings', () => {
    const html = '<h2 id="x">never closed '.repeat(20_000);
    const sections = sectionsOf({ html, headings: [] });
    expect(sections.length).toBe(20_000);
  });
});
