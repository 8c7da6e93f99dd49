/**
 * Incremental output. An update collects its files first — in memory
 * (pages, page data, routes.json), as copies (images, static files), or in
 * a staging folder next to the output (bundles, feeds: tools that write
 * folders) — and commits them only when everything succeeded: each file is
 * written next to its target under a dot-name and renamed into place
 * (atomic per file: a request never sees half a page). Then the files that
 * no longer belong to the site are deleted.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { staticSourceAllowed } from '../../assets/emit-assets.js';
import type { Warning } from '../../core/warnings.js';
import { createTempOutput, discardOutput, OUTPUT_MARKER, outputTarget } from '../output.js';

/** Files under a folder, as URL-style paths relative to it (`/docs/x/index.html`). */
export function listFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (current: string, prefix: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const rel = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) walk(path.join(current, entry.name), rel);
      else files.push(rel);
    }
  };
  walk(dir, '');
  return files.sort();
}

export class PendingOutput {
  private readonly contents = new Map<string, string | Uint8Array>();
  private readonly copies = new Map<string, string>();
  private staging: string | undefined;

  constructor(private readonly outDir: string) {}

  /** A file's new content (URL-style path). */
  write(rel: string, content: string | Uint8Array): void {
    this.contents.set(rel, content);
  }

  /** A file copied from `source` at commit time. */
  copy(rel: string, source: string): void {
    this.copies.set(rel, source);
  }

  /** A staging folder for tools that write whole folders (made on first use). */
  stagingDir(): string {
    this.staging ??= createTempOutput(this.outDir);
    return this.staging;
  }

  /**
   * Stages changed entries of the static folder (files copied, folders copied whole); returns
   * the URL paths of entries that are gone, whose output files are to be deleted.
   */
  stageStatic({ staticDir, entries, root, warn }: { staticDir: string; entries: readonly string[]; root: string; warn: (warning: Warning) => void }): string[] {
    const gone: string[] = [];
    const options = { root, warn };
    for (const file of entries) {
      const rel = `/${path.relative(staticDir, file).split(path.sep).join('/')}`;
      if (!existsSync(file)) gone.push(rel);
      else if (!staticSourceAllowed(file, options)) continue;
      else if (statSync(file).isDirectory()) {
        cpSync(file, path.join(this.stagingDir(), rel), { recursive: true, dereference: true, filter: (source) => staticSourceAllowed(source, options) });
      } else this.copy(rel, file);
    }
    return gone;
  }

  /** The URL paths a commit would write. */
  pending(): Set<string> {
    const files = new Set([...this.contents.keys(), ...this.copies.keys()]);
    if (this.staging) for (const rel of listFiles(this.staging)) if (rel !== `/${OUTPUT_MARKER}`) files.add(rel);
    return files;
  }

  /** Writes everything into the output folder; returns the written paths. */
  commit(): string[] {
    const written: string[] = [];
    const made = new Set<string>();
    let serial = 0;
    const place = (rel: string, fill: (temp: string) => void) => {
      const target = outputTarget(this.outDir, rel);
      const dir = path.dirname(target);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      const temp = path.join(dir, `.${path.basename(target)}.folio-${process.pid}-${serial++}`);
      fill(temp);
      renameSync(temp, target);
      written.push(rel);
    };
    if (this.staging) {
      for (const rel of listFiles(this.staging)) if (rel !== `/${OUTPUT_MARKER}`) place(rel, (temp) => renameSync(path.join(this.staging!, rel), temp));
      discardOutput(this.staging);
      this.staging = undefined;
    }
    for (const [rel, source] of this.copies) place(rel, (temp) => copyFileSync(source, temp));
    for (const [rel, content] of this.contents) place(rel, (temp) => writeFileSync(temp, content));
    return written;
  }

  /** Drops everything collected (a failed update). */
  discard(): void {
    if (this.staging) discardOutput(this.staging);
    this.staging = undefined;
    this.contents.clear();
    this.copies.clear();
  }
}

/** Deletes output files (URL-style paths) and the folders they leave empty. */
export function removeOutputFiles({ outDir, files }: { outDir: string; files: Iterable<string> }): void {
  const root = path.resolve(outDir);
  const dirs = new Set<string>();
  for (const rel of files) {
    const target = path.resolve(root, `.${rel}`);
    if (!target.startsWith(root + path.sep)) continue;
    rmSync(target, { force: true, recursive: true });
    dirs.add(path.dirname(target));
  }
  // Deepest first, so a parent is tried after its children.
  for (const dir of [...dirs].sort((a, b) => b.length - a.length)) {
    let current = dir;
    while (current.startsWith(root + path.sep)) {
      try {
        rmdirSync(current);
      } catch {
        break;
      }
      current = path.dirname(current);
    }
  }
}
