/**
 * Docusaurus magic comments in fenced code: the directive lines highlight lines and are gone from
 * the output, in each language's comment form; title, `{…}` ranges and showLineNumbers combine.
 */
import { describe, expect, it } from 'vitest';
import { compileMarkdown } from '../../../src/markdown/compile.js';
import { applyMagicComments, CodeHighlighter } from '../../../src/markdown/highlight.js';

const highlighter = new CodeHighlighter();
const compile = (body: string, file = '/site/docs/page.md') =>
  compileMarkdown({
    body,
    file,
    bodyLineOffset: 0,
    source: body,
    options: { format: 'detect', compat: { comments: true, admonitions: true, headingIds: true } },
    highlighter,
    cacheSalt: 'test',
  });

/** The text of each rendered line, with `*` before the highlighted ones. */
function lines(html: string): string[] {
  return [...html.matchAll(/<span class="line( highlighted)?">(.*?)<\/span>(?=\n<span class="line|<\/code>)/gs)].map(
    ([, marked, inner]) =>
      `${marked ? '*' : ''}${inner
        .replace(/<[^>]+>/g, '')
        .replace(/&#x3C;/g, '<')
        .replace(/&#x26;/g, '&')}`,
  );
}

describe('magic comments', () => {
  it('highlights the next line and a start/end block in JavaScript, and removes the comments', async () => {
    const body = [
      '```js title="app.js" showLineNumbers',
      'const a = 1;',
      '// highlight-next-line',
      'const b = 2;',
      '/* highlight-start */',
      'const c = 3;',
      'const d = 4;',
      '// highlight-end',
      'const e = 5;',
      '```',
    ].join('\n');
    const { html } = await compile(body);
    expect(lines(html)).toEqual(['const a = 1;', '*const b = 2;', '*const c = 3;', '*const d = 4;', 'const e = 5;']);
    expect(html).not.toContain('highlight-');
    expect(html).toContain('<div class="code-title">app.js</div>');
    expect(html).toContain('line-numbers');
  });

  it('reads each language in its own comment form', async () => {
    const cases: [string, string][] = [
      ['python', '# highlight-next-line'],
      ['bash', '  #   highlight-next-line  '],
      ['yaml', '# highlight-next-line'],
      ['html', '<!-- highlight-next-line -->'],
      ['jsx', '{/* highlight-next-line */}'],
      ['tsx', '// highlight-next-line'],
      ['sql', '-- highlight-next-line'],
      ['lua', '-- highlight-next-line'],
      ['markdown', '<!-- highlight-next-line -->'],
    ];
    for (const [lang, comment] of cases) {
      const { html } = await compile(`\`\`\`${lang}\nfirst\n${comment}\nsecond\n\`\`\``);
      expect(lines(html), lang).toEqual(['first', '*second']);
    }
  });

  it('leaves a comment form the language does not use, and a block without a language, as written', async () => {
    expect(applyMagicComments('a\n# highlight-next-line\nb', 'js')).toEqual({ code: 'a\n# highlight-next-line\nb', highlightLines: new Set() });
    expect(applyMagicComments('a\n// highlight-next-line\nb', 'python').code).toBe('a\n// highlight-next-line\nb');
    expect(applyMagicComments('a\n// highlight-next-line\nb', undefined).code).toBe('a\n// highlight-next-line\nb');
    // A directive inside other text is code, not a directive.
    expect(applyMagicComments('call(); // highlight-next-line\nb', 'js').highlightLines.size).toBe(0);
  });

  it('adds to the {…} ranges of the fence, counted on the lines that remain', async () => {
    const { html } = await compile('```ts {1}\none\ntwo\n// highlight-next-line\nthree\n```');
    expect(lines(html)).toEqual(['*one', 'two', '*three']);
  });

  it('highlights to the end of the block when highlight-start has no end', async () => {
    expect(applyMagicComments('a\n// highlight-start\nb\nc', 'ts')).toEqual({ code: 'a\nb\nc', highlightLines: new Set([2, 3]) });
  });
});
