/**
 * The one-shot build (`folio build`): a full build into a fresh temporary
 * folder, swapped into the output folder when it succeeded (full-build.ts).
 * Watch mode runs the same stages through a BuildSession (session.ts),
 * which then updates the site incrementally.
 */
import path from 'node:path';
import type { RouteTable } from '../routes/types.js';
import type { Content } from '../content/types.js';
import type { CodeHighlighter } from '../markdown/highlight.js';
import type { BuildMode } from '../core/context.js';
import { fullBuild } from './full-build.js';
import { createLogger, type Logger } from '../core/logger.js';
import type { Warning } from '../core/warnings.js';

export { folioVersion } from '../core/version.js';

export interface BuildOptions {
  root: string;
  outDir?: string;
  mode?: BuildMode;
  /** Warnings fail the build. */
  strict?: boolean;
  quiet?: boolean;
  logger?: Logger;
  /** Use the persistent cache in .folio-cache (default true). */
  useCache?: boolean;
  now?: Date;
  /** Reused across builds in watch mode (grammars stay loaded). */
  highlighter?: CodeHighlighter;
  /** Threads compiling markdown, the main one included, at most one per core (1: single-threaded). Default: the core count once there is enough markdown. */
  threads?: number;
  /** Run every stage even when nothing changed since the last build (up-to-date.ts). */
  force?: boolean;
}

export interface BuildResult {
  ok: boolean;
  outDir: string;
  pages: number;
  warnings: Warning[];
  timings: Record<string, number>;
  durationMs: number;
  error?: unknown;
  table?: RouteTable;
  /**
   * What the build found. A one-shot build lets the markdown's text go once it is compiled: its
   * sources are there with `textReleased` and empty `source` and `body`.
   */
  content?: Content;
  /** Files compiled this build (not from the cache). */
  compiledCount?: number;
  assetSizes?: Record<string, number>;
  /** Nothing changed since the last build: the output was left as it was. */
  upToDate?: boolean;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const root = path.resolve(options.root);
  const { result } = await fullBuild({
    root,
    outDir: path.resolve(root, options.outDir ?? 'out'),
    mode: options.mode ?? 'production',
    strict: options.strict,
    logger: options.logger ?? createLogger({ quiet: options.quiet }),
    report: true,
    useCache: options.useCache,
    now: options.now ?? new Date(),
    highlighter: options.highlighter,
    threads: options.threads,
    reuseOutput: true,
    force: options.force,
    enforce: true,
  });
  return result;
}
