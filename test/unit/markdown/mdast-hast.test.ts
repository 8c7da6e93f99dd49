/**
 * folio's mdast → hast converter (src/markdown/mdast-hast.ts) against mdast-util-to-hast with the
 * options the compile stage gives it: the same tree, positions included, for markdown that reaches
 * its corners (hard breaks before indented text, tight and loose lists, task items with and
 * without a paragraph, tables with and without alignment and with missing cells, code with and
 * without a language and meta, raw HTML allowed or not, `data.hName`/`hProperties`/`hChildren`,
 * directives through the unknown-node handler), and `undefined` (the caller falls back) for
 * references, footnotes and MDX nodes. Whole pages are compared by the parse differential.
 */
import type { Root } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/markdown/compile.js';
import { mdastToHast } from '../../../src/markdown/mdast-hast.js';

/** The reference parse (every extension: GFM, directives), as the full path of the compile does. */
const parse = (markdown: string): Promise<Root> => parseMarkdown(markdown, { mdx: false, full: true });

const MARKDOWN: [string, string][] = [
  [
    'emphasis, strong, code, links and images',
    'A *b* **c** `d\ne` [link](/docs/a "Title") ![alt *x*](./img.png "T") <https://example.com/ä?q=1&r=2> ~~gone~~\n',
  ],
  ['hard breaks before indented text', 'one  \n   two\\\n\tthree  \n*four*\n'],
  ['lists: tight, loose, ordered from 3, nested', '- a\n- b\n\n  more\n- c\n\n3. x\n4. y\n   - inner\n   - inner 2\n'],
  ['task items', '- [ ] todo\n- [x] done\n-   [x]\n\n  after\n'],
  ['tables', '| a | b | c |\n| :- | :-: | -: |\n| 1 | 2 |\n| x | *y* | `z` |\n\n| only |\n| --- |\n'],
  ['code blocks', '```ts title="a.ts" {1,2}\nconst a = 1;\n```\n\n```\nplain\n```\n\n```\n```\n\n    indented\n'],
  ['headings, quotes, rules and html', '# One\n\n> quote\n> more\n\n---\n\n<div class="x">raw</div>\n\ntext <span>inline</span>\n'],
  ['directives', ':::note[Title]\nInside **it**.\n:::\n\n::leaf{#id .cls}\n\nA :text[directive]{x=1} here.\n'],
  ['unicode and entities', 'Caf&eacute; ä &amp; &#x26; \u00a0 end\n'],
];

const OPTIONS = [{ allowDangerousHtml: true }, { allowDangerousHtml: false }];

describe('mdastToHast', () => {
  for (const [name, markdown] of MARKDOWN) {
    for (const options of OPTIONS) {
      it(`makes the tree mdast-util-to-hast makes: ${name} (allowDangerousHtml ${options.allowDangerousHtml})`, async () => {
        const tree = await parse(markdown);
        const ours = mdastToHast(structuredClone(tree), options);
        expect(ours).toBeDefined();
        expect(ours).toStrictEqual(toHast(structuredClone(tree), options));
      });
    }
  }

  it('applies data.hName, hProperties and hChildren as mdast-util-to-hast does', async () => {
    const tree = await parse('## Heading\n\nText `code`.\n\n:::tip\nx\n:::\n');
    const heading = tree.children[0] as Root['children'][number] & { data?: Record<string, unknown> };
    heading.data = { hProperties: { id: 'heading', className: ['anchor'] } };
    const paragraph = tree.children[1] as typeof heading;
    paragraph.data = { hName: 'section', hChildren: [{ type: 'text', value: 'replaced' }] };
    const tip = tree.children[2] as typeof heading;
    tip.data = { hName: 'aside', hProperties: { className: ['admonition'], dataKind: 'tip' } };
    const text = (paragraph as unknown as { children: (typeof heading)[] }).children[0];
    text.data = { hName: 'mark' };
    expect(mdastToHast(structuredClone(tree), OPTIONS[0])).toStrictEqual(toHast(structuredClone(tree), OPTIONS[0]));
  });

  it('leaves references, footnotes and MDX nodes to mdast-util-to-hast', async () => {
    expect(mdastToHast(await parse('[a][b]\n\n[b]: /x\n'), OPTIONS[0])).toBeUndefined();
    expect(mdastToHast(await parse('![a][b]\n\n[b]: /x.png\n'), OPTIONS[0])).toBeUndefined();
    expect(mdastToHast(await parse('Note[^1].\n\n[^1]: The note.\n'), OPTIONS[0])).toBeUndefined();
    const mdx = { type: 'root', children: [{ type: 'mdxJsxFlowElement', name: 'Tabs', attributes: [], children: [] }] } as unknown as Root;
    expect(mdastToHast(mdx, { allowDangerousHtml: false, passThrough: ['mdxJsxFlowElement'] })).toBeUndefined();
  });

  it('takes the spaces off the start of what follows a hard break, text or element', () => {
    const p = (...children: unknown[]) => ({ type: 'paragraph', children });
    const tree = {
      type: 'root',
      children: [
        p({ type: 'text', value: 'a' }, { type: 'break' }, { type: 'text', value: ' \t b' }),
        p({ type: 'text', value: 'c' }, { type: 'break' }, { type: 'emphasis', children: [{ type: 'text', value: '   d' }] }),
        p({ type: 'break' }, { type: 'inlineCode', value: '  e' }),
      ],
    } as unknown as Root;
    const ours = mdastToHast(structuredClone(tree), OPTIONS[0]);
    expect(ours).toStrictEqual(toHast(structuredClone(tree), OPTIONS[0]));
    expect(JSON.stringify(ours)).toContain('"value":"b"');
  });

  it('drops what mdast-util-to-hast drops: definitions and front matter', () => {
    const tree = {
      type: 'root',
      children: [
        { type: 'yaml', value: 'a: 1' },
        { type: 'definition', identifier: 'x', label: 'x', url: '/x', title: null },
        { type: 'paragraph', children: [{ type: 'text', value: 'kept' }] },
      ],
    } as unknown as Root;
    expect(mdastToHast(structuredClone(tree), OPTIONS[0])).toStrictEqual(toHast(structuredClone(tree), OPTIONS[0]));
  });
});
