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
