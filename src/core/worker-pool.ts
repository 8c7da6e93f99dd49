/**
 * A small pool of worker threads (sized to the cores) that runs jobs and
 * resolves each job's promise with the worker's answer. Jobs go to the
 * least busy worker. Errors come back as plain data and are rebuilt by the
 * caller.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { type ResourceLimits, type Transferable, Worker } from 'node:worker_threads';
import { rebuildWorkerError } from '../errors/index.js';

/**
 * The entry file of a worker thread (`compile-worker`, `typedoc-worker`, `search-worker`): folio's
 * compiled dist/ has them beside its other chunks; from source (the tests, through vitest) there is
 * none, and the caller does the work in its own thread.
 */
export function workerEntry(name: string): URL | undefined {
  const url = new URL(`./${name}.mjs`, import.meta.url);
  return existsSync(fileURLToPath(url)) ? url : undefined;
}

/**
 * One job on a worker thread of its own, ended once it answers: its result (a worker's error
 * rebuilt in this thread), and `stop`, which ends the thread before that (the build failed).
 */
export function runInWorker<In, Out>(file: URL, job: In): { result: Promise<Out>; stop: () => void } {
  const pool = createPool<In, Out>({ file, size: 1 });
  const result = pool
    .run(job)
    .catch((reason: unknown) => {
      throw rebuildWorkerError(reason);
    })
    .finally(() => pool.close());
  return { result, stop: () => void pool.close() };
}

interface Pending {
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

interface Slot {
  worker: Worker;
  busy: number;
}

export interface Pool<In, Out> {
  /** `transfer`: objects moved to the worker with the job (a MessagePort), not copied. */
  run(job: In, transfer?: readonly Transferable[]): Promise<Out>;
  close(): Promise<void>;
  size: number;
}

export function defaultThreads(): number {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return Math.max(1, Math.min(cores, 8));
}

export function createPool<In, Out>({
  file,
  size,
  workerData,
  resourceLimits,
}: {
  file: URL;
  size: number;
  /** What each worker starts with; a function gives the i-th its own, with objects to move to it. */
  workerData?: unknown | ((index: number) => { data: unknown; transfer: readonly Transferable[] });
  resourceLimits?: ResourceLimits;
}): Pool<In, Out> {
  const pending = new Map<number, Pending>();
  let nextId = 0;
  const slots: Slot[] = [];
  /** Set once a worker failed or exited: every job, in flight or asked for later, is refused with it (none waits forever). */
  let broken: unknown;
  const fail = (error: unknown) => {
    broken ??= error;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  for (let i = 0; i < size; i++) {
    const own = typeof workerData === 'function' ? workerData(i) : { data: workerData, transfer: [] };
    const worker = new Worker(file, { workerData: own.data, transferList: [...own.transfer], resourceLimits });
    const slot: Slot = { worker, busy: 0 };
    worker.on('message', (message: { id: number; result?: unknown; error?: unknown }) => {
      const job = pending.get(message.id);
      if (!job) return;
      pending.delete(message.id);
      slot.busy--;
      if ('error' in message && message.error !== undefined) job.reject(message.error);
      else job.resolve(message.result);
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`a worker thread exited${code === 0 ? '' : ` with code ${code}`}`)));
    slots.push(slot);
  }
  return {
    size,
    run(job, transfer = []) {
      if (broken !== undefined) return Promise.reject(broken);
      const id = nextId++;
      const slot = slots.reduce((best, candidate) => (candidate.busy < best.busy ? candidate : best));
      slot.busy++;
      return new Promise<Out>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        slot.worker.postMessage({ id, job }, [...transfer]);
      });
    },
    async close() {
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
