/**
 * The parse pre-pass leaves out the micromark extensions a file cannot need; the differential
 * test holds its output equal to the full parse (every extension, the reference path) over
 * generated tricky snippets, every fixture, this site's content and a small generated corpus.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CodeHighlighter } from '../../../src/markdown/highlight.js';
import { syntaxNeeds } from '../../../src/markdown/syntax-needs.js';
import { repoRoot } from '../../support/fixtures.js';
import { compareFiles, compareTree, describeDifferences, markdownFiles, newTally } from '../../support/parse-differential.js';
import { EVERYDAY, everydaySnippets, trickySnippets } from '../../support/tricky-markdown.js';
import { fastParse } from '../../../src/markdown/fast-parse.js';

const highlighter = new CodeHighlighter();

describe('syntaxNeeds', () => {
  it('keeps an extension when its syntax may be there, and only then', () => {
    const none = syntaxNeeds('Plain prose, a [link](./x.md) and `code`.');
    expect(Object.values(none).some(Boolean)).toBe(false);
    expect(syntaxNeeds('see WWW.x.org').autolinkLiteral).toBe(true);
    expect(syntaxNeeds('mail a&#64;b.co').autolinkLiteral).toBe(true);
    expect(syntaxNeeds('[^1]: note').footnote).toBe(true);
    expect(syntaxNeeds('~~x~~').strikethrough).toBe(true);
    expect(syntaxNeeds('a | b').table).toBe(true);
    expect(syntaxNeeds('- [x] done').taskList).toBe(true);
    expect(syntaxNeeds('- [\n  ] split').taskList).toBe(true);
    expect(syntaxNeeds(':::note\nx\n:::').directive).toBe(true);
    expect(syntaxNeeds('a:b').directive).toBe(true);
    expect(syntaxNeeds(':\tx').directive).toBe(true);
    expect(syntaxNeeds('time 10: 30, (see: below)').directive).toBe(false);
    expect(syntaxNeeds('export const a = 1').mdxSyntax).toBe(true);
    expect(syntaxNeeds('we export data').mdxSyntax).toBe(false);
    expect(syntaxNeeds('<b>').mdxSyntax).toBe(true);
  });

  it('is off with FOLIO_FULL_PARSE=1 (the reference path)', () => {
    process.env.FOLIO_FULL_PARSE = '1';
    try {
      expect(Object.values(syntaxNeeds('plain')).every(Boolean)).toBe(true);
    } finally {
      delete process.env.FOLIO_FULL_PARSE;
    }
  });
});

describe('the pruned parse equals the full parse', () => {
  it('on generated tricky snippets, as markdown and as MDX (trees, positions included)', async () => {
    const tally = newTally();
    const snippets = trickySnippets(1500);
    for (const [index, text] of snippets.entries()) {
      await compareTree(tally, `snippet ${index} (md): ${JSON.stringify(text)}`, text, { mdx: false });
      await compareTree(tally, `snippet ${index} (mdx): ${JSON.stringify(text)}`, text, { mdx: true });
    }
    expect(describeDifferences(tally)).toBe('');
    expect(tally.pruned).toBeGreaterThan(tally.inputs / 2);
  });

  it('on every fixture and this site (trees and compiled pages)', async () => {
    const tally = newTally();
    await compareFiles(tally, markdownFiles(path.join(repoRoot, 'test/fixtures')), { base: repoRoot, highlighter });
    await compareFiles(tally, markdownFiles(path.join(repoRoot, 'content')), { base: repoRoot, highlighter });
    expect(describeDifferences(tally)).toBe('');
    expect(tally.inputs).toBeGreaterThan(80);
    expect(tally.pruned).toBeGreaterThan(20);
  });

  const corpus = mkdtempSync(path.join(os.tmpdir(), 'folio-differential-'));
  afterAll(() => rmSync(corpus, { recursive: true, force: true }));

  it('on a small generated corpus (trees and compiled pages)', async () => {
    execFileSync(process.execPath, [path.join(repoRoot, 'bench/make-corpus.mjs'), corpus, '40'], { stdio: 'ignore' });
    const tally = newTally();
    await compareFiles(tally, markdownFiles(corpus), { base: corpus, highlighter });
    expect(describeDifferences(tally)).toBe('');
    // Each of the 40 .md pages as markdown and as MDX.
    expect(tally.inputs).toBe(80);
    expect(tally.pruned).toBe(80);
    // Every corpus page is everyday markdown: all of them take the fast path.
    expect(tally.fast).toBe(80);
  });
});

describe('the fast path of the parse equals the full parse', () => {
  it('takes every everyday fragment', () => {
    const refused = EVERYDAY.filter(
      (text) => fastParse(text, { mdx: false }) === undefined || (!text.includes('<') && fastParse(text, { mdx: true }) === undefined),
    );
    expect(refused).toEqual([]);
  });

  it('on generated everyday documents and their near misses, as markdown and as MDX (trees, positions included)', async () => {
    const tally = newTally();
    for (const [index, text] of everydaySnippets(1500).entries()) {
      await compareTree(tally, `everyday ${index} (md): ${JSON.stringify(text)}`, text, { mdx: false });
      await compareTree(tally, `everyday ${index} (mdx): ${JSON.stringify(text)}`, text, { mdx: true });
    }
    expect(describeDifferences(tally)).toBe('');
    // Both sides are exercised: about half the documents hold a near miss somewhere.
    expect(tally.fast).toBeGreaterThan(tally.inputs / 3);
    expect(tally.fast).toBeLessThan(tally.inputs);
  });

  it('is off with FOLIO_FULL_PARSE=1 (the reference path)', async () => {
    const { parseMarkdown } = await import('../../../src/markdown/compile.js');
    const text = '# Title\n\nWords *em*.\n';
    expect(fastParse(text, { mdx: false })).toBeDefined();
    process.env.FOLIO_FULL_PARSE = '1';
    try {
      // The reference tree is a fresh object from micromark, not the fast path's.
      const tree = await parseMarkdown(text, { mdx: false });
      expect(tree).toEqual(fastParse(text, { mdx: false }));
      expect(JSON.stringify(tree)).toBe(JSON.stringify(fastParse(text, { mdx: false })));
    } finally {
      delete process.env.FOLIO_FULL_PARSE;
    }
  });
});
