/**
 * Where a build's output goes: the interface the stages write through (renderPages, the
 * emitters, the bundlers). Its two implementations are in src/build/sink.ts. Paths are URL
 * paths of the site (`/docs/x/index.html`).
 */
import type { Warning } from './warnings.js';

/** A page of the previous output: where its files are and their state when written. */
export interface KeptPage {
  files?: string[];
  stats?: string[];
}

export interface OutputSink {
  /** A folder for tools that write whole trees (the bundlers); what they put there is output. */
  readonly dir: string;
  /** Writes a file; it is written (or staged) when this returns. */
  write(urlPath: string, contents: string | Uint8Array): void;
  /** Writes an emitter's file: never over a file this build already wrote. */
  emit(urlPath: string, contents: string | Uint8Array): Promise<void> | void;
  copy(urlPath: string, source: string): void;
  /** Publishes the static folder (whole, or the changed entries of it). */
  copyStatic(input: { staticDir: string; entries?: string[]; root: string; warn: (warning: Warning) => void }): void;
  /** Keeps a page of the previous output as it is; false when it cannot (render it instead). */
  keep(page: KeptPage): boolean;
  /** A file of the previous output that no longer belongs to the site. */
  remove(urlPath: string): void;
  /** The site's files that are not pages (link targets), as the output will be. */
  files(): Promise<Set<string>>;
  /**
   * Begins making the folders of files the build will write (URL paths), a few at a time between
   * other work: a build from scratch asks for its pages' folders while the compile runs on other
   * threads. `finish` makes the rest now (before the static folder is copied, so a static file in
   * a page's way is found there), `stop` drops them (a failed compile). Optional: a write makes
   * its folder anyway.
   */
  makeFoldersAhead?(urlPaths: readonly string[]): { finish(): void; stop(): void };
  /** Drops everything written (a failed build). */
  discard(): Promise<void>;
}
