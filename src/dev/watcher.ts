/**
 * Watches the site's inputs with chokidar and reports file events.
 *
 * chokidar drops a second `change` of the same file within 50 ms (it
 * throttles without a trailing event): createMissedChangeGuard covers that.
 */
import { stat } from 'node:fs/promises';
import { watch, type FSWatcher } from 'chokidar';
import { isInside, isNoise, type FileEvent, type FileEventType } from '../build/changes.js';

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

export async function createWatcher(options: WatcherOptions): Promise<Watcher> {
  let closed = false;
  const ignored = (file: string) => options.ignoredDirs.some((dir) => isInside(dir, file)) || (isNoise(file) && !options.paths.includes(file));
  // atomic: false — no 100 ms hold on deletions. Editors that save by deleting and
  // re-creating a file are fine: an update reads the disk as it is when it runs.
  const watcher: FSWatcher = watch(options.paths, { ignoreInitial: true, ignored, persistent: true, atomic: false });
  watcher.on('all', (event, file) => {
    if (!closed && EVENTS.has(event)) options.onEvent({ path: file, type: event as FileEventType });
  });
  watcher.on('error', () => {
    // A folder vanished while being read: the next event brings the new state.
  });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    add: (paths) => {
      if (paths.length) watcher.add(paths);
    },
    unwatch: (paths) => {
      if (paths.length) watcher.unwatch(paths);
    },
    close: async () => {
      closed = true;
      await watcher.close();
    },
  };
}
