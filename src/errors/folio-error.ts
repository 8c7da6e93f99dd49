/**
 * Every expected failure of a build is a FolioError: a stable code from the
 * catalogue, what happened, where (file:line:column) and what to do.
 * Expected errors print without a stack trace.
 */
import { catalogue, type ErrorCode } from './catalogue.js';

export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

export interface FolioErrorInit {
  code: ErrorCode;
  message: string;
  location?: SourceLocation;
  /** The offending source line, shown under the message. */
  excerpt?: string;
  hint?: string;
  cause?: unknown;
}

export class FolioError extends Error {
  readonly code: ErrorCode;
  readonly title: string;
  readonly location?: SourceLocation;
  readonly excerpt?: string;
  readonly hint: string;

  constructor(init: FolioErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = 'FolioError';
    this.code = init.code;
    this.title = catalogue[init.code].title;
    this.location = init.location;
    this.excerpt = init.excerpt;
    this.hint = init.hint ?? catalogue[init.code].hint;
  }
}

export function isFolioError(value: unknown): value is FolioError {
  return value instanceof Error && (value as FolioError).name === 'FolioError' && 'code' in value;
}

export function formatLocation(location: SourceLocation | undefined): string {
  if (!location) return '';
  const cwd = typeof process !== 'undefined' ? process.cwd() : '';
  let text = cwd && location.file.startsWith(`${cwd}/`) ? location.file.slice(cwd.length + 1) : location.file;
  if (location.line) text += `:${location.line}`;
  if (location.line && location.column) text += `:${location.column}`;
  return text;
}

/** Reads the given 1-based line of a source text, for error excerpts. */
export function lineOf(source: string, line: number | undefined): string | undefined {
  if (!line || line < 1) return undefined;
  const lines = source.split('\n');
  return lines[line - 1];
}

/** An error as a worker thread sends it: plain data (FolioErrors keep code, location, excerpt and hint). */
export function workerErrorData(error: unknown): Record<string, unknown> {
  return isFolioError(error)
    ? { folio: true, code: error.code, message: error.message, location: error.location, excerpt: error.excerpt, hint: error.hint }
    : { folio: false, message: (error as Error)?.stack ?? String(error) };
}

/** The error a worker thread sent (workerErrorData), rebuilt in this thread. */
export function rebuildWorkerError(reason: unknown): Error {
  const data = reason as { folio?: boolean; code?: string; message?: string; location?: FolioError['location']; excerpt?: string; hint?: string };
  if (data?.folio && data.code) {
    return new FolioError({
      code: data.code as FolioError['code'],
      message: data.message ?? '',
      location: data.location,
      excerpt: data.excerpt,
      hint: data.hint,
    });
  }
  return reason instanceof Error ? reason : new Error(String(data?.message ?? reason));
}
