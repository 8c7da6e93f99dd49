import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileMarkdown } from '../../../src/markdown/compile.js';
import { CodeHighlighter } from '../../../src/markdown/highlight.js';

const highlighter = new CodeHighlighter();
const dir = mkdtempSync(path.join(tmpdir(), 'folio-islands-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const compile = (body: string) => {
  const file = path.join(dir, 'docs', 'page.mdx');
  return compileMarkdown({
    body,
    file,
    bodyLineOffset: 0,
    source: body,
    options: { format: 'mdx', compat: { comments: true, admonitions: true, headingIds: true } },
    highlighter,
    cacheSalt: 'test',
  });
};

mkdirSync(path.join(dir, 'docs'), { recursive: true });
// A module for the browser only: loading it in Node fails (no window there).
writeFileSync(path.join(dir, 'docs', 'clock.js'), 'const zone = window.Intl.DateTimeFormat().resolvedOptions().timeZone;\nexport const Clock = () => zone;\n');
writeFileSync(path.join(dir, 'docs', 'unused.js'), 'export const unusedMarker = "never in an island";\n');

describe('BrowserOnly islands at compile time', () => {
  it('finds BrowserOnly under a local name; inline in a paragraph the marker is a span', async () => {
    const result = await compile(
      "import Client from '@docusaurus/BrowserOnly';\n\nYour language: <Client fallback={<em>unknown</em>}>{() => <b>{navigator.language}</b>}</Client>.\n",
    );
    expect(result.html).toMatch(/^<p>Your language: <span data-folio-island="island-[a-z0-9]{12}\.js#0"><em>unknown<\/em><\/span>\.<\/p>$/);
    expect(result.islands).toHaveLength(1);
    expect(result.islands![0].path).toBe(`/assets/${/data-folio-island="([^#]+)#/.exec(result.html)![1]}`);
    expect(result.islands![0].code).toContain('navigator.language');
  });

  it('leaves a BrowserOnly whose child is not a function as it was: the fallback, no island', async () => {
    const result = await compile("import BrowserOnly from '@docusaurus/BrowserOnly';\n\n<BrowserOnly fallback={<em>later</em>}><b>static</b></BrowserOnly>\n");
    expect(result.html).toBe('<em>later</em>');
    expect(result.islands).toBeUndefined();
  });

  it('brings the imports and declarations the function names, and never loads a browser-only import at build time', async () => {
    const result = await compile(
      [
        "import BrowserOnly from '@docusaurus/BrowserOnly';",
        "import { Clock } from './clock.js';",
        "import { unusedMarker } from './unused.js';",
        '',
        "export const palettes = ['amber', 'ember'];",
        '',
        '<BrowserOnly fallback={<p>Time zone unknown.</p>}>',
        '  {() => {',
        '    const Inner = () => <i>{palettes.join(" and ")}</i>;',
        '    return <p><Clock /> <Inner /></p>;',
        '  }}',
        '</BrowserOnly>',
        '',
        '{unusedMarker.length} characters.',
      ].join('\n'),
    );
    expect(result.html).toMatch(/<div data-folio-island="island-[a-z0-9]+\.js#0"><p>Time zone unknown\.<\/p><\/div>/);
    expect(result.html).toContain('<p>18 characters.</p>');
    const code = result.islands![0].code;
    expect(code).toContain('resolvedOptions().timeZone');
    expect(code).toContain('"ember"');
    expect(code).not.toContain('never in an island');
  });
});
