/**
 * The highlighter tokenizes each block once and colours it for both themes
 * itself; every character must get exactly the colour and font style that
 * shiki's own dual-theme highlighting (which tokenizes once per theme) gives
 * it. Checked on every fenced block of the site's content and on samples of
 * each language the site uses, including embedded languages.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { createHighlighter, type Highlighter } from 'shiki';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { toHtml } from 'hast-util-to-html';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CodeHighlighter,
  codeBlockFrame,
  DARK_THEME,
  LIGHT_THEME,
  normaliseLang,
  MAX_MARKED_LINE,
  MAX_SHARED,
  parseCodeMeta,
  patternFirstScanners,
  SEARCH_WEIGHT,
  sharingScanners,
} from '../../../src/markdown/highlight.js';
import { repoRoot } from '../../support/fixtures.js';

interface Block {
  where: string;
  lang: string;
  code: string;
}

function siteBlocks(): Block[] {
  const blocks: Block[] = [];
  for (const file of fg.sync('content/**/*.{md,mdx}', { cwd: repoRoot })) {
    const text = readFileSync(path.join(repoRoot, file), 'utf8');
    for (const match of text.matchAll(/^```([\w-]+)[^\n]*\n([\s\S]*?)^```/gm)) {
      blocks.push({ where: `${file}:${text.slice(0, match.index).split('\n').length}`, lang: match[1], code: match[2].replace(/\n$/, '') });
    }
  }
  return blocks;
}

const SAMPLES: Block[] = [
  {
    where: 'markdown with a fenced block',
    lang: 'md',
    code: '# Title\n\n*em* and **strong** and `code`\n\n```ts\nconst x: number = 1;\n```\n\n> quote\n- [link](https://example.com)',
  },
  { where: 'tsx', lang: 'tsx', code: 'export function App({ name }: { name: string }) {\n  return <div className="x">{name}</div>;\n}' },
  { where: 'bash heredoc and variables', lang: 'bash', code: 'cat <<EOF > out.txt\nhello $USER\nEOF\nfor f in *.ts; do echo "${f%.ts}"; done   \n   ' },
  { where: 'yaml with anchors', lang: 'yaml', code: 'base: &base\n  name: "x"  # comment\n  list:\n    - 1\n    - true\nother:\n  <<: *base' },
  { where: 'json', lang: 'json', code: '{\n  "a": [1, 2.5, null],\n  "b": { "c": "d" }\n}' },
  { where: 'blank and whitespace lines', lang: 'ts', code: '\n  \nconst a = 1;\t\n\n' },
  { where: 'unknown language', lang: 'nonsense-lang', code: 'plain <b>text</b>\n  indented' },
];

/** Per character: [light colour, dark colour, light font style, dark font style], as shiki gives them. */
function shikiStyles(shiki: Highlighter, block: Block): string[][] {
  const lang = normaliseLang(block.lang);
  // No time limit per line, as folio tokenizes: with shiki's default (500 ms) a busy machine cut the first line of a
  // grammar short (its rules compile on first use) and the comparison failed now and then.
  const tokens = shiki.codeToTokensWithThemes(block.code, { lang: lang as never, themes: { light: LIGHT_THEME, dark: DARK_THEME }, tokenizeTimeLimit: 0 });
  return tokens.map((line) => {
    const chars: string[] = [];
    for (const token of line) {
      const light = token.variants.light;
      const dark = token.variants.dark;
      const style = lang === 'text' ? '' : `${light.color?.toUpperCase()}|${dark.color?.toUpperCase()}|${light.fontStyle ?? 0}|${dark.fontStyle ?? 0}`;
      for (const char of token.content) chars.push(/\s/.test(char) ? ' ' : style);
    }
    return chars;
  });
}

function ourStyles(lines: { content: string; style: string }[][]): string[][] {
  const fontStyle = (style: string, prefix: string) =>
    (new RegExp(`${prefix}-font-style:italic`).test(style) ? 1 : 0) |
    (new RegExp(`${prefix}-font-weight:bold`).test(style) ? 2 : 0) |
    (new RegExp(`${prefix}-text-decoration:[^;]*underline`).test(style) ? 4 : 0) |
    (new RegExp(`${prefix}-text-decoration:[^;]*line-through`).test(style) ? 8 : 0);
  return lines.map((runs) => {
    const chars: string[] = [];
    for (const run of runs) {
      const light = /--shiki-light:([^;]+)/.exec(run.style)?.[1];
      const dark = /--shiki-dark:([^;]+)/.exec(run.style)?.[1];
      const style = run.style
        ? `${light?.toUpperCase()}|${dark?.toUpperCase()}|${fontStyle(run.style, '--shiki-light')}|${fontStyle(run.style, '--shiki-dark')}`
        : '';
      for (const char of run.content) chars.push(/\s/.test(char) ? ' ' : style);
    }
    return chars;
  });
}

describe('dual-theme highlighting', () => {
  let shiki: Highlighter;
  const ours = new CodeHighlighter();
  const blocks = [...siteBlocks(), ...SAMPLES];
  beforeAll(async () => {
    shiki = await createHighlighter({ themes: [LIGHT_THEME, DARK_THEME], langs: [], engine: createOnigurumaEngine(import('shiki/wasm')) });
    for (const lang of new Set(blocks.map((block) => normaliseLang(block.lang)))) if (lang !== 'text') await shiki.loadLanguage(lang as never);
  });

  it('reads enough blocks from the site to mean something', () => {
    expect(blocks.length).toBeGreaterThan(200);
    expect(new Set(blocks.map((block) => normaliseLang(block.lang)))).toEqual(
      new Set(['typescript', 'bash', 'yaml', 'javascript', 'json', 'text', 'tsx', 'markdown']),
    );
  });

  it("gives every character shiki's colour and font style in both themes", async () => {
    const mismatches: string[] = [];
    for (const block of blocks) {
      const expected = shikiStyles(shiki, block);
      const actual = ourStyles(await ours.tokenize(block.code, block.lang));
      expect(
        actual.map((line) => line.length),
        block.where,
      ).toEqual(expected.map((line) => line.length));
      if (JSON.stringify(actual) !== JSON.stringify(expected)) mismatches.push(block.where);
    }
    expect(mismatches).toEqual([]);
  });

  it('keeps the text of every block, line for line', async () => {
    for (const block of blocks) {
      const lines = await ours.tokenize(block.code, block.lang);
      expect(lines.map((runs) => runs.map((run) => run.content).join('')).join('\n'), block.where).toBe(block.code);
    }
  });

  it('renders a <pre> with both themes, marked lines, line numbers and the language', async () => {
    const pre = await ours.highlight({ code: 'const a = 1;\nconst b = 2;\n', lang: 'ts', meta: parseCodeMeta('{2} showLineNumbers') });
    const html = toHtml(pre);
    expect(html).toMatch(
      /^<pre class="shiki shiki-themes github-light-default github-dark-default line-numbers" style="--shiki-light:#1f2328;--shiki-dark:#e6edf3;--shiki-light-bg:#ffffff;--shiki-dark-bg:#0d1117" tabindex="0" data-language="typescript"><code>/,
    );
    expect(html).toContain('<span class="line"><span style="--shiki-light:#CF222E;--shiki-dark:#FF7B72">const</span>');
    expect(html).toMatch(/<\/span>\n<span class="line highlighted"><span style="--shiki-light:#CF222E;--shiki-dark:#FF7B72">const<\/span>/);
    expect(html.match(/class="line/g)).toHaveLength(2);
  });

  it('writes the HTML of a frame exactly as hast-util-to-html writes its tree, on every block and on escapes', async () => {
    const metas = ['', '{1,3} showLineNumbers', 'title="a <b> & \'c\' \\"d\\" `e`"', 'title="x"'];
    const awkward: Block[] = [
      { where: 'escapes in code', lang: 'ts', code: 'const s = "<a href=\'x\'>&amp;</a>" + `${a && b}`;\n// \u0000 nul \u00a0 nbsp' },
      { where: 'escapes as text', lang: 'text', code: '<div>&lt;</div>\n\n  "quoted" \'single\' `tick`' },
      { where: 'emoji and surrogates', lang: 'md', code: '# 🚀 Launch\n\ud83d lone surrogate' },
      { where: 'an unknown language', lang: 'x"y&z', code: 'a < b' },
      { where: 'blank lines only', lang: 'bash', code: '\n\n' },
    ];
    let compared = 0;
    for (const block of [...blocks, ...awkward]) {
      for (const metaText of metas) {
        const meta = parseCodeMeta(metaText);
        const tree = toHtml(
          codeBlockFrame({ pre: await ours.highlight({ code: block.code, lang: block.lang, meta }), title: meta.title, language: normaliseLang(block.lang) }),
        );
        expect(await ours.highlightHtml({ code: block.code, lang: block.lang, meta }), `${block.where} ${metaText}`).toBe(tree);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(800);
  });
});

describe('lines remembered (LineMemo)', () => {
  // Lines that come back in other states: a heredoc's body line that is another heredoc's end, a
  // fence's line that is another fence's end (end patterns with back-references), braces at several depths, a comment's end inside
  // and outside a comment, a YAML key in and out of a block scalar, a template literal's body.
  const REPEATS: Block[] = [
    { where: 'heredocs', lang: 'bash', code: 'cat <<EOF\nEND\nEOF\ncat <<END\nEOF\nEND\ncat <<EOF\nEND\nEOF\necho done\n' },
    { where: 'braces', lang: 'ts', code: 'function a() {\n  if (x) {\n    y();\n  }\n}\n}\nconst t = `\n}\n*/\n${a}`;\n/*\n}\n*/\n*/\n' },
    { where: 'yaml', lang: 'yaml', code: 'a: |\n  b: 1\n  # c\nb: 1\n# c\nd: >\n  b: 1\n' },
    { where: 'json', lang: 'json', code: '{\n  "a": {\n    "b": "}"\n  },\n  "b": "}"\n}\n' },
    // A fence's end repeats its opening (a back-reference): "```" inside a "````" fence, then as
    // an end (the heading after it is coloured only if the fence ended).
    { where: 'fences', lang: 'md', code: '````\n```\n````\n```\ntext\n```\n# after\n' },
  ];

  // The samples tell states apart by their frames (the parent chain) and end patterns; the key's
  // scopes and EOL flag follow what vscode-textmate's own StateStackImpl.equals and its while
  // checks read, which these grammars do not vary apart from those.
  it('tokenizes each line as a highlighter that remembers none, in every order, and is used', async () => {
    const blocks = [...REPEATS, ...REPEATS.slice().reverse(), ...siteBlocks().slice(0, 80), ...REPEATS];
    const remembering = new CodeHighlighter();
    const forgetting = new CodeHighlighter({ memoLines: 0 });
    const tiny = new CodeHighlighter({ memoLines: 3 });
    for (const block of blocks) {
      const expected = await forgetting.tokenize(block.code, block.lang);
      expect(await remembering.tokenize(block.code, block.lang), block.where).toEqual(expected);
      expect(await tiny.tokenize(block.code, block.lang), block.where).toEqual(expected);
    }
    expect(forgetting.linesRemembered).toBe(0);
    expect(remembering.linesRemembered).toBeGreaterThan(300);
    expect(tiny.linesRemembered).toBeGreaterThan(0);
  });

  it('remembers no line of a state nested so deep that its key would be long (memory stays bounded)', async () => {
    const code = `${'f(\n'.repeat(300)}${'x,\n'.repeat(50)}`;
    const remembering = new CodeHighlighter();
    expect(await remembering.tokenize(code, 'ts')).toEqual(await new CodeHighlighter({ memoLines: 0 }).tokenize(code, 'ts'));
    expect(remembering.linesRemembered).toBe(0);
    // The same repeated line in a shallow state is remembered.
    await remembering.tokenize('f(\nx,\nx,\nx,\n', 'ts');
    expect(remembering.linesRemembered).toBeGreaterThan(0);
  });
});

/** Oniguruma's engine, recording the list of patterns of each scanner it compiles. */
async function countingEngine() {
  const base = await createOnigurumaEngine(import('shiki/wasm'));
  const compiled: string[][] = [];
  const counting = {
    createString: base.createString,
    createScanner: (patterns: (string | RegExp)[]) => {
      compiled.push(patterns.map(String));
      return base.createScanner(patterns);
    },
  };
  return { counting, compiled };
}

describe('sharingScanners', () => {
  it('compiles each distinct list of patterns once and answers every rule that asks for it', async () => {
    const { counting, compiled } = await countingEngine();
    const engine = sharingScanners(counting);
    const first = engine.createScanner(['a+', 'b']);
    const again = engine.createScanner(['a+', 'b']);
    const other = engine.createScanner(['b', 'a+']);
    expect(compiled).toEqual([
      ['a+', 'b'],
      ['b', 'a+'],
    ]);
    expect(again).toBe(first);
    expect(first.findNextMatchSync(engine.createString('xxaab'), 0, 0)?.captureIndices[0]).toMatchObject({ start: 2, end: 4 });
    expect(other.findNextMatchSync(engine.createString('xxaab'), 0, 0)?.index).toBe(1);
  });

  it('stops sharing past MAX_SHARED lists: later ones are compiled for each rule again, as without sharing', () => {
    let compiled = 0;
    const engine = sharingScanners({
      createString: (text: string) => ({ content: text }),
      createScanner: () => {
        compiled++;
        return { findNextMatchSync: () => null };
      },
    } as never);
    for (let i = 0; i < MAX_SHARED; i++) engine.createScanner([`a${i}`]);
    engine.createScanner(['a0']);
    expect(compiled).toBe(MAX_SHARED);
    engine.createScanner(['late']);
    engine.createScanner(['late']);
    expect(compiled).toBe(MAX_SHARED + 2);
  });
});

describe('patternFirstScanners', () => {
  // Lists that tell the answers apart: two patterns matching at one place (the earlier wins), a
  // later pattern matching earlier in the text, \G (the search's start, never answered from a
  // last search), lookbehind before the start, empty matches, captures, and text outside ASCII.
  const LISTS = [
    ['b+', 'a+', 'ab'],
    ['ab', 'a', '(a)(b)?'],
    ['\\Gx', 'x+', '(?<=y)x'],
    ['\\G', '$', '(?<=a)'],
    ['[é€]+', '\\w+', '\\s(?<word>\\w)'],
    ['(?=x)', 'y'],
  ];
  const TEXTS = ['aab bab xxyx', 'xyx xx é€ word', 'yyxxyy aaaa', `${'ab x€ '.repeat(300)}\n`, ''];

  it.each([
    ['pattern by pattern throughout', 0],
    ['compiled whole after some searches', SEARCH_WEIGHT],
  ])("gives oniguruma's own answer at every start, searched in order and out of order: %s", async (_, weight) => {
    const base = await createOnigurumaEngine(import('shiki/wasm'));
    const engine = patternFirstScanners(base, undefined, undefined, weight);
    let calls = 0;
    for (const patterns of LISTS) {
      const ours = engine.createScanner(patterns);
      const theirs = base.createScanner(patterns);
      for (const text of TEXTS) {
        const string = engine.createString(text);
        const starts = [...Array(Math.min(text.length, 60) + 1).keys()];
        for (const start of [...starts, ...starts.reverse(), 5, 3, 5, 0]) {
          calls++;
          const expected = theirs.findNextMatchSync(string, start, 0);
          expect(ours.findNextMatchSync(string, start, 0), `${patterns.join(' | ')} in ${JSON.stringify(text.slice(0, 20))} from ${start}`).toEqual(expected);
        }
      }
    }
    expect(calls).toBeGreaterThan(1000);
  });

  it('compiles each pattern once for every list that holds it, and a list whole only once it was searched enough', async () => {
    const { counting, compiled } = await countingEngine();
    const engine = patternFirstScanners(counting);
    const first = engine.createScanner(['a+', 'b', 'c']);
    const second = engine.createScanner(['c', 'a+', 'd']);
    expect(compiled).toEqual([['a+'], ['b'], ['c'], ['d']]);
    // The first list holds 4 characters of patterns: one search tries its 3 patterns, and since
    // 3 × SEARCH_WEIGHT ≥ 4 the next search compiles it whole.
    expect(3 * SEARCH_WEIGHT).toBeGreaterThanOrEqual(4);
    expect(first.findNextMatchSync(engine.createString('zzzz'), 0, 0)).toBeNull();
    expect(compiled).toHaveLength(4);
    expect(first.findNextMatchSync(engine.createString('zzbz'), 0, 0)).toMatchObject({ index: 1, captureIndices: [{ start: 2, end: 3 }] });
    expect(compiled.at(-1)).toEqual(['a+', 'b', 'c']);
    expect(second.findNextMatchSync(engine.createString('xxda'), 0, 0)).toMatchObject({ index: 2 });
    expect(compiled).toHaveLength(5);
  });

  it('compiles lists whole at once when asked to (a large build)', async () => {
    const { counting, compiled } = await countingEngine();
    const engine = patternFirstScanners(counting, undefined, () => true);
    engine.createScanner(['a+', 'b']);
    expect(compiled).toEqual([['a+', 'b']]);
  });
});

describe('parseCodeMeta', () => {
  it('marks the lines of every range once, in any order, and none past MAX_MARKED_LINE', () => {
    expect([...parseCodeMeta('{5, 2-3,1-2} title="a"').highlightLines].sort((a, b) => a - b)).toEqual([1, 2, 3, 5]);
    expect(parseCodeMeta('{4-2}').highlightLines.size).toBe(0);
    const huge = parseCodeMeta(`{1-999999999,${Array.from({ length: 200 }, () => '1-99999999').join(',')}}`).highlightLines;
    expect(huge.size).toBe(MAX_MARKED_LINE);
    expect(huge.has(MAX_MARKED_LINE)).toBe(true);
    expect(huge.has(MAX_MARKED_LINE + 1)).toBe(false);
  });
});
