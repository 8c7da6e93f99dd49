/**
 * Markdown faults (issue 12): absurd nesting ends in one clear error with the
 * line (never a hang or a RangeError), emoji-only headings get usable ids, and
 * a missing MDX import names the specifier and the line of the import.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isFolioError, type FolioError } from '../../../src/errors/index.js';
import { compileMarkdown } from '../../../src/markdown/compile.js';
import { CodeHighlighter } from '../../../src/markdown/highlight.js';
import { deepestNode, MAX_NESTING, prescanNesting } from '../../../src/markdown/nesting.js';

const highlighter = new CodeHighlighter();
const compile = (body: string, { file = '/site/docs/page.md', offset = 0, source = body } = {}) =>
  compileMarkdown({
    body,
    file,
    bodyLineOffset: offset,
    source,
    options: { format: 'detect', compat: { comments: true, admonitions: true, headingIds: true } },
    highlighter,
    cacheSalt: 'faults',
  });

async function failure(promise: Promise<unknown>): Promise<FolioError> {
  try {
    await promise;
  } catch (error) {
    if (isFolioError(error)) return error;
    throw new Error(`expected a FolioError, got ${(error as Error)?.stack ?? error}`);
  }
  throw new Error('expected the compile to fail');
}

/** A list nested `depth` levels by indentation, one item per level. */
const nestedList = (depth: number) => Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n');

describe('nesting limits', () => {
  it('a list nested 1,000 deep fails fast with MDX_TOO_DEEP and the line (it hung the parser)', async () => {
    const body = `Intro.\n\n${nestedList(1000)}\n`;
    const error = await failure(compile(body, { offset: 3, source: `---\ntitle: Deep\n---\n${body}` }));
    expect(error.code).toBe('MDX_TOO_DEEP');
    expect(error.message).toMatch(new RegExp(`^nesting deeper than ${MAX_NESTING} levels at line \\d+; flatten it$`));
    // The line is one of the list's, counted in the whole file (3 lines of front matter above).
    const line = error.location!.line!;
    expect(line).toBeGreaterThan(3 + 2);
    expect(line).toBeLessThanOrEqual(3 + 2 + 1000);
    expect(error.excerpt?.trim()).toMatch(/^- level \d+$/);
  });

  it('JSX nested 3,000 deep on one line or on many lines fails with MDX_TOO_DEEP, not a RangeError', async () => {
    for (const body of [`${'<div>'.repeat(3000)}x${'</div>'.repeat(3000)}\n`, `${'<section>\n'.repeat(3000)}x\n${'</section>\n'.repeat(3000)}`]) {
      const error = await failure(compile(body, { file: '/site/docs/deep.mdx' }));
      expect(error.code).toBe('MDX_TOO_DEEP');
      expect(error.location?.line).toBeGreaterThanOrEqual(1);
    }
  });

  it('quotes, admonitions and emphasis nested past the limit fail the same way', async () => {
    const bodies = [
      `${'>'.repeat(3000)} deep\n`,
      `${':::note\n'.repeat(1000)}x\n${':::\n'.repeat(1000)}`,
      `${'*a '.repeat(400)}x${' a*'.repeat(400)}\n`,
      `${'- '.repeat(1000)}x\n`,
    ];
    for (const body of bodies) expect((await failure(compile(body))).code).toBe('MDX_TOO_DEEP');
  });

  it('ordinary nesting builds: a list 20 deep, JSX 30 deep, nested admonitions', async () => {
    const result = await compile(`${nestedList(20)}\n\n${'<div>'.repeat(30)}x${'</div>'.repeat(30)}\n\n::::info\n:::tip\nIn.\n:::\n::::\n`, {
      file: '/site/docs/ok.mdx',
    });
    expect(result.html.match(/<ul>/g)).toHaveLength(20);
    expect(result.html.match(/<div>/g)).toHaveLength(30);
  });

  it('the pre-scan skips fenced code and counts only what nests', () => {
    const code = `\`\`\`yaml\n${Array.from({ length: 500 }, (_, i) => `${' '.repeat(i * 2)}- x`).join('\n')}\n\`\`\`\n`;
    expect(prescanNesting(code, { mdx: false })).toBeUndefined();
    expect(prescanNesting('<!-- a --> <br/> `<div><div>` a < b <>x</>', { mdx: true, limit: 1 })).toBeUndefined();
    expect(prescanNesting(`${'<A>'.repeat(5)}`, { mdx: true, limit: 4 })).toEqual({ line: 1, depth: 5 });
    expect(prescanNesting(nestedList(5), { mdx: false, limit: 2 })?.line).toBeGreaterThan(1);
  });

  it('the exact measure counts a list and its item as one level', () => {
    const tree = {
      type: 'root',
      children: [
        {
          type: 'list',
          position: { start: { line: 1 } },
          children: [{ type: 'listItem', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'x' }] }] }],
        },
      ],
    };
    expect(deepestNode(tree as never, 1)).toBeUndefined();
    expect(deepestNode(tree as never, 0)).toEqual({ line: 1, depth: 1 });
  });
});

describe('headings made only of emoji or punctuation', () => {
  it('get the ids section, section-1, … and anchor links to them', async () => {
    const result = await compile('## 🚀🔥\n\n## 🎉\n\n## Setup\n\n## ???\n');
    expect(result.headings.map((heading) => heading.id)).toEqual(['section', 'section-1', 'setup', 'section-2']);
    expect(result.html).toContain('<h2 id="section" class="anchor">🚀🔥<a class="hash-link" href="#section"');
    expect(result.html).not.toMatch(/id=""|id="-\d"/);
  });

  it('a real heading named Section keeps its id unique', async () => {
    const result = await compile('## Section\n\n## 🚀\n');
    expect(result.headings.map((heading) => heading.id)).toEqual(['section', 'section-1']);
  });
});

describe('MDX imports that do not resolve', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'folio-mdx-import-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a missing relative import names the specifier and the line of the import, and no absolute path', async () => {
    const file = path.join(dir, 'page.mdx');
    const body = '# Page\n\nText.\n\nimport Chart from "./nope.js";\n\n<Chart />\n';
    const error = await failure(compile(body, { file, offset: 4 }));
    expect(error.code).toBe('MDX_IMPORT_NOT_FOUND');
    expect(error.message).toContain('"./nope.js"');
    expect(error.location).toEqual({ file, line: 5 + 4 });
    expect(error.message).toContain('line 9');
    expect(error.message).not.toContain(dir);
  });

  it('a missing package names the package', async () => {
    const error = await failure(compile('import X from "folio-no-such-package-xyz";\n\n<X />\n', { file: path.join(dir, 'pkg.mdx') }));
    expect(error.code).toBe('MDX_IMPORT_NOT_FOUND');
    expect(error.message).toContain('"folio-no-such-package-xyz"');
    expect(error.location?.line).toBe(1);
  });

  it('an import that exists still works', async () => {
    writeFileSync(path.join(dir, 'hello.js'), 'export default function Hello() { return "hello from a component"; }\n');
    writeFileSync(path.join(dir, 'two words.js'), 'export default function Two() { return "two words"; }\n');
    const result = await compile('import Hello from "./hello.js";\nimport Two from "./two%20words.js";\n\n<Hello /> <Two />\n', {
      file: path.join(dir, 'ok.mdx'),
    });
    expect(result.html).toContain('hello from a component');
    expect(result.html).toContain('two words');
  });

  it('a failure inside the imported module shows paths relative to the page', async () => {
    writeFileSync(path.join(dir, 'broken.js'), 'import Y from "./missing-dep.js";\nexport default () => Y;\n');
    const error = await failure(compile('import B from "./broken.js";\n\n<B />\n', { file: path.join(dir, 'nested.mdx') }));
    expect(error.code).toBe('MDX_RUNTIME');
    expect(error.message).toContain('./missing-dep.js');
    expect(error.message).not.toContain(dir);
    expect(error.message).not.toContain('@mdx-js');
  });
});
