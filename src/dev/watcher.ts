/**
 * Watches the site's inputs with chokidar and reports file events.
 *
 * chokidar drops a second `change` of the same file within 50 ms (it
 * throttles without a trailing event), so a quick second save could go
 * unseen. After every event the file is looked at again a little later;
 * if it changed since, a `change` is reported for it.
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
  /** How long after an event to look at the file again (ms). */
  recheckMs?: number;
}

const EVENTS: ReadonlySet<string> = new Set(['add', 'change', 'unlink', 'addDir', 'unlinkDir']);

async function signature(file: string): Promise<string | undefined> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? `${stats.size}:${stats.mtimeMs}:${stats.ino}` : undefined;
  } catch {
    return undefined;
  }
}

export async function createWatcher(options: WatcherOptions): Promise<Watcher> {
  const recheckMs = options.recheckMs ?? 80;
  const rechecks = new Map<string, { timer: NodeJS.Timeout; seen: string | undefined }>();
  let closed = false;
  const ignored = (file: string) => options.ignoredDirs.some((dir) => isInside(dir, file)) || (isNoise(file) && !options.paths.includes(file));

  const recheck = (file: string, seen: string | undefined) => {
    const existing = rechecks.get(file);
    if (existing) clearTimeout(existing.timer);
    const timer = setTimeout(() => {
      void signature(file).then((now) => {
        if (closed) return;
        const entry = rechecks.get(file);
        if (!entry || entry.timer !== timer) return;
        rechecks.delete(file);
        if (now !== undefined && now !== entry.seen) {
          options.onEvent({ path: file, type: 'change' });
          recheck(file, now);
        }
      });
    }, recheckMs);
    timer.unref();
    rechecks.set(file, { timer, seen });
  };

  const watcher: FSWatcher = watch(options.paths, { ignoreInitial: true, ignored, persistent: true });
  watcher.on('all', (event, file) => {
    if (closed || !EVENTS.has(event)) return;
    options.onEvent({ path: file, type: event as FileEventType });
    if (event === 'add' || event === 'change') {
      void signature(file).then((seen) => {
        if (!closed) recheck(file, seen);
      });
    }
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
      for (const { timer } of rechecks.values()) clearTimeout(timer);
      rechecks.clear();
      await watcher.close();
    },
  };
}
