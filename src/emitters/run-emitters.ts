/**
 * Runs the emitters of a build. One function for both drivers: `previous` (watch mode) skips
 * an emitter whose fingerprint did not change and reports the files it stopped writing.
 */
import { runLanes } from '../core/lanes.js';
import { FolioError, isFolioError } from '../errors/index.js';
import type { CompiledContent } from '../markdown/compile.js';
import type { EmitInput, EmittedFile, Emitter, EmitterRecord } from './types.js';

export interface EmitOutcome {
  records: Map<string, EmitterRecord>;
  /** URL paths written this time. */
  written: string[];
  /** URL paths a previous run wrote that no emitter writes now. */
  stale: string[];
  /** Milliseconds each emitter that ran took (skipped ones are not listed). */
  durations: Map<string, number>;
}

export async function runEmitters({
  emitters,
  input,
  previous,
  write,
  whileWaiting,
}: {
  emitters: readonly Emitter[];
  input: EmitInput;
  previous?: ReadonlyMap<string, EmitterRecord>;
  write: (urlPath: string, contents: string | Uint8Array) => Promise<void> | void;
  /**
   * Work of the caller's to do while the first emitter named in `begun` (begun on another thread
   * by startEmitters) is still being waited for, the emitters before it done: its result waits
   * for that work, and the emitter's duration leaves out the time it waited.
   */
  whileWaiting?: { begun: ReadonlySet<string>; work: () => Promise<void> };
}): Promise<EmitOutcome> {
  const records = new Map<string, EmitterRecord>();
  const written: string[] = [];
  const claimed = new Map<string, string>();
  const durations = new Map<string, number>();
  for (const emitter of emitters) {
    const fingerprint = emitter.fingerprint(input);
    const before = previous?.get(emitter.name);
    if (before && before.fingerprint === fingerprint) {
      records.set(emitter.name, before);
      for (const file of before.files) claimed.set(file, emitter.name);
      continue;
    }
    let files;
    const wroteBefore = new Set(before?.files);
    const started = performance.now();
    // The time the emitter's result waited for the caller's work (not the emitter's own).
    let waited = 0;
    try {
      const emitting = emitter.emit(input);
      if (whileWaiting?.begun.has(emitter.name)) {
        let settledAt = Number.POSITIVE_INFINITY;
        const settled = Promise.resolve(emitting).then(
          () => void (settledAt = performance.now()),
          () => void (settledAt = performance.now()),
        );
        const work = whileWaiting.work;
        whileWaiting = undefined;
        const workStarted = performance.now();
        await work();
        const workEnded = performance.now();
        await settled;
        if (settledAt < workEnded) waited = workEnded - Math.max(settledAt, workStarted);
      }
      files = await emitting;
    } catch (error) {
      if (isFolioError(error)) throw error;
      throw new FolioError({
        code: 'EMITTER_FAILED',
        message: `the ${emitter.name} emitter failed: ${(error as Error)?.message ?? String(error)}`,
        cause: error,
      });
    }
    const toWrite: EmittedFile[] = [];
    for (const file of files) {
      // Inside the output folder, and never folio's own files there (the output marker, temporary names).
      if (!/^\/[^\0]*$/.test(file.path) || file.path.split('/').some((part) => part === '..' || part === '.' || part.startsWith('.folio-'))) {
        throw new FolioError({
          code: 'EMITTER_FAILED',
          message: `the ${emitter.name} emitter wrote "${file.path}": a file's path must start with / and stay inside the output folder`,
        });
      }
      const owner = claimed.get(file.path);
      if (owner && owner !== emitter.name) {
        throw new FolioError({ code: 'EMITTER_FAILED', message: `the ${emitter.name} and ${owner} emitters both write ${file.path}` });
      }
      claimed.set(file.path, emitter.name);
      if (file.hashedName && wroteBefore.has(file.path)) continue;
      toWrite.push(file);
    }
    try {
      await writeAll(toWrite, write);
    } catch (error) {
      if (isFolioError(error) && error.code === 'EMITTER_FAILED') {
        throw new FolioError({ code: 'EMITTER_FAILED', message: `the ${emitter.name} emitter wrote ${error.message}`, location: error.location });
      }
      throw error;
    }
    for (const file of toWrite) written.push(file.path);
    records.set(emitter.name, { fingerprint, files: files.map((file) => file.path) });
    durations.set(emitter.name, performance.now() - started - waited);
  }
  const stale: string[] = [];
  for (const record of previous?.values() ?? []) for (const file of record.files) if (!claimed.has(file)) stale.push(file);
  return { records, written, stale, durations };
}

/**
 * Lets each emitter with a `start` begin its work before the pages render (a one-shot build: the
 * search index is built on another thread meanwhile). Returns the names of those that began, and
 * what stops their work when the build fails before `runEmitters` takes the results. An emitter
 * whose start fails is left to `emit`.
 */
export function startEmitters(
  emitters: readonly Emitter[],
  input: EmitInput,
): { begun: Set<string>; watching: Set<string>; onBody?: (file: string, body: CompiledContent) => void; stop: () => void } {
  const stops: (() => void)[] = [];
  const begun = new Set<string>();
  const watching = new Set<string>();
  const watchers: ((file: string, body: CompiledContent) => void)[] = [];
  for (const emitter of emitters) {
    try {
      const stop = emitter.start?.(input);
      if (stop) {
        stops.push(stop);
        begun.add(emitter.name);
        continue;
      }
      const watch = emitter.watchBodies?.(input);
      if (typeof watch === 'function') {
        watchers.push(watch);
        watching.add(emitter.name);
      } else if (watch) {
        watchers.push((file, body) => watch.onBody(file, body));
        stops.push(() => watch.stop());
        begun.add(emitter.name);
      }
    } catch {
      // emit() does the work in this thread and reports what goes wrong there
    }
  }
  return {
    begun,
    watching,
    onBody: watchers.length
      ? (file, body) => {
          for (const watch of watchers) watch(file, body);
        }
      : undefined,
    stop: () => {
      for (const stop of stops.splice(0)) stop();
    },
  };
}

/** Writes in flight at once: the search index is dozens of files (hundreds on a large site), each a folder check and a write. */
const WRITES_IN_FLIGHT = 16;

/**
 * Writes `files` a few at a time instead of one after the other (this site's 79 emitted files:
 * one at a time cost ~30 ms of the stage). The first failure in the list's order is thrown once
 * every write started has settled; no new write starts after a failure.
 */
async function writeAll(files: readonly EmittedFile[], write: (urlPath: string, contents: string | Uint8Array) => Promise<void> | void): Promise<void> {
  const failures: { at: number; error: unknown }[] = [];
  const lane = async (at: number) => {
    try {
      await write(files[at].path, files[at].contents);
    } catch (error) {
      failures.push({ at, error });
    }
  };
  await runLanes(
    files.length,
    Array.from({ length: Math.min(WRITES_IN_FLIGHT, files.length) }, () => lane),
    () => failures.length > 0,
  );
  if (failures.length) throw failures.sort((a, b) => a.at - b.at)[0].error;
}
