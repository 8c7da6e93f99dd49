/**
 * Watches the site's inputs with chokidar and reports file events.
 *
 * chokidar drops a second `change` of the same file within 50 ms (it
 * throttles without a trailing event): createMissedChangeGuard covers that.
 *
 * chokidar stops watching a watched folder (or file) that is deleted and
 * does not notice it coming back (`rm -rf content`, then restoring it from a
 * backup): such a path is watched again at once, which makes chokidar watch
 * its parent for it, and a light poll of the watched paths (a stat each)
 * covers what chokidar misses (see createWatcher).
 *
 * Symbolic links are followed (the build follows them too), except a link
 * back to a folder on its own way down (`loop -> .`, `up -> ..`): chokidar
 * followed those until the path was too long, reporting every save once per
 * level, and two of them never let it finish its first scan.
 */
import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { isNoise, type FileEvent, type FileEventType } from '../build/incremental/changes.js';
import { isFolderEntry } from '../core/dirent.js';
import { isInside } from '../core/site-paths.js';

export interface Watcher {
  /** Starts watching more paths (after a config change). */
  add(paths: string[]): void;
  unwatch(paths: string[]): void;
  close(): Promise<void>;
}

export interface WatcherOptions {
  paths: string[];
  /** Folders never reported (output, cache). */
  ignoredDirs: string[];
  onEvent(event: FileEvent): void;
  /** How often the watched paths are checked for having been deleted or replaced (ms). */
  pollMs?: number;
  /** Told once per kind when watching hits a system limit (see watchLimitMessage). */
  onLimit?: (message: string) => void;
}

/**
 * What to say when chokidar reports a system limit: it then watches part of the site only,
 * and saves elsewhere go unseen (ENOSPC is Linux's limit on inotify watches, not a full disk).
 */
export function watchLimitMessage(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC') return 'the system limit on watched folders is reached (ENOSPC): changes in some folders are not seen';
  if (code === 'EMFILE' || code === 'ENFILE') return `too many open files (${code}): changes in some folders are not seen`;
  return undefined;
}

const EVENTS: ReadonlySet<string> = new Set(['add', 'change', 'unlink', 'addDir', 'unlinkDir']);

/** Size, modification time and inode of each file (undefined when missing or not a file). */
export async function signatures(files: readonly string[]): Promise<Map<string, string | undefined>> {
  const entries = await Promise.all(
    files.map(async (file): Promise<[string, string | undefined]> => {
      try {
        const stats = await stat(file);
        return [file, stats.isFile() ? `${stats.size}:${stats.mtimeMs}:${stats.ino}` : undefined];
      } catch {
        return [file, undefined];
      }
    }),
  );
  return new Map(entries);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The files' signatures once two readings `intervalMs` apart agree and no file is empty (an empty
 * file is usually one being rewritten), or after `maxWaitMs` whatever they are then.
 */
export async function settledSignatures(files: readonly string[], { intervalMs = 5, maxWaitMs = 100 } = {}): Promise<Map<string, string | undefined>> {
  let before = await signatures(files);
  const started = performance.now();
  while (performance.now() - started < maxWaitMs) {
    await sleep(intervalMs);
    const after = await signatures(files);
    const same = [...after].every(([file, signature]) => before.get(file) === signature);
    const empty = [...after.values()].some((signature) => signature?.startsWith('0:'));
    if (same && !empty) return after;
    before = after;
  }
  return before;
}

/**
 * Catches saves chokidar did not report. chokidar emits a file's `change`
 * and then ignores that file's changes for 50 ms, with no trailing event: a
 * quick second save could go unseen. So a while after each reported change,
 * the file is compared with what the last rebuild read of it (its signature
 * when the batch was taken); if it differs, a `change` is reported again.
 */
export function createMissedChangeGuard({ report, delayMs = 75 }: { report: (event: FileEvent) => void; delayMs?: number }) {
  const lastRead = new Map<string, string | undefined>();
  const timers = new Map<string, NodeJS.Timeout>();
  let closed = false;
  const check = async (file: string) => {
    timers.delete(file);
    const now = (await signatures([file])).get(file);
    if (!closed && now !== undefined && now !== lastRead.get(file)) report({ path: file, type: 'change' });
  };
  return {
    /** A file event chokidar reported. */
    seen(event: FileEvent) {
      if (closed || (event.type !== 'add' && event.type !== 'change')) return;
      clearTimeout(timers.get(event.path));
      const timer = setTimeout(() => void check(event.path), delayMs);
      timer.unref();
      timers.set(event.path, timer);
    },
    /**
     * Records what a rebuild is about to read, once the files have stopped changing: a save
     * reported while the writer is between truncating the file and writing it would otherwise
     * be built from an empty or partial file (a title lost for one rebuild).
     */
    async reading(events: readonly FileEvent[]) {
      const files = [...new Set(events.filter((event) => event.type === 'add' || event.type === 'change').map((event) => event.path))];
      for (const [file, signature] of await settledSignatures(files)) lastRead.set(file, signature);
    },
    close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

/**
 * Whether `file` is a symbolic link to a folder on its own way down (or above one): following
 * it never ends. A chain of links (`a/to-b -> ../b`, `b/to-a -> ../a`) is caught at its second
 * link, whose target is the real folder of one of the folders the path went through.
 */
export function linksBackUp(file: string): boolean {
  try {
    if (!lstatSync(file).isSymbolicLink()) return false;
  } catch {
    return false;
  }
  let target: string;
  try {
    target = realpathSync(file);
  } catch (error) {
    // A link to itself (ELOOP) cannot be followed either; a dangling one is just a file that is not there.
    return (error as NodeJS.ErrnoException).code === 'ELOOP';
  }
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    try {
      if (isInside(target, realpathSync(dir))) return true;
    } catch {
      return false;
    }
    if (path.dirname(dir) === dir) return false;
  }
}

/**
 * The events chokidar would have reported had it watched `dir` appear: the folder, then what
 * it holds (linked folders are not entered: the walk must end).
 */
export function appearedEvents(dir: string, ignored: (file: string) => boolean = () => false): FileEvent[] {
  const events: FileEvent[] = [];
  const visit = (current: string, type: 'addDir' | 'add') => {
    if (ignored(current)) return;
    events.push({ path: current, type });
    if (type !== 'addDir' || (current !== dir && lstatSafe(current)?.isSymbolicLink())) return;
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      visit(full, isFolderEntry(full, entry) ? 'addDir' : 'add');
    }
  };
  const stats = statSafe(dir);
  if (stats) visit(dir, stats.isDirectory() ? 'addDir' : 'add');
  return events;
}

function lstatSafe(file: string) {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

function statSafe(file: string) {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Which file or folder is at a path, or undefined when nothing is. The inode alone is not
 * enough: a folder deleted and created again at once often gets the same number back.
 */
function identity(file: string): string | undefined {
  try {
    const stats = statSync(file);
    return `${stats.isDirectory() ? 'dir' : 'file'}:${stats.dev}:${stats.ino}:${stats.birthtimeMs}`;
  } catch {
    return undefined;
  }
}

export async function createWatcher(options: WatcherOptions): Promise<Watcher> {
  let closed = false;
  /** The paths asked for (chokidar's own list also holds the parents it watches for them). */
  const roots = new Set(options.paths);
  const ignored = (file: string) => options.ignoredDirs.some((dir) => isInside(dir, file)) || (isNoise(file) && !roots.has(file)) || linksBackUp(file);
  // atomic: false — no 100 ms hold on deletions. Editors that save by deleting and
  // re-creating a file are fine: an update reads the disk as it is when it runs.
  const watcher: FSWatcher = watch([...roots], { ignoreInitial: true, ignored, persistent: true, atomic: false });

  // What chokidar watches at each path asked for, and what a poll found there instead (once).
  const watching = new Map([...roots].map((file) => [file, identity(file)]));
  const replaced = new Map<string, string>();
  const rewatch = (file: string) => {
    // Watching a path that is gone makes chokidar watch the nearest folder above that
    // exists, and report the path (and what it holds) when it is created again.
    watcher.unwatch(file);
    watcher.add(file);
  };
  // chokidar reports a deletion, but not always (a folder deleted and restored at once is
  // reported as a change of its files, if at all; a deleted tree sometimes as its files
  // only) and never the path coming back: each poll compares what is at the watched paths
  // with what chokidar watches. A path found gone is reported gone and watched again; one
  // found replaced by two polls in a row without chokidar reporting it is watched again
  // (chokidar scans what is there, silently) and reported as chokidar would have.
  const check = () => {
    if (closed) return;
    for (const file of roots) {
      const now = identity(file);
      const was = watching.get(file);
      if (now === was) replaced.delete(file);
      else if (now === undefined) {
        watching.set(file, undefined);
        replaced.delete(file);
        rewatch(file);
        options.onEvent({ path: file, type: was?.startsWith('dir:') ? 'unlinkDir' : 'unlink' });
      } else if (replaced.get(file) !== now) replaced.set(file, now);
      else {
        replaced.delete(file);
        watching.set(file, now);
        rewatch(file);
        for (const event of appearedEvents(file, ignored)) options.onEvent(event);
      }
    }
  };
  const poll = setInterval(check, options.pollMs ?? 300);
  poll.unref();

  watcher.on('all', (event, file) => {
    if (closed || !EVENTS.has(event)) return;
    options.onEvent({ path: file, type: event as FileEventType });
    if (!roots.has(file)) return;
    if (event === 'unlinkDir' || event === 'unlink') {
      watching.set(file, undefined);
      rewatch(file);
    } else watching.set(file, identity(file));
  });
  const limitsTold = new Set<string>();
  watcher.on('error', (error) => {
    // A folder vanished while being read, or a link chain too long to resolve (ELOOP): the
    // next event brings the new state. Never thrown: that would stop `folio serve`. A system
    // limit is told once: watching goes on, for part of the site.
    const message = watchLimitMessage(error);
    if (!message || limitsTold.has(message) || closed) return;
    limitsTold.add(message);
    options.onLimit?.(message);
  });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    add: (paths) => {
      if (closed || !paths.length) return;
      for (const entry of paths) {
        roots.add(entry);
        watching.set(entry, identity(entry));
      }
      watcher.add(paths);
    },
    unwatch: (paths) => {
      if (closed || !paths.length) return;
      for (const entry of paths) {
        roots.delete(entry);
        watching.delete(entry);
        replaced.delete(entry);
      }
      watcher.unwatch(paths);
    },
    close: async () => {
      closed = true;
      clearInterval(poll);
      await watcher.close();
    },
  };
}
