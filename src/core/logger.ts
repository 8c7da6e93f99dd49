import pc from 'picocolors';
import { asFolioError, catalogue, formatLocation, type ErrorCode } from '../errors/index.js';
import type { Warning } from './warnings.js';

export interface Logger {
  info(message: string): void;
  stage(name: string, ms: number, detail?: string): void;
  warn(warning: Warning): void;
  /** A warning the site asked to see as information only (an `onBroken*` option set to `log`). */
  note(warning: Warning): void;
  error(error: unknown): void;
}

export interface LoggerOptions {
  quiet?: boolean;
  /** Print the stack trace of errors (also on with FOLIO_DEBUG=1). */
  debug?: boolean;
  write?: (line: string) => void;
  writeError?: (line: string) => void;
}

export function formatWarning(warning: Warning, label = pc.yellow('warning')): string {
  const where = formatLocation(warning.location);
  return `${label} ${pc.dim(warning.code)} ${where ? `${where}: ` : ''}${warning.message}`;
}

/** Whether stack traces are wanted: `--debug` or the FOLIO_DEBUG environment variable. */
export function debugWanted(flag?: boolean): boolean {
  const env = process.env.FOLIO_DEBUG;
  return flag === true || (env !== undefined && env !== '' && env !== '0' && env !== 'false');
}

/** An error as the terminal shows it: code, title, where, message, excerpt, hint; the stack only when debugging. */
export function formatError(error: unknown, { debug = debugWanted() }: { debug?: boolean } = {}): string {
  const folio = asFolioError(error);
  const where = formatLocation(folio.location);
  const lines = [`${pc.red('error')} ${pc.dim(folio.code)} ${folio.title}`];
  lines.push(`  ${where ? `${where}: ` : ''}${folio.message}`);
  if (folio.excerpt !== undefined) {
    const lineNo = folio.location?.line ? String(folio.location.line) : '';
    lines.push(`  ${pc.dim(`${lineNo} |`)} ${folio.excerpt}`);
    if (folio.location?.column) {
      lines.push(`  ${' '.repeat(lineNo.length)} ${pc.dim('|')} ${' '.repeat(folio.location.column - 1)}${pc.red('^')}`);
    }
  }
  lines.push(`  ${pc.cyan('hint')} ${folio.hint}`);
  if (debug) {
    const cause = folio.cause instanceof Error ? folio.cause : folio;
    lines.push(pc.dim(cause.stack ?? String(cause)));
  }
  return lines.join('\n');
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const out = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = options.writeError ?? ((line: string) => process.stderr.write(`${line}\n`));
  // What to do about a kind of warning is said once, under its first occurrence.
  const hinted = new Set<ErrorCode>();
  const hintOnce = (code: ErrorCode, write: (line: string) => void) => {
    if (hinted.has(code)) return;
    hinted.add(code);
    write(`  ${pc.cyan('hint')} ${catalogue[code].hint}`);
  };
  return {
    info(message) {
      if (!options.quiet) out(message);
    },
    stage(name, ms, detail) {
      if (options.quiet) return;
      out(`  ${pc.green('✓')} ${name.padEnd(18)} ${formatMs(ms).padStart(8)}${detail ? pc.dim(`  ${detail}`) : ''}`);
    },
    warn(warning) {
      err(formatWarning(warning));
      hintOnce(warning.code, err);
    },
    note(warning) {
      if (options.quiet) return;
      out(formatWarning(warning, pc.blue('info')));
    },
    error(error) {
      err(formatError(error, { debug: debugWanted(options.debug) }));
    },
  };
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}
