/**
 * Generated markdown snippets for the differential test of the parse pre-pass. No copy of the
 * CommonMark or GFM spec examples is installed (no package ships them), so these are written
 * here: each snippet joins a few fragments, seeded and reproducible. The fragments are the
 * constructs of each extension, near misses of them (the characters around a trigger without
 * the trigger: `ww.`, `htp:`, `: x`, `[ x]`), and the CommonMark constructs an extension can
 * change when it is there (indented code and HTML under MDX, a `|` or `:` inside code, links,
 * emphasis, character references, containers, tabs, CRLF).
 */
const FRAGMENTS = [
  // autolink literals and near misses
  'www.example.com',
  'WWW.Example.com/path?q=1',
  'ww.example.com',
  'see wwwexample',
  'http://a.b/c',
  'HTTPS://A.B',
  'htp://a.b',
  'https:/half',
  'mail me@example.org',
  'xmpp:user@host.org/res',
  'mailto:x@y.z',
  'a &commat; b.c',
  'x&#64;y.com',
  '&#x77;ww.foo.com',
  '&#119;ww.foo.com',
  '&amp; &lt; &copy;',
  '[link](https://example.com/x)',
  '<https://example.com>',
  '![alt www.x.com](pic.png)',
  // footnotes
  'Text with a note[^1].',
  '[^1]: The note.',
  '[ ^1] and [^ 1]',
  '[^1]:\n    indented note',
  '[x^1]',
  'A named note[^note] here.\n\n[^note]: Its text.',
  // strikethrough
  '~~gone~~',
  '~one~',
  '~~~\nfence\n~~~',
  'a ~ b',
  // tables
  '| a | b |\n| - | - |\n| 1 | 2 |',
  'a | b\n--|--',
  'a\n-',
  '`a | b`',
  '| lone pipe',
  // task lists
  '- [ ] todo',
  '- [x] done',
  '* [X] Done',
  '- [\t] tab',
  '- [ x] near',
  '- [] empty',
  '> - [\n>   ] split',
  '1. [ ]',
  // directives
  ':::note\nInside.\n:::',
  ':::tip[Title]{.x}\nBody\n:::',
  '::leaf[label]{#id}',
  ':text[label]',
  'a:b and 10:30',
  ': spaced',
  ':\ttab',
  'end:',
  '::',
  ':::',
  '\\:escaped',
  ':é accent',
  ':😀 emoji',
  ':-dash',
  // MDX syntax and what MDX turns off
  '{1 + 1}',
  '<Comp prop="x" />',
  '<div>\nhtml\n</div>',
  'import x from "y"',
  'export const a = 1',
  ' import indented',
  'important: imports',
  '    indented code?',
  '\tindented by tab',
  '<!-- comment -->',
  // CommonMark around them
  '# Heading',
  'Setext\n===',
  '*em* and **strong** and _u_',
  '`code: a|b ~c~ [^1] www.x`',
  '```js\nconst a = 1; // www.x.com\n```',
  '> quote\n> more',
  '- item\n\n  para',
  '1) one\n2) two',
  '[ref]\n\n[ref]: http://x.y "title"',
  '[ref]: /url',
  'line  \nbreak',
  'line\\\nbreak',
  'a\r\nb',
  '***',
  'plain words only',
  '',
];

const SEPARATORS = ['\n\n', '\n', ' ', '', '\n> ', '\n- ', '\t'];

/** A small deterministic PRNG (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every fragment alone, then `count` combinations of two to four fragments. */
export function trickySnippets(count: number, seed = 17): string[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const out = [...FRAGMENTS];
  for (let i = 0; i < count; i++) {
    const parts = 2 + Math.floor(next() * 3);
    let text = pick(FRAGMENTS);
    for (let p = 1; p < parts; p++) text += pick(SEPARATORS) + pick(FRAGMENTS);
    out.push(text);
  }
  return out;
}

/**
 * Everyday markdown and its near misses, for the fast path of the parse (src/markdown/fast-parse.ts).
 * EVERYDAY is what it takes (headings, paragraphs, tight lists, tables, fences, `:::` containers,
 * emphasis, code spans, links); NEAR_MISSES are the same constructs where CommonMark's rules could
 * read the characters another way (flanking, lazy lines, loose lists, nested containers, setext
 * underlines, images, titles, escapes), on which it must give up or agree.
 */
export const EVERYDAY = [
  '# Title',
  '## Section *with* `code`',
  'Plain words in a line.',
  'Two lines\nof one paragraph.',
  'Words *em* and **strong**, then `code()` and [a link](../x.md#part).',
  'A [link](https://example.com/a?b=1) and [another](./y.md).',
  'Then *a*. *b*, *c*; *d* and *e*! *f*? and **g**:',
  'Note: this and end:',
  '`code` starts it.',
  '``two ticks`` here',
  '[a](b)c[d](e)',
  '- one\n- two *x*\n- three `y`',
  '- [a link](x.md) item',
  '| A | B |\n| --- | :-: |\n| `a` | *b* |\n| c | [d](e) |',
  '| A |\n| -: |\n| x |',
  '```\nplain fence\n```',
  '```ts title="x.ts"\nconst a = 1;\n\n```',
  '```js\n```js\ninner\n```',
  ':::note\nInside *it*.\n:::',
  ':::tip\n\n- a\n- b\n\n:::',
  ':::info\n\n| A |\n| - |\n| b |\n\n:::',
  'Ünïcödé and 😀 *em*',
  'An HTTP client; http, https and www',
  'Blank lines of spaces\n   \nand tabs\n\t \nend paragraphs.',
  '- a\n- b\n  \n# After a list',
  '| A |\n| - |\n| b |\n\t\nAfter a table',
  ':::note\n  \nInside.\n \n:::',
  '## A heading with an id \\{#the-id\\}',
  'Braces \\{kept\\} in text.',
  '**Bold** starts a paragraph.',
  '- **Bold** starts an item.\n- *Em* starts one too.',
  'A [`code`](./x.md) label and [mixed `code` label](y.md).',
  '1. one\n2. two *x*\n3. three `y`',
  '3) from three\n4) four',
  '1. [Install](#install) it\n10. then **run** it',
  ':::tip[New here?]\nRead *this* first.\n:::',
  ':::note[A `code` label]\n\n- a\n\n:::',
  ':::info[]\nEmpty label.\n:::',
  '- **Open an issue first.** Then wait.',
  '- *why?* and **`code` first** and **end `code`**',
  '**Done.**',
  '',
];

export const NEAR_MISSES = [
  '### Ends with #',
  '#  two spaces',
  '####### seven',
  '#no space',
  '*Starts* with emphasis.',
  '` spaced `',
  '`a``b`',
  'un`closed',
  'a*b*c and *a *b',
  '*a*b and **a*',
  'x ***three***',
  'x (*g*) y',
  'x *a\nb* across lines',
  'x **a `b` c**',
  'x *a `*` b*',
  '[a] (b)',
  '[a](b "title")',
  '[a](<b>)',
  '![alt](pic.png)',
  'see ![alt](pic.png)',
  '[^a](b)',
  '[a *b*](c)',
  '[`a`](b)',
  '[a](b)*c*',
  'at 10:30',
  'say:`x`',
  'snake_case and kebab-case',
  'a ~ b and ~~c~~',
  'mail a@b.co',
  'x &amp; y',
  'a\\*b',
  'trailing  \nspace',
  '- one\n\n- two',
  '- one\n  \n- two',
  '- one\n \n  more',
  'para\n \n    indented after spaces',
  '```\n  \n```',
  '| A |\n| - |\n| b |\n  \n| c |',
  '- one\nlazy',
  '- [x](y) link item',
  '- [ ] task',
  '-  two spaces',
  '- - nested',
  '- # heading item',
  '* star item',
  '1. ordered',
  '1. one\n\n2. two',
  '1. one\n2) two',
  '1. one\n- two',
  '- one\n1. two',
  '1. one\n\n- two',
  '- one\n\n1. two',
  '1.  two spaces',
  '1.\ttab',
  '1.',
  '1. ',
  '1. one\nlazy',
  '1. one\n   more',
  '1. one\n\n   more',
  '1. 2. nested',
  '1. - nested',
  '0. zero',
  '007. leading zeros',
  '1234567890. ten digits',
  'para\n1. interrupts',
  'para\n2. does not interrupt',
  '1. [ ] task',
  '| A | B |\n| --- | --- |\n| only one |',
  '| A | B |\n| - | - |\n| 1 | 2 | 3 |',
  '| A |\n| - |\n|  |',
  '| A |\n| - |\nno pipes',
  '| `a|b` |\n| - |\n| c |',
  'para\n| A |\n| - |',
  '````\n```\nfour\n````',
  '```\n  ```\n```',
  '```\nunclosed',
  '~~~\ntilde\n~~~',
  ':::tip\n- a\n:::',
  ':::outer\n:::inner\nx\n:::\n:::',
  ':::note\n```\n:::\n```\n:::',
  ':::note\nunclosed',
  ':::tip[ spaced ]\nx\n:::',
  ':::note[a [link](x.md) in it]\nx\n:::',
  ':::tip[a [b] c]\nx\n:::',
  ':::tip[a]{.cls}\nx\n:::',
  ':::tip[a] trailing\nx\n:::',
  ':::tip [a]\nx\n:::',
  ':::tip[*a*]\nx\n:::',
  ':::tip[a\nb]\nx\n:::',
  ':::tip[a \\] b]\nx\n:::',
  ':::tip[{x}]\nx\n:::',
  ':::note\nx\n:::tip',
  ':::note\n:::',
  ':::note\n\n:::',
  '::::note\nfour\n::::',
  'para\n:::note\nx\n:::',
  'Setext\n---',
  'Setext\n===',
  'para\n# heading',
  'para\n- item',
  'para\n```\ncode\n```',
  '    indented',
  ' one space',
  '> quote',
  '<b>html</b>',
  '{expression}',
  'import x from "y"',
  '[ref]: /url',
  'www.example.com',
  'a \\{ lone',
  'a \\} b \\{',
  'x \\\\{ double',
  'x \\* star',
  'x \\` tick',
  'x \\`a` tick',
  'x \\*a* star',
  'x \\[ bracket',
  'end \\',
  'line \\\nbreak',
  'key:\\{x\\}',
  '\\{ starts',
  '**bold**\n---',
  '**bold**\n===',
  '** alone',
  '**\nempty',
  '***three** x',
  '**x**y',
  '**x.**y',
  '- **TLDR:**',
  '**x.**.',
  '**x.**`c`',
  '*x,*, y',
  '**x)** (y)',
  '**x-** y',
  '**x]** y',
  '**`a`**b',
  '**`a` `b`**',
  '**` a`** x',
  '*`a`* and *`b`*c',
  '**a `*` b**',
  '**.x**',
  '**"q"** x',
  "**it's** x",
  '**x** **y**',
  '- **x**\n- ** y',
  '* **x**',
  '[`a]b`](c)',
  '[a `b](c)`',
  '[`a` *b*](c)',
  '[``a``](b)',
  '[`a`b](c)',
  '[` a `](b)',
  '[x:`a`](b)',
  'see http://a.b/c and HTTPS://A.B',
  'WWW.example.com/x',
  // NUL becomes U+FFFD everywhere, code included
  '```\nnul \u0000 in code\n```',
  'a `nul \u0000` span',
];

/**
 * Every everyday fragment and near miss alone, then `count` documents of two to six fragments,
 * most of them everyday ones (a document with one near miss tests where the fast path stops).
 */
export function everydaySnippets(count: number, seed = 29): string[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const fragment = () => (next() < 0.9 ? pick(EVERYDAY) : pick(NEAR_MISSES));
  const out = [...EVERYDAY, ...NEAR_MISSES];
  for (let i = 0; i < count; i++) {
    const parts = 2 + Math.floor(next() * 5);
    let text = fragment();
    for (let p = 1; p < parts; p++) text += pick(['\n\n', '\n\n', '\n', '\n\n\n', '\n  \n', '\n\t\n']) + fragment();
    out.push(next() < 0.5 ? `${text}\n` : text);
  }
  return out;
}
