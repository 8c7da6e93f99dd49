import { describe, expect, it } from 'vitest';
import { compileMarkdown } from '../../../src/markdown/compile.js';
import { CodeHighlighter } from '../../../src/markdown/highlight.js';
import { isFolioError } from '../../../src/errors/index.js';

const highlighter = new CodeHighlighter();
const compile = (body: string, extra: { file?: string; offset?: number; stripTitle?: boolean } = {}) =>
  compileMarkdown({
    body,
    file: extra.file ?? '/site/docs/page.md',
    bodyLineOffset: extra.offset ?? 0,
    source: body,
    options: { format: 'mdx', compat: { comments: true, admonitions: true, headingIds: true } },
    highlighter,
    cacheSalt: 'test',
    stripTitle: extra.stripTitle,
  });

describe('compileMarkdown', () => {
  it('takes the leading # heading as the title and removes it from the body', async () => {
    const result = await compile('# 🐔 Payloads\n\nText.');
    expect(result.title).toBe('🐔 Payloads');
    expect(result.html).toBe('<p>Text.</p>');
  });

  it('gives headings stable unique slug ids and honours {#id}', async () => {
    const result = await compile('## Options\n\n## Options\n\n### With `code`\n\n## Custom {#my-id}');
    expect(result.headings.map((h) => h.id)).toEqual(['options', 'options-1', 'with-code', 'my-id']);
    expect(result.headings[3].text).toBe('Custom');
  });

  it('renders nested admonitions with titles', async () => {
    const result = await compile('::::info Outer\n\n:::danger\nInner\n:::\n\n::::');
    expect(result.html).toContain('<div class="admonition admonition-info" role="note"><div class="admonition-heading">Outer</div>');
    expect(result.html).toContain(
      '<div class="admonition admonition-danger" role="note"><div class="admonition-heading">Danger</div><div class="admonition-content"><p>Inner</p>',
    );
  });

  it('keeps colons in prose as text (no stray directives)', async () => {
    const result = await compile('Meet at 10:30 or see a:b and :smile.');
    expect(result.html).toBe('<p>Meet at 10:30 or see a:b and :smile.</p>');
  });

  it('cuts the excerpt at the truncate marker and counts words for the reading time', async () => {
    const result = await compile('One two three.\n\n<!-- truncate -->\n\nFour five six seven.');
    expect(result.hasTruncate).toBe(true);
    expect(result.excerptHtml).toBe('<p>One two three.</p>');
    expect(result.words).toBe(7);
  });

  it('reports the file line of a syntax error, front matter included', async () => {
    const error = await compile('Fine.\n\nBroken {here\n', { offset: 4 }).catch((e: unknown) => e);
    expect(isFolioError(error)).toBe(true);
    expect((error as { code: string }).code).toBe('MDX_SYNTAX');
    expect((error as { location: { line: number } }).location.line).toBeGreaterThanOrEqual(7);
  });

  it('collects links and images with their source lines', async () => {
    const result = await compile('Text\n\n[a](./other.md#x) and ![i](./pic.png)', { offset: 2 });
    expect(result.links).toEqual([{ href: './other.md#x', line: 5, column: 1 }]);
    expect(result.images).toEqual([{ href: './pic.png', line: 5, column: 23 }]);
  });

  it('evaluates MDX only when a file needs it', async () => {
    const plain = await compile('<details>\n<summary>S</summary>\n\nBody\n\n</details>');
    expect(plain.usedMdx).toBe(false);
    expect(plain.html).toBe('<details><summary>S</summary><p>Body</p></details>');
    const mdx = await compile('export const n = 2;\n\nTwo is {n}.');
    expect(mdx.usedMdx).toBe(true);
    expect(mdx.html).toBe('<p>Two is 2.</p>');
  });
});
