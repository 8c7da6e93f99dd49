/**
 * The differential check of the parse pre-pass (src/markdown/syntax-needs.ts) and the fast path
 * (src/markdown/fast-parse.ts): a source parsed and compiled as folio does (fast path, or the
 * extensions the pre-pass chose) and with every extension (the reference path) must give the same syntax tree (positions included) and the same compiled page (HTML,
 * excerpt, headings, ids, links, words…), or the same error. The compiled pages are compared for
 * every input: the reference path also serializes with hast-util-to-html, folio's with hast-html.ts. Used by
 * test/unit/markdown/syntax-needs.test.ts and bench/differential.mjs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseFrontMatter } from '../../src/content/front-matter.js';
import { applyCompat } from '../../src/markdown/compat.js';
import { compileMarkdown, parseMarkdown } from '../../src/markdown/compile.js';
import { fastParse } from '../../src/markdown/fast-parse.js';
import type { CodeHighlighter } from '../../src/markdown/highlight.js';
import { syntaxNeeds } from '../../src/markdown/syntax-needs.js';

export interface Difference {
  name: string;
  what: 'tree' | 'compiled';
  pruned: string;
  full: string;
}

export interface DifferentialTally {
  /** Inputs compared. */
  inputs: number;
  /** Inputs the pre-pass gave fewer extensions than all, or the fast path took (only these can differ). */
  pruned: number;
  /** Inputs the fast path (fast-parse.ts) took. */
  fast: number;
  differences: Difference[];
}

export const newTally = (): DifferentialTally => ({ inputs: 0, pruned: 0, fast: 0, differences: [] });

const COMPAT = { comments: true, admonitions: true, headingIds: true };

/** Result or error as one comparable string. */
async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    return JSON.stringify(await run());
  } catch (error) {
    const e = error as { code?: string; message?: string; location?: unknown };
    return `error ${e.code ?? ''} ${e.message ?? String(error)} ${JSON.stringify(e.location ?? null)}`;
  }
}

async function withFullParse<T>(full: boolean, run: () => Promise<T>): Promise<T> {
  const before = process.env.FOLIO_FULL_PARSE;
  if (full) process.env.FOLIO_FULL_PARSE = '1';
  else delete process.env.FOLIO_FULL_PARSE;
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env.FOLIO_FULL_PARSE;
    else process.env.FOLIO_FULL_PARSE = before;
  }
}

/**
 * Markdown text as the parser gets it: both syntax trees must be equal. Returns whether folio's
 * parse differs from the reference path at all for this text (fast path or fewer extensions).
 */
export async function compareTree(tally: DifferentialTally, name: string, text: string, { mdx }: { mdx: boolean }): Promise<boolean> {
  tally.inputs++;
  const needs = await withFullParse(false, async () => syntaxNeeds(text));
  const fast = await withFullParse(false, async () => fastParse(text, { mdx }) !== undefined);
  if (fast) tally.fast++;
  if (!fast && Object.values(needs).every(Boolean)) return false;
  tally.pruned++;
  const pruned = await withFullParse(false, () => outcome(() => parseMarkdown(text, { mdx })));
  const full = await outcome(() => parseMarkdown(text, { mdx, full: true }));
  if (pruned !== full) tally.differences.push({ name, what: 'tree', pruned, full });
  return true;
}

/** A source file (front matter and all): the trees and the compiled pages must be equal. */
export async function compareFile(
  tally: DifferentialTally,
  { name, source, file, highlighter }: { name: string; source: string; file: string; highlighter: CodeHighlighter },
): Promise<void> {
  let parsed: ReturnType<typeof parseFrontMatter>;
  try {
    parsed = parseFrontMatter({ source, file });
  } catch {
    return; // a fixture with broken front matter never reaches the parser
  }
  const { body, bodyLineOffset } = parsed;
  // As its extension says (`format: 'detect'`), and, for a .md file, as MDX too (`format: 'mdx'`,
  // Docusaurus's default and this site's: a comment is then blanked by compat.ts, not HTML).
  for (const format of file.endsWith('.mdx') ? (['detect'] as const) : (['detect', 'mdx'] as const)) {
    const mdx = format === 'mdx' || file.endsWith('.mdx');
    const { text } = applyCompat(body, mdx ? COMPAT : { comments: false, admonitions: true, headingIds: true });
    const before = tally.differences.length;
    const label = format === 'mdx' && !file.endsWith('.mdx') ? `${name} (as MDX)` : name;
    await compareTree(tally, label, text, { mdx });
    // Compiled either way, whatever the parse: the reference path also writes the HTML with
    // hast-util-to-html, folio's path with its own serializer (src/markdown/hast-html.ts).
    if (tally.differences.length > before) continue;
    const compile = () =>
      compileMarkdown({
        body,
        file,
        bodyLineOffset,
        source,
        options: { format, compat: COMPAT },
        highlighter,
        cacheSalt: 'differential',
      });
    const pruned = await withFullParse(false, () => outcome(compile));
    const full = await withFullParse(true, () => outcome(compile));
    if (pruned !== full) tally.differences.push({ name: label, what: 'compiled', pruned, full });
  }
}

/** Every .md and .mdx file under `dir`, sorted. */
export function markdownFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'out' || entry.name.startsWith('.')) continue;
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.mdx?$/.test(entry.name)) out.push(full);
    }
  };
  walk(dir);
  return out.sort();
}

export async function compareFiles(
  tally: DifferentialTally,
  files: string[],
  { base, highlighter }: { base: string; highlighter: CodeHighlighter },
): Promise<void> {
  for (const file of files) {
    await compareFile(tally, { name: path.relative(base, file), source: readFileSync(file, 'utf8'), file, highlighter });
  }
}

/** The first differences, for an assertion message or the bench's output. */
export function describeDifferences(tally: DifferentialTally, limit = 3): string {
  return tally.differences
    .slice(0, limit)
    .map((d) => `${d.name} (${d.what}):\n  pruned: ${d.pruned.slice(0, 600)}\n  full:   ${d.full.slice(0, 600)}`)
    .join('\n');
}
