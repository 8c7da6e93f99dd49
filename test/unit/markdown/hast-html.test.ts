/**
 * folio's hast serializer (src/markdown/hast-html.ts) against hast-util-to-html with the options
 * the compile stage gives it: the same bytes for trees that reach its corners (every kind of
 * attribute value, characters to escape in text, attributes, names and comments, void elements
 * with and without children, svg and its HTML integration points, templates, script and style),
 * and `undefined` (the caller falls back) for nodes it does not write. Whole compiled pages are
 * compared by the parse differential (test/unit/markdown/syntax-needs.test.ts), whose reference
 * path serializes with hast-util-to-html.
 */
import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { hastToHtml } from '../../../src/markdown/hast-html.js';

const el = (tagName: string, properties: Record<string, unknown> = {}, children: ElementContent[] = []): Element => ({
  type: 'element',
  tagName,
  properties: properties as Element['properties'],
  children,
});
const text = (value: string): ElementContent => ({ type: 'text', value });
const root = (...children: Root['children']): Root => ({ type: 'root', children });

const reference = (tree: Root) => toHtml(tree, { allowDangerousHtml: true });

const trees: [string, Root][] = [
  ['text to escape', root(el('p', {}, [text('a < b && c > d "quoted" \'single\' `tick` &amp; <!-- not a comment -->')]))],
  [
    'attribute values of every kind',
    root(
      el('a', {
        href: '/docs/a?b=1&c="2"',
        title: "it's `quoted`",
        className: ['one', 'two', '', 'three '],
        id: '',
        target: '_blank',
        rel: ['noopener', 'noreferrer'],
        ariaLabel: 'Direct link to <Usage>',
        'aria-hidden': 'true',
        dataFolioLazy: true,
        'data-line': 3,
        tabIndex: -1,
        width: Number.NaN,
        hidden: true,
        download: '',
        style: 'color: red; content: "&"',
        unknownThing: ['a', 'b'],
        coords: ['1', '2', ''],
        accept: ['.png', '.jpg'],
        nothing: null,
        missing: undefined,
      }),
    ),
  ],
  [
    'booleans as strings, numbers and false',
    root(
      el('input', { type: 'checkbox', checked: true, disabled: '', readOnly: false, required: 'required', value: 0 }),
      el('input', { type: 'checkbox', checked: false, disabled: 'disabled' }),
      el('details', { open: 'yes' }, [el('summary', {}, [text('More')])]),
      el('a', { download: 'file.txt', href: 'x' }),
      el('a', { download: true }),
      el('a', { download: false }),
    ),
  ],
  [
    'void elements, with and without children',
    root(el('p', {}, [text('line'), el('br'), text('next'), el('img', { src: '/a.png', alt: 'An "image"', loading: 'lazy' }), el('hr', {}, [text('odd')])])),
  ],
  [
    'raw HTML, comments, script and style',
    root(
      { type: 'raw', value: '<div class="frame"><span style="--shiki-light:#24292F">x &lt; y</span></div>' },
      { type: 'comment', value: ' a comment --> with <!- trouble -' },
      { type: 'comment', value: '>starts badly' },
      { type: 'comment', value: '->also' },
      el('script', {}, [text('if (a < b && c) { x = "</p>"; }')]),
      el('style', {}, [text('a > b { content: "&"; }')]),
    ),
  ],
  [
    'svg, its attributes and its HTML integration points',
    root(
      el('svg', { viewBox: '0 0 24 24', xmlns: 'http://www.w3.org/2000/svg', ariaHidden: 'true', className: ['icon'], strokeWidth: 2, xLinkHref: '#a' }, [
        el('path', { d: 'M0 0h24v24H0z', fill: 'none', fillRule: 'evenodd' }),
        el('title', {}, [text('An <icon>')]),
        el('foreignObject', {}, [el('p', { className: ['inside'] }, [text('html'), el('br')])]),
        el('circle', { cx: 12, cy: 12, r: 4 }),
      ]),
      el('br'),
    ),
  ],
  ['a template and its content', root({ ...el('template', { dataFolioLazy: true }), content: root(el('h2', { id: 'held' }, [text('Held')])) } as Element)],
  ['attribute names that need escaping', root(el('span', { 'a"b': 'x', 'c=d': 'y', 'e/f': 'z' }))],
  ['empty root', root()],
  ['deep and wide', root(...Array.from({ length: 50 }, (_, i) => el('ul', {}, [el('li', { id: `i-${i}` }, [el('code', {}, [text(`x<${i}>`)])])])))],
];

describe('hastToHtml', () => {
  for (const [name, tree] of trees) {
    it(`writes what hast-util-to-html writes: ${name}`, () => {
      expect(hastToHtml(structuredClone(tree))).toBe(reference(structuredClone(tree)));
    });
  }

  it('answers undefined for a node it does not write, so the caller falls back', () => {
    expect(hastToHtml(root({ type: 'doctype' }))).toBeUndefined();
    expect(
      hastToHtml(root(el('p', {}, [{ type: 'mdxJsxTextElement', name: 'X', attributes: [], children: [] } as unknown as ElementContent]))),
    ).toBeUndefined();
    expect(hastToHtml(root(el('p', {}, [{ type: 'text', value: 3 } as unknown as ElementContent])))).toBeUndefined();
  });
});
