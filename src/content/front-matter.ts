/**
 * Front matter parsing: the plain kind most pages have read directly (plain-front-matter.ts),
 * anything else with gray-matter and js-yaml (loaded on the first such file). YAML errors and
 * wrongly typed fields become FolioErrors that name the file and the line.
 */
import { createRequire } from 'node:module';
import type GrayMatter from 'gray-matter';
import { FolioError, lineOf } from '../errors/index.js';
import { yamlErrorPosition } from './parse-location.js';
import { plainFrontMatter } from './plain-front-matter.js';

let grayMatter: typeof GrayMatter | undefined;
/** gray-matter with a fresh options object each time, which disables its global cache (it would hand back stale results for edited files in watch mode). */
const matter = (source: string) => (grayMatter ??= createRequire(import.meta.url)('gray-matter') as typeof GrayMatter)(source, {});

export interface ParsedSource {
  data: Record<string, unknown>;
  /** Markdown after the front matter. */
  body: string;
  /** Number of lines before the body (to map body lines to file lines). */
  bodyLineOffset: number;
}

export function parseFrontMatter({ source, file }: { source: string; file: string }): ParsedSource {
  if (!/^---\r?\n/.test(source)) return { data: {}, body: source, bodyLineOffset: 0 };
  // gray-matter closes the front matter at the first line that starts with ---; without one it
  // would parse the whole file as YAML and report an error somewhere in the markdown.
  const closeAt = source.indexOf('\n---', 3);
  if (closeAt < 0) {
    throw new FolioError({
      code: 'FRONT_MATTER_SYNTAX',
      message: 'the front matter opened here has no closing --- line',
      location: { file, line: 1 },
      excerpt: excerptOf(source, 1),
      hint: 'Add a line with --- after the last front matter field, or remove this --- if the file has no front matter.',
    });
  }
  // The plain kind (LF line ends), cut where gray-matter cuts: the body starts after the closing
  // `---` and one line end.
  if (source[3] === '\n') {
    const data = plainFrontMatter(source.slice(3, closeAt));
    if (data) {
      let body = source.slice(closeAt + 4);
      if (body[0] === '\r') body = body.slice(1);
      if (body[0] === '\n') body = body.slice(1);
      return { data, body, bodyLineOffset: lineCount(source, source.length - body.length) };
    }
  }
  let parsed: GrayMatter.GrayMatterFile<string>;
  try {
    parsed = matter(source);
  } catch (error) {
    // The YAML text starts right after the opening --- (its first line is the rest of file line 1).
    const at = yamlErrorPosition(error, source.slice(3, closeAt), 1);
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    throw new FolioError({
      code: 'FRONT_MATTER_SYNTAX',
      message: reason,
      location: { file, line: at?.line ?? 1, column: at?.column },
      excerpt: excerptOf(source, at?.line ?? 1),
    });
  }
  const data = (parsed.data ?? {}) as Record<string, unknown>;
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new FolioError({ code: 'FRONT_MATTER_INVALID', message: 'front matter must be a mapping of keys to values', location: { file, line: 2 } });
  }
  return { data: normaliseDates(data), body: parsed.content, bodyLineOffset: lineCount(source, source.length - parsed.content.length) };
}

/** How many line ends `source` has before `end`. */
function lineCount(source: string, end: number): number {
  let count = 0;
  for (let at = source.indexOf('\n'); at >= 0 && at < end; at = source.indexOf('\n', at + 1)) count++;
  return count;
}

function normaliseDates(data: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(data)) {
    if (value instanceof Date) data[key] = value.toISOString();
  }
  return data;
}

type FieldType = 'string' | 'number' | 'boolean' | 'string[]' | 'date' | 'authors' | 'tags' | 'string|number';

/** Checks the types of known fields; unknown fields are kept as they are. */
export function checkFields({
  data,
  fields,
  file,
  source,
}: {
  data: Record<string, unknown>;
  fields: Record<string, FieldType>;
  file: string;
  source: string;
}): void {
  for (const [key, type] of Object.entries(fields)) {
    const value = data[key];
    if (value === undefined || value === null) continue;
    if (!matches(value, type)) {
      const line = findFrontMatterLine(source, key);
      throw new FolioError({
        code: 'FRONT_MATTER_INVALID',
        message: `"${key}" must be ${describe(type)}, got ${JSON.stringify(value)}`,
        location: { file, line },
        excerpt: excerptOf(source, line),
      });
    }
  }
}

/** The file's line for an error excerpt, without the carriage return of CRLF files. */
export function excerptOf(source: string, line: number | undefined): string | undefined {
  return lineOf(source, line)?.replace(/\r$/, '');
}

function matches(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string|number':
      return typeof value === 'string' || typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'string[]':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'date':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    case 'authors':
    case 'tags': {
      const list = Array.isArray(value) ? value : [value];
      return list.every((v) => typeof v === 'string' || (typeof v === 'object' && v !== null && !Array.isArray(v)));
    }
  }
}

function describe(type: FieldType): string {
  return {
    string: 'a string',
    number: 'a number',
    'string|number': 'a string or a number',
    boolean: 'true or false',
    'string[]': 'a list of strings',
    date: 'a date (YYYY-MM-DD)',
    authors: 'an author key, an author object or a list of them',
    tags: 'a tag key, a tag object or a list of them',
  }[type];
}

/** The file line of a top-level front matter key (`key:`, `"key":`, `key :`), if it is there. */
export function findFrontMatterLine(source: string, key: string): number | undefined {
  if (!/^---\r?\n/.test(source)) return undefined;
  const lines = source.split('\n');
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].startsWith('---')) return undefined;
    const name = /^(["']?)(.*?)\1\s*:(\s|$)/.exec(lines[i]);
    if (name && name[2] === key) return i + 1;
  }
  return undefined;
}
