/**
 * A small pool of worker threads (sized to the cores) that runs jobs and
 * resolves each job's promise with the worker's answer. Jobs go to the
 * least busy worker. Errors come back as plain data and are rebuilt by the
 * caller.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { type MessagePort, type ResourceLimits, type Transferable, Worker, type WorkerOptions } from 'node:worker_threads';
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
 * How a worker thread runs `file`. Node gives a thread the process's own Node options (V8's flags
 * are the process's anyway), which is what folio wants, with one exception: run from
 * `node --input-type=module -e "…"`, every thread refused its file ("--input-type can only be
 * used with string input") and the build ended in an internal error. Such a thread is given the
 * one line `import(file)` to run instead: string input, which that option fits, whichever type it
 * names. Options are never handed over as `execArgv`: Node refuses V8's flags there, and
 * `node --max-old-space-size=4096 folio build` ended the same way.
 */
export function threadStart(file: URL, argv: readonly string[] = process.execArgv): { entry: URL | string; eval: boolean } {
  const inputType = argv.some((arg) => arg === '--input-type' || arg.startsWith('--input-type='));
  return inputType ? { entry: `import(${JSON.stringify(file.href)});`, eval: true } : { entry: file, eval: false };
}

/** A worker thread running `file` (see threadStart). */
export function newThread(file: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const start = threadStart(file);
  return new Worker(start.entry, { ...options, eval: start.eval });
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

/**
 * Jobs sent to one thread over its port (a Worker, or a MessagePort to one), each answered by its
 * id: `{ id, result }`, or `{ id, error }` with the error as plain data (the caller rebuilds it).
 * Once `end` is called (the thread failed or exited, its port closed), every job waiting and every
 * job sent later is refused with the first reason given: none waits forever.
 */
export class Requests<In, Out> {
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private ended?: { reason: unknown };

  constructor(private readonly port: Worker | MessagePort) {
    port.on('message', (message: { id: number; result?: unknown; error?: unknown }) => {
      const job = this.pending.get(message.id);
      if (!job) return;
      this.pending.delete(message.id);
      if ('error' in message && message.error !== undefined) job.reject(message.error);
      else job.resolve(message.result);
    });
  }

  /** Jobs sent and not answered yet. */
  get waiting(): number {
    return this.pending.size;
  }

  /** `transfer`: objects moved to the thread with the job (a MessagePort), not copied. */
  send(job: In, transfer: readonly Transferable[] = []): Promise<Out> {
    if (this.ended) return Promise.reject(this.ended.reason);
    const id = this.nextId++;
    return new Promise<Out>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.port.postMessage({ id, job }, [...transfer]);
    });
  }

  end(reason: unknown): void {
    this.ended ??= { reason };
    for (const job of this.pending.values()) job.reject(this.ended.reason);
    this.pending.clear();
  }
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
  const workers: Worker[] = [];
  const slots: Requests<In, Out>[] = [];
  // A worker that failed or exited ends every slot: the pool refuses every job from then on.
  const fail = (error: unknown) => {
    for (const slot of slots) slot.end(error);
  };
  for (let i = 0; i < size; i++) {
    const own = typeof workerData === 'function' ? workerData(i) : { data: workerData, transfer: [] };
    const worker = newThread(file, { workerData: own.data, transferList: [...own.transfer], resourceLimits });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`a worker thread exited${code === 0 ? '' : ` with code ${code}`}`)));
    workers.push(worker);
    slots.push(new Requests<In, Out>(worker));
  }
  return {
    size,
    run(job, transfer = []) {
      // The least busy worker.
      return slots.reduce((best, candidate) => (candidate.waiting < best.waiting ? candidate : best)).send(job, transfer);
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
