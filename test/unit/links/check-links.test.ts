import { describe, expect, it } from 'vitest';
import { checkLinks, scanHtml } from '../../../src/links/check-links.js';
import { decodeAttribute } from '../../../src/shared/lazy-panels.js';

const page = (path: string, extra: Partial<Parameters<typeof checkLinks>[0]['pages'][number]> = {}) => ({
  path,
  origin: `${path}.md`,
  contentLinks: [],
  hrefs: [],
  ids: [],
  ...extra,
});

describe('checkLinks', () => {
  it('names the targets it looked for among the files and did not find: a file added later changes the warnings only if it is one of them', () => {
    const pages = [
      page('/docs/a', { hrefs: ['/assets/late.json', '/assets/early.json', '/files/caf%C3%A9.pdf', '/files/none.pdf#part', '/docs/b', '/docs/nowhere'] }),
      page('/docs/b', { hrefs: ['../assets/late.json', '/feed.xml'] }),
    ];
    const all = ['/assets/early.json', '/assets/late.json', '/files/café.pdf', '/feed.xml', '/assets/other.json'];
    const messages = (files: string[], missing?: Set<string>) => checkLinks({ pages, files: new Set(files), baseUrl: '/', missing }).map((w) => w.message);
    const missing = new Set<string>();
    const early = messages(['/assets/early.json', '/feed.xml'], missing);
    // Looked up and absent (the encoded form and its decoded one); an anchor on a file never looks it up.
    expect([...missing].sort()).toEqual(['/assets/late.json', '/docs/nowhere', '/files/caf%C3%A9.pdf', '/files/café.pdf']);
    expect(early).toContain('broken link on /docs/a: /assets/late.json');
    // Files none of those targets: the same warnings as the check made with them.
    expect(messages(['/assets/early.json', '/feed.xml', '/assets/other.json'])).toEqual(early);
    // One of them: different warnings (what the pipeline checks again for).
    const final = messages(all);
    expect(final).not.toEqual(early);
    expect(final).toEqual(['broken link on /docs/a: /files/none.pdf#part', 'broken link on /docs/a: /docs/nowhere']);
  });

  it('accepts links to routes in any path form, files and existing anchors', () => {
    const warnings = checkLinks({
      pages: [
        page('/docs/a', { hrefs: ['/docs/b', '/docs/b/', '/docs/b.html', '/docs/b#x', '#own', '/img/logo.svg', 'https://x.dev/y', './b', 'b'], ids: ['own'] }),
        page('/docs/b', { ids: ['x'] }),
      ],
      files: new Set(['/img/logo.svg']),
      baseUrl: '/',
    });
    expect(warnings).toEqual([]);
  });

  it('resolves relative links as the browser does on the page URL (no trailing slash; a folder page has one)', () => {
    const pages = [
      page('/docs/usage', { hrefs: ['./settings', 'settings', '../blog', '../getting-started', './usage/deeper'] }),
      page('/docs/guides/', { hrefs: ['first', './first', '../usage', '../../blog', 'usage'] }),
      page('/docs/guides/first'),
      page('/docs/settings'),
      page('/docs/getting-started'),
      page('/blog'),
    ];
    const messages = checkLinks({ pages, files: new Set(), baseUrl: '/' }).map((warning) => warning.message);
    expect(messages).toEqual([
      // `../getting-started` on /docs/usage is /getting-started, not /docs/getting-started.
      'broken link on /docs/usage: ../getting-started',
      'broken link on /docs/usage: ./usage/deeper',
      'broken link on /docs/guides/: usage',
    ]);
    // Under a base URL the page is at /site/docs/usage, and a link above the base leaves the site.
    const based = checkLinks({ pages, files: new Set(), baseUrl: '/site/' }).map((warning) => warning.message);
    expect(based).toEqual(messages);
    const above = checkLinks({ pages: [page('/docs/usage', { hrefs: ['../../blog', '/blog'] }), page('/blog')], files: new Set(), baseUrl: '/site/' });
    expect(above.map((warning) => warning.message)).toEqual(['broken link on /docs/usage: ../../blog', 'broken link on /docs/usage: /blog']);
  });

  it('reports content links with their line and template links once', () => {
    const warnings = checkLinks({
      pages: [
        page('/a', { contentLinks: [{ href: '/missing', line: 7, column: 3 }], hrefs: ['/missing', '/nope'] }),
        page('/b', { hrefs: ['/nope', '/a#gone'] }),
      ],
      files: new Set(),
      baseUrl: '/',
    });
    expect(warnings).toEqual([
      { code: 'BROKEN_LINK', message: 'broken link on /a: /missing', location: { file: '/a.md', line: 7, column: 3 } },
      { code: 'BROKEN_LINK', message: 'broken link on 2 pages (first: /a): /nope', location: { file: '/a.md' } },
      { code: 'BROKEN_ANCHOR', message: 'broken anchor on /b: /a#gone (no id "gone" on /a)', location: { file: '/b.md' } },
    ]);
  });

  it('checks links under a base URL', () => {
    const warnings = checkLinks({ pages: [page('/a', { hrefs: ['/site/b', '/site/c'] }), page('/b')], files: new Set(), baseUrl: '/site/' });
    expect(warnings.map((w) => w.message)).toEqual(['broken link on /a: /site/c']);
  });

  it('scans hrefs and ids out of HTML', () => {
    expect(scanHtml('<a href="/x?a=1&amp;b=2">x</a><h2 id="top">T</h2><a href="/x?a=1&amp;b=2">again</a>')).toEqual({
      hrefs: ['/x?a=1&b=2'],
      ids: ['top'],
      heldIds: [],
    });
  });

  it('keeps ids inside lazy Tabs panels apart, nested templates included, and drops their own # links', () => {
    const html = [
      '<h2 id="before">B</h2><div hidden=""><template data-folio-lazy="">',
      '<h3 id="inner">I<a href="#inner">#</a></h3><template><p id="plain"></p></template>',
      '<div hidden=""><template data-folio-lazy=""><p id="deeper"><a href="#before">up</a></p></template></div>',
      '</template></div><h2 id="after">A<a href="#after">#</a></h2><a href="#inner">to the panel</a>',
    ].join('');
    const scanned = scanHtml(html);
    expect(scanned.ids).toEqual(['before', 'after']);
    expect(scanned.heldIds).toEqual(['inner', 'plain', 'deeper']);
    // '#inner' from inside the panel is dropped; the same href from outside it is kept (and is broken).
    expect(scanned.hrefs).toEqual(['#before', '#after', '#inner']);
    const warnings = checkLinks({
      pages: [{ path: '/p', origin: 'p.mdx', contentLinks: [], ...scanned }],
      files: new Set(),
      baseUrl: '/',
    });
    expect(warnings.map((warning) => warning.message)).toEqual([
      expect.stringMatching(/^broken anchor on \/p: #inner \(the id "inner" on \/p is inside a lazy Tabs panel/),
    ]);
  });

  it('finds exactly the hrefs and ids the regular expressions /\\s(href|id)="([^"]*)"/g find', () => {
    const byRegex = (html: string) => ({
      hrefs: [...new Set([...html.matchAll(/\shref="([^"]*)"/g)].map((m) => decodeAttribute(m[1])))],
      ids: [...html.matchAll(/\sid="([^"]*)"/g)].map((m) => decodeAttribute(m[1])),
      heldIds: [],
    });
    const cases = [
      'href="/start" <a href="/a">',
      '<a\thref="/tab"><a\nhref="/nl"><a\u00a0href="/nbsp"><a\u2028href="/ls"><a\ufeffhref="/bom"><a\u200bhref="/zwsp">',
      '<p data-id="x" grid="y" id="" id="z">',
      '<a title=" href=" href="/after-title">',
      '<a title="one href=" id="two">',
      '<a href="/open',
      '<a href="/a"href="/b" href="/c">',
      ' id="a" id="a" href="/x?a=1&amp;b=2&#x22;"',
    ];
    for (const html of cases) expect(scanHtml(html), html).toEqual(byRegex(html));
    // Random texts of the pieces that matter.
    const pieces = [' ', '\t', 'a', '"', '=', 'href', 'id', 'href="', ' href="', ' id="', '&amp;', '/x', '\u00a0', '\u2000', '-'];
    let seed = 7;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    for (let round = 0; round < 3000; round++) {
      let html = '';
      for (let i = random(40); i > 0; i--) html += pieces[random(pieces.length)];
      expect(scanHtml(html), JSON.stringify(html)).toEqual(byRegex(html));
    }
  });
});
