import path from 'node:path';
import { hashOf } from '../core/hash.js';
import { parseFrontMatter } from './front-matter.js';
import { readText, type Warn } from './read-text.js';

/** One markdown/MDX file as read from disk. */
export interface SourceFile {
  /** Absolute path. */
  file: string;
  /** Path relative to its section folder, with forward slashes. */
  relPath: string;
  source: string;
  frontMatter: Record<string, unknown>;
  body: string;
  bodyLineOffset: number;
  /** Hash of the file's text. */
  hash: string;
  /**
   * `source` and `body` are empty: a one-shot build let them go once the file was compiled
   * (`releaseText`). The rest (path, front matter, hash, line offset) is as read.
   */
  textReleased?: true;
}

/**
 * Lets the text of compiled sources go, in a one-shot build (nothing after its compile reads a
 * file's text: the errors that quote a line come from discovery and the compile). The content
 * stays referenced to the build's end (its result, the blog's next scheduled post), and at
 * 10,000 pages its text was 57 MB of the heap to the end, which V8's heap growth multiplied at the
 * build's peak of memory.
 */
export function releaseText(sources: Iterable<SourceFile>): void {
  for (const source of sources) {
    source.source = '';
    source.body = '';
    source.textReleased = true;
  }
}

/** Reads one markdown/MDX file; `warn` hears about bytes that are not UTF-8. */
export function readSource({ file, baseDir, warn }: { file: string; baseDir: string; warn?: Warn }): SourceFile {
  const source = readText(file, { warn });
  const { data, body, bodyLineOffset } = parseFrontMatter({ source, file });
  return {
    file,
    relPath: toPosix(path.relative(baseDir, file)),
    source,
    frontMatter: data,
    body,
    bodyLineOffset,
    hash: hashOf(source).slice(0, 20),
  };
}

export function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/** `01-intro` → `{ name: 'intro', position: 1 }` (Docusaurus number prefixes). */
export function stripNumberPrefix(name: string): { name: string; position?: number } {
  const match = /^(\d+)\s*[-_.]\s*(.+)$/.exec(name);
  if (!match) return { name };
  return { name: match[2], position: Number(match[1]) };
}
