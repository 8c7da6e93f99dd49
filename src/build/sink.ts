/**
 * Where a build's output goes. The pipeline (pipeline.ts) writes through one interface with
 * two implementations:
 *
 * - `FolderSink`, a build from scratch: a fresh temporary folder next to the output, written
 *   as the stages go and swapped in for the output folder when everything succeeded
 *   (output.ts). Unchanged pages of the previous output are hard-linked into it (`keep`).
 * - `StagedSink`, an update (watch mode): files are collected (staging.ts) and, when
 *   everything succeeded, renamed into the live output one by one; files that no longer
 *   belong to the site are deleted after that.
 *
 * Paths are URL paths of the site (`/docs/x/index.html`).
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyStatic } from '../assets/emit-assets.js';
import type { Warning } from '../core/warnings.js';
import { carryOver, statOf } from './incremental/reuse-output.js';
import { isLinkTargetFile } from './incremental/session-state.js';
import { PendingOutput, removeOutputFiles } from './incremental/staging.js';
import { discardOutput, linkTargetFiles, makeDirOnce, outputTarget, writeOutputFile } from './output.js';
import type { KeptPage, OutputSink } from '../core/output-sink.js';

export type { KeptPage, OutputSink } from '../core/output-sink.js';

/** Folders made in one turn of makeFoldersAhead (a few milliseconds: the compile's messages wait no longer). */
const FOLDERS_PER_TURN = 16;

/** A build from scratch into a fresh folder (made by the caller with createTempOutput). */
export class FolderSink implements OutputSink {
  private readonly dirs = new Set<string>();

  /** `previousDir`: the output folder whose unchanged pages may be kept (a warm one-shot build). */
  constructor(
    readonly dir: string,
    private readonly previousDir?: string,
  ) {}

  /**
   * Writes in this thread, one file after another. 64 writes at a time through libuv's pool cost
   * several times the system CPU (new files in the same new folders contend in the kernel): 2,000
   * pages' files, three rounds, 1.0-1.5 s of system CPU against 0.1-0.65 s written in turn.
   */
  write(urlPath: string, contents: string | Uint8Array): void {
    const file = outputTarget(this.dir, urlPath);
    makeDirOnce(path.dirname(file), this.dirs);
    writeFileSync(file, contents);
  }

  /**
   * Makes the folders of the files given (a build's pages and page data) in turns of
   * FOLDERS_PER_TURN, yielding to the event loop between turns; `finish` makes the rest at once,
   * `stop` gives up on them. A build from scratch runs it while its compile works on other threads
   * and this one mostly waits: creating a folder is the kernel's work on this thread either way,
   * and made here it is off the render stage, where this thread is the one every page waits for
   * (1,000 pages: ~0.2 s of `mkdir` in the render stage's profile; 10,000 pages: ~1.1 s). Only
   * folders inside the output folder (outputTarget); a path it refuses, or a folder that cannot be
   * made, ends the turns quietly: the write of that file reports it, as it would without this.
   */
  makeFoldersAhead(urlPaths: readonly string[]): { finish(): void; stop(): void } {
    let next = 0;
    let ended = false;
    const turn = (count: number) => {
      try {
        for (const end = Math.min(urlPaths.length, next + count); next < end; next++)
          makeDirOnce(path.dirname(outputTarget(this.dir, urlPaths[next])), this.dirs);
      } catch {
        ended = true;
      }
    };
    const turns = async () => {
      while (!ended && next < urlPaths.length) {
        turn(FOLDERS_PER_TURN);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    };
    void turns();
    return {
      finish: () => {
        if (!ended) turn(urlPaths.length);
        ended = true;
      },
      stop: () => {
        ended = true;
      },
    };
  }

  /** (Async: a refused file is a rejection, as an emitter's writes are awaited a few at a time.) */
  async emit(urlPath: string, contents: string | Uint8Array): Promise<void> {
    writeOutputFile(this.dir, urlPath, contents, this.dirs);
  }

  copy(urlPath: string, source: string): void {
    const target = outputTarget(this.dir, urlPath);
    makeDirOnce(path.dirname(target), this.dirs);
    copyFileSync(source, target);
  }

  copyStatic({ staticDir, root, warn }: { staticDir: string; root: string; warn: (warning: Warning) => void }): void {
    copyStatic({ staticDir, outDir: this.dir, root, warn });
  }

  keep({ files, stats }: KeptPage): boolean {
    const from = this.previousDir;
    if (!from || !files) return false;
    // Only files exactly as the previous build wrote them (checked before linking any, so a page is never half-linked).
    const intact = files.every((file, index) => stats?.[index] !== undefined && statOf(path.join(from, file)) === stats[index]);
    return intact && files.every((file) => carryOver({ from: path.join(from, file), to: path.join(this.dir, file) }));
  }

  remove(): void {
    // A fresh folder holds nothing stale.
  }

  async files(): Promise<Set<string>> {
    return linkTargetFiles(this.dir);
  }

  async discard(): Promise<void> {
    // Every write ended when it returned: nothing still in flight can recreate a folder in it.
    discardOutput(this.dir);
  }
}

/** An update of the live output folder, committed file by file when everything succeeded. */
export class StagedSink implements OutputSink {
  private readonly output: PendingOutput;
  private readonly deletions = new Set<string>();

  /** `previousFiles`: the link-target files the output holds now (SessionState.outputFiles). */
  constructor(
    private readonly outDir: string,
    private readonly previousFiles: ReadonlySet<string>,
  ) {
    this.output = new PendingOutput(outDir);
  }

  get dir(): string {
    return this.output.stagingDir();
  }

  write(urlPath: string, contents: string | Uint8Array): void {
    this.output.write(urlPath, contents);
  }

  emit(urlPath: string, contents: string | Uint8Array): void {
    this.output.write(urlPath, contents);
  }

  copy(urlPath: string, source: string): void {
    this.output.copy(urlPath, source);
  }

  copyStatic({ staticDir, entries = [], root, warn }: { staticDir: string; entries?: string[]; root: string; warn: (warning: Warning) => void }): void {
    for (const deleted of this.output.stageStatic({ staticDir, entries, root, warn }))
      for (const known of this.previousFiles) if (known === deleted || known.startsWith(`${deleted}/`)) this.deletions.add(known);
  }

  keep(): boolean {
    // The page is in place already.
    return true;
  }

  remove(urlPath: string): void {
    this.deletions.add(urlPath);
  }

  async files(): Promise<Set<string>> {
    const pending = this.output.pending();
    const files = new Set(this.previousFiles);
    for (const file of this.deletions) if (!pending.has(file)) files.delete(file);
    for (const file of pending) if (isLinkTargetFile(file)) files.add(file);
    return files;
  }

  /** Moves the staged files into place, then deletes the stale ones. */
  commit(): void {
    const written = this.output.commit();
    for (const file of written) this.deletions.delete(file);
    removeOutputFiles({ outDir: this.outDir, files: this.deletions });
  }

  async discard(): Promise<void> {
    this.output.discard();
  }
}
