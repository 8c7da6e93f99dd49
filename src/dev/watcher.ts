/**
 * Watches the site's inputs with chokidar and reports file events.
 *
 * chokidar drops a second `change` of the same file within 50 ms (it
 * throttles without a trailing event). `changedSince` covers that: the dev
 * server notes the files of a batch before rebuilding and looks at them
 * again afterwards; a file that changed meanwhile is rebuilt once more.
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

/** The files whose signature differs now from `before`. */
export async function changedSince(before: ReadonlyMap<string, string | undefined>): Promise<string[]> {
  const now = await signatures([...before.keys()]);
  return [...before.keys()].filter((file) => now.get(file) !== before.get(file));
}

export async function createWatcher(options: WatcherOptions): Promise<Watcher> {
  let closed = false;
  const ignored = (file: string) => options.ignoredDirs.some((dir) => isInside(dir, file)) || (isNoise(file) && !options.paths.includes(file));
  const watcher: FSWatcher = watch(options.paths, { ignoreInitial: true, ignored, persistent: true });
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
