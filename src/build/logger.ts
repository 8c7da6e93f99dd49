import pc from 'picocolors';
import { FolioError, formatLocation } from '../errors/index.js';
import type { Warning } from './warnings.js';

export interface Logger {
  info(message: string): void;
  stage(name: string, ms: number, detail?: string): void;
  warn(warning: Warning): void;
  error(error: unknown): void;
}

export interface LoggerOptions {
  quiet?: boolean;
  write?: (line: string) => void;
  writeError?: (line: string) => void;
}

export function formatWarning(warning: Warning): string {
  const where = formatLocation(warning.location);
  return `${pc.yellow('warning')} ${pc.dim(warning.code)} ${where ? `${where}: ` : ''}${warning.message}`;
}

export function formatError(error: unknown): string {
  if (error instanceof FolioError) {
    const where = formatLocation(error.location);
    const lines = [`${pc.red('error')} ${pc.dim(error.code)} ${error.title}`];
    lines.push(`  ${where ? `${where}: ` : ''}${error.message}`);
    if (error.excerpt !== undefined) {
      const lineNo = error.location?.line ? String(error.location.line) : '';
      lines.push(`  ${pc.dim(`${lineNo} |`)} ${error.excerpt}`);
      if (error.location?.column) {
        lines.push(`  ${' '.repeat(lineNo.length)} ${pc.dim('|')} ${' '.repeat(error.location.column - 1)}${pc.red('^')}`);
      }
    }
    lines.push(`  ${pc.cyan('hint')} ${error.hint}`);
    return lines.join('\n');
  }
  const err = error instanceof Error ? error : new Error(String(error));
  return `${pc.red('error')} unexpected failure: ${err.stack ?? err.message}`;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const out = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = options.writeError ?? ((line: string) => process.stderr.write(`${line}\n`));
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
    },
    error(error) {
      err(formatError(error));
    },
  };
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}
