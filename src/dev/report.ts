/**
 * What the dev server tells the terminal and the browser about a rebuild:
 * one terminal line per rebuild (what changed, pages re-rendered, time),
 * the `update` event payload, and the overlay's view of a build error.
 */
import path from 'node:path';
import pc from 'picocolors';
import type { UpdateFailure, UpdateSuccess } from '../build/session.js';
import { formatMs } from '../core/logger.js';
import { isFolioError } from '../errors/index.js';

/** A changed file as the terminal shows it: relative to the site, or to folio for theme files. */
export function displayPath(file: string, { root, themeRoot }: { root: string; themeRoot: string }): string {
  const relative = (from: string) => path.relative(from, file).split(path.sep).join('/');
  const inRoot = relative(root);
  if (!inRoot.startsWith('..')) return inRoot;
  const inTheme = relative(themeRoot);
  return inTheme.startsWith('..') ? file : inTheme;
}

export function describeChanged(files: readonly string[], where: { root: string; themeRoot: string }): string {
  if (!files.length) return 'rebuild';
  const shown = files.slice(0, 3).map((file) => displayPath(file, where));
  return files.length > 3 ? `${shown.join(', ')} +${files.length - 3} more` : shown.join(', ');
}

function clock(date: Date): string {
  return pc.dim(date.toTimeString().slice(0, 8));
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function successLine({ result, where, now = new Date() }: { result: UpdateSuccess; where: { root: string; themeRoot: string }; now?: Date }): string {
  const changed = describeChanged(result.changed, where);
  const pages = result.rendered.filter((route) => route !== '/404');
  let what: string;
  if (result.kind === 'full') what = `full rebuild, ${plural(pages.length, 'page')}`;
  else if (result.reload === 'css') what = `stylesheet swapped, ${plural(pages.length, 'page')} re-rendered`;
  else {
    what = `${plural(pages.length, 'page')} re-rendered`;
    if (pages.length > 0 && pages.length <= 3) what += ` (${pages.join(', ')})`;
  }
  if (result.removed.length) what += `, ${plural(result.removed.length, 'page')} removed`;
  if (result.kind === 'incremental' && result.compiled) what += `, ${result.compiled} compiled`;
  return `${clock(now)} ${pc.green('✓')} ${changed} → ${what} in ${formatMs(result.durationMs)}`;
}

export function failureLine({ result, where, now = new Date() }: { result: UpdateFailure; where: { root: string; themeRoot: string }; now?: Date }): string {
  return `${clock(now)} ${pc.red('✗')} ${describeChanged(result.changed, where)} → build failed in ${formatMs(result.durationMs)}; still serving the last good site`;
}

export interface ErrorPayload {
  code?: string;
  title: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  excerpt?: string;
  hint?: string;
}

export function errorPayload(error: unknown, where: { root: string; themeRoot: string }): ErrorPayload {
  if (isFolioError(error)) {
    return {
      code: error.code,
      title: error.title,
      message: error.message,
      ...(error.location ? { file: displayPath(error.location.file, where) } : {}),
      ...(error.location?.line ? { line: error.location.line } : {}),
      ...(error.location?.column ? { column: error.location.column } : {}),
      ...(error.excerpt !== undefined ? { excerpt: error.excerpt } : {}),
      hint: error.hint,
    };
  }
  const err = error instanceof Error ? error : new Error(String(error));
  return { title: 'Unexpected build failure', message: err.stack ?? err.message };
}

export function updatePayload(result: UpdateSuccess, where: { root: string; themeRoot: string }) {
  return {
    kind: result.kind,
    changed: result.changed.map((file) => displayPath(file, where)),
    rendered: result.rendered,
    removed: result.removed,
    reload: result.reload,
    styles: result.styles,
    compiled: result.compiled,
    durationMs: Math.round(result.durationMs),
  };
}
