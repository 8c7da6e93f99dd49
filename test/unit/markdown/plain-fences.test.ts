/**
 * plain-fences.ts reads fenced blocks without parsing, to start highlighting early. What it finds
 * is only worth something when the parse finds the same block (text, language, meta): checked
 * against the real parse on every fixture, this site's pages and fence-shaped near misses. A block
 * it reads wrongly would be highlighted for nothing; one it misses is highlighted when asked.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Code, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../../src/content/front-matter.js';
import { applyCompat } from '../../../src/markdown/compat.js';
import { parseMarkdown } from '../../../src/markdown/compile.js';
import { plainFences } from '../../../src/markdown/plain-fences.js';
import { repoRoot } from '../../support/fixtures.js';
import { markdownFiles } from '../../support/parse-differential.js';

const COMPAT = { comments: true, admonitions: true, headingIds: true };

/** The code blocks of a body as the compile sees them: the text the HTML tree holds, the language, the meta. */
async function parsedFences(body: string, mdx: boolean) {
  const tree = (await parseMarkdown(applyCompat(body, mdx ? COMPAT : { ...COMPAT, comments: false }).text, { mdx })) as Root;
  const found: { text: string; lang: string | undefined; meta: string | undefined; column: number }[] = [];
  visit(tree, 'code', (node: Code) => {
    found.push({ text: node.value ? `${node.value}\n` : '', lang: node.lang ?? undefined, meta: node.meta ?? undefined, column: node.position!.start.column });
  });
  return found;
}

const FENCE = '```';

describe('plainFences', () => {
  it('finds exactly the blocks the parse finds at the start of a line, in every fixture and page of this site', async () => {
    const files = [...markdownFiles(path.join(repoRoot, 'test/fixtures')), ...markdownFiles(path.join(repoRoot, 'content'))];
    let blocks = 0;
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      let body: string;
      try {
        body = parseFrontMatter({ source, file }).body;
      } catch {
        continue;
      }
      const mdx = file.endsWith('.mdx') || file.startsWith(path.join(repoRoot, 'content'));
      let parsed: Awaited<ReturnType<typeof parsedFences>>;
      try {
        parsed = await parsedFences(body, mdx);
      } catch {
        continue; // a fixture that does not parse (an error test's) has no blocks to highlight
      }
      const expected = parsed.filter((fence) => fence.column === 1).map(({ column: _column, ...fence }) => fence);
      expect({ file, fences: plainFences(body) }).toEqual({ file, fences: expected });
      blocks += expected.length;
    }
    expect(blocks).toBeGreaterThan(300);
  });

  it('on near misses, finds nothing the parse does not find the same way', async () => {
    const documents = [
      `${FENCE}ts\nlet a = 1;\n`, // never closed
      `- item\n\n  ${FENCE}ts\n  let a = 1;\n  ${FENCE}\n`, // in a list
      `> ${FENCE}ts\n> quoted\n> ${FENCE}\n`,
      `${FENCE}ts title="a\\"b"\nescaped\n${FENCE}\n`,
      `${FENCE}ts title=&quot;x&quot;\nentity\n${FENCE}\n`,
      `${FENCE}\`ts\nbacktick in the info\n${FENCE}\n`,
      `${FENCE}ts\nshort close\n\`\`\n${FENCE}\n`,
      `\`\`\`\`md\n${FENCE}\ninner\n${FENCE}\n\`\`\`\`\n`,
      `~~~ts\ntilde ${FENCE}\n~~~\n`,
      `${FENCE}ts\nclosed by tildes?\n~~~\n${FENCE}\n`,
      `${FENCE}ts\n   ${FENCE}\n`, // closed by an indented fence
      `${FENCE}ts\nx\n${FENCE} trailing words\n${FENCE}\n`,
      `${FENCE}   ts   {1,2}   \n  spaced info\n${FENCE}   \n`,
      `${FENCE}ts\r\ncrlf\r\n${FENCE}\r\n`,
      `Paragraph\n${FENCE}ts\ninterrupts\n${FENCE}\n`,
      `<div>\n${FENCE}ts\nin html\n${FENCE}\n</div>\n`,
      `${FENCE}\n\n\n${FENCE}\n`,
      `${FENCE}js\n${FENCE}\n`,
      `\t${FENCE}ts\ntab\n${FENCE}\n`,
    ];
    let agreeing = 0;
    for (const document of documents) {
      for (const mdx of [false, true]) {
        let parsed: Awaited<ReturnType<typeof parsedFences>>;
        try {
          parsed = await parsedFences(document, mdx);
        } catch {
          continue;
        }
        const plain = parsed.map(({ column: _column, ...fence }) => JSON.stringify(fence));
        for (const fence of plainFences(document)) {
          expect({ document, mdx, fence: plain.includes(JSON.stringify(fence)) }).toEqual({ document, mdx, fence: true });
          agreeing++;
        }
      }
    }
    expect(agreeing).toBeGreaterThan(10);
  });
});
