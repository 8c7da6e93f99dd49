/**
 * "Nothing changed": after every successful one-shot build a stamp in
 * .folio-cache records what the build read (every file and folder under the
 * content, static and theme folders, with size and modification time; the
 * other files it read, such as bundle and typedoc inputs and the config
 * file), the config it ran with, the output files it wrote and the warnings
 * it printed. The next `folio build` with the same config compares the
 * stamp with the disk first: when no input changed, appeared or went, no
 * output file was touched and no scheduled blog post came due, the output
 * is already what a build would write, so the build replays the warnings
 * and stops. Any difference (or no stamp, a different folio or config, a
 * page that imports other files, --no-cache) runs the whole build.
 */
import { readdirSync, realpathSync, statSync, rmSync, type Stats } from 'node:fs';
import path from 'node:path';
import { isFolderEntry } from '../../core/dirent.js';
import { readSealed, writeSealed } from '../../core/cache.js';
import { hashOf } from '../../core/hash.js';
import type { Warning } from '../../core/warnings.js';

/** Path → `size:mtime` for files, `dir` for folders walked, `-` for a file that was missing. */
export type Snapshot = Record<string, string>;

export interface Stamp {
  format: 2;
  /** Folio's code, the config file and the config value. */
  configKey: string;
  outDir: string;
  /** Folders walked recursively (their whole content is in `inputs`). */
  roots: string[];
  inputs: Snapshot;
  /** Other files the build read (checked one by one, not walked). */
  files: Snapshot;
  outputs: Snapshot;
  /** The build is stale from this moment on (the first future blog post comes due), ms since the epoch. */
  staleAt?: number;
  pages: number;
  warnings: Warning[];
}

const IGNORED_NAMES = new Set(['node_modules', '.git', '.folio-cache']);

/** `size:mtime`: how a file's state is recorded (here and in the reuse manifest). */
export function signatureOf(stats: Stats): string {
  return `${stats.size}:${stats.mtimeMs}`;
}

/** Walks the folders (skipping `ignored` paths, node_modules and .git) into a snapshot. */
export function walkInputs(roots: readonly string[], ignored: readonly string[]): Snapshot {
  const snapshot: Snapshot = {};
  const skip = new Set(ignored.map((dir) => path.resolve(dir)));
  // Real paths of the folders being walked: a symbolic link to a folder is followed (content
  // discovery follows it too), but never into a folder it is already inside (a loop).
  const open = new Set<string>();
  const walk = (dir: string) => {
    let entries;
    let real: string;
    try {
      real = realpathSync(dir);
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    snapshot[dir] = 'dir';
    if (open.has(real)) return;
    open.add(real);
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (IGNORED_NAMES.has(entry.name) || skip.has(full) || entry.name.startsWith('.folio-tmp-')) continue;
      const isDir = isFolderEntry(full, entry);
      if (isDir) walk(full);
      else {
        try {
          snapshot[full] = signatureOf(statSync(full));
        } catch {
          // vanished while walking: not an input any more (or a broken link)
        }
      }
    }
    open.delete(real);
  };
  for (const root of roots) {
    let stats;
    try {
      stats = statSync(root);
    } catch {
      snapshot[root] = '-';
      continue;
    }
    if (stats.isDirectory()) walk(root);
    else snapshot[root] = signatureOf(stats);
  }
  return snapshot;
}

/** Size and modification time of each file ('-' when missing, `dir:` + mtime for folders). */
export function statFiles(files: Iterable<string>): Snapshot {
  const snapshot: Snapshot = {};
  for (const file of files) snapshot[file] = stateOf(file);
  return snapshot;
}

/**
 * The states of files of `from` (paths relative to it) keyed as if they were in `as`: an output
 * taken in its temporary folder before the folder is renamed into place (a rename keeps each file's
 * size and modification time, all a state records).
 */
export function statFilesIn(from: string, files: Iterable<string>, as: string): Snapshot {
  const snapshot: Snapshot = {};
  for (const file of files) snapshot[path.join(as, file)] = stateOf(path.join(from, file));
  return snapshot;
}

function stateOf(file: string): string {
  try {
    const stats = statSync(file, { throwIfNoEntry: false });
    if (!stats) return '-';
    return stats.isDirectory() ? `dir:${stats.mtimeMs}` : signatureOf(stats);
  } catch {
    return '-';
  }
}

/** Whether every file of a snapshot is in the state it records (stops at the first that is not; statFiles' states). */
function unchanged(snapshot: Snapshot): boolean {
  for (const file in snapshot) if (stateOf(file) !== snapshot[file]) return false;
  return true;
}

function sameSnapshot(a: Snapshot, b: Snapshot): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

function stampFile(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, 'output', `stamp-${hashOf(path.resolve(outDir)).slice(0, 16)}.json`);
}

export function configKeyOf({ buildHash, config }: { buildHash: string; config: unknown }): string {
  return hashOf(buildHash, JSON.stringify(config));
}

/**
 * The stamp of the previous build when nothing it depends on changed; undefined
 * when a build is needed. `reason` says why not (for tests and --verbose use).
 */
export function checkUpToDate({
  cacheDir,
  outDir,
  configKey,
  now,
  inputs,
}: {
  cacheDir: string;
  outDir: string;
  configKey: string;
  now: Date;
  inputs: Snapshot;
}): { stamp?: Stamp; reason: string } {
  let stamp: Stamp;
  try {
    stamp = JSON.parse(readSealed(stampFile(cacheDir, outDir)) ?? '') as Stamp;
  } catch {
    return { reason: 'no stamp' };
  }
  if (stamp.format !== 2 || stamp.outDir !== path.resolve(outDir)) return { reason: 'stamp of another output' };
  if (stamp.configKey !== configKey) return { reason: 'config or folio changed' };
  if (stamp.staleAt !== undefined && now.getTime() >= stamp.staleAt) return { reason: 'a scheduled post came due' };
  if (!unchanged(stamp.files)) return { reason: 'a file the build read changed' };
  if (!unchanged(stamp.outputs)) return { reason: 'the output changed' };
  if (!sameSnapshot(stamp.inputs, inputs)) return { reason: 'content changed' };
  return { stamp, reason: 'up to date' };
}

/**
 * Writes the stamp of a successful build. `inputs` is the walk taken before the build read
 * anything, so a file saved while the build ran makes the next build run.
 */
export function writeStamp(cacheDir: string, stamp: Omit<Stamp, 'format'>): void {
  const full: Stamp = { format: 2, ...stamp };
  writeSealed(stampFile(cacheDir, stamp.outDir), JSON.stringify(full));
}

export function removeStamp(cacheDir: string, outDir: string): void {
  try {
    rmSync(stampFile(cacheDir, outDir), { force: true });
  } catch {
    // An unusable cache folder. A stamp left there still records the previous output's files,
    // which no longer match: the next build does not take it for up to date.
  }
}
