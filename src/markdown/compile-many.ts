/**
 * Compiles many markdown files, on every core when it pays: files already
 * in the cache are read in this thread, the others go to a pool of worker
 * threads (one per core), which write their results to the shared cache.
 * Their code blocks are highlighted on the one highlighting thread beside
 * up to two workers (HighlightThread.connect), else by each thread itself.
 * The output is the same as compiling one file after another: results are
 * keyed by file, and the first error in file order is the one thrown.
 */
import type { Cache } from '../core/cache.js';
import { runLanes } from '../core/lanes.js';
import { createPool, defaultThreads, workerEntry } from '../core/worker-pool.js';
import { rebuildWorkerError } from '../errors/index.js';
import { compileCacheKey, compileFresh, readCompiled, storeCompiled, type CompiledContent, type CompileInput } from './compile.js';
import type { CompileAnswer, CompileJob, CompileWorkerData } from './compile-worker.js';
import { codeCacheKey } from './hast-transforms.js';
import { type CodeBlock, CodeHighlighter, codeBlockOf, type Highlighting } from './highlight.js';
import { HighlightThread } from './highlight-thread.js';
import { plainFences } from './plain-fences.js';

/** Below this many uncached files, starting workers costs more than it saves. */
export const PARALLEL_THRESHOLD = 24;
/**
 * With the thread count left to folio: below this much uncached markdown, one thread. Each worker
 * loads the parser, MDX and shiki and compiles its grammars' expressions (about 2 s of start-up
 * together on two cores), which pays off only once the compile itself takes several seconds
 * (measured: this project's site, 0.47 MB of code-heavy pages, compiles in 2.8 s on one thread
 * and 3.7 s on two; the 1,000-page corpus, 5.5 MB, in 10.9 s on one and 7.5 s on two).
 */
export const AUTO_PARALLEL_BYTES = 1_500_000;

export interface CompileManyInput {
  jobs: CompileJob[];
  cache: Cache;
  highlighter: Highlighting;
  /**
   * Threads to compile on, this one included (2: one worker beside this thread); 1 compiles in
   * this thread alone. Undefined: the core count, once there is enough to compile (AUTO_PARALLEL_BYTES).
   */
  threads?: number;
  /**
   * Called with each result as it arrives (cache hit, worker or this thread); what it returns is
   * what the result map keeps. One-shot builds keep a lean copy here, so a 10,000-page build does
   * not hold every page body at once. `key` is the cache key when the result can be read back from
   * the disk cache, undefined when it cannot (then the caller must keep the body); `hit` says the
   * result came from the cache (without its body, with `withoutBodies`).
   */
  keep?: (job: CompileJob, result: CompiledContent, key: string | undefined, hit: boolean) => CompiledContent;
  /** Read cached pages without their body HTML (`html` is empty; the caller reads it when it needs it). */
  withoutBodies?: boolean;
}

export interface CompileManyResult {
  results: Map<string, CompiledContent>;
  /** Files that were compiled (not read from the cache). */
  compiled: number;
  /**
   * Threads that compiled: 0 when this thread did alone, else the workers and this thread, or the
   * workers and the highlighting thread (their blocks highlighted there, this thread compiling none).
   */
  threads: number;
}

/**
 * Pages compiled at once in this thread when its blocks are highlighted on another (HighlightThread):
 * enough to keep it parsing while the first ones wait, few enough that their trees do not pile up.
 */
const PAGES_IN_FLIGHT = 8;

/**
 * Compile workers that send their blocks to the one highlighting thread (HighlightThread.connect):
 * highlighting is about a third of a compiling thread's work, so one thread keeps up with this
 * thread and two workers; with more, each worker highlights its own.
 */
const SHARED_HIGHLIGHTING = 2;

/** Jobs in flight per worker: enough to keep it busy, few enough that queued sources do not pile up. */
const WINDOW_PER_WORKER = 4;

export async function compileMany({
  jobs,
  cache,
  highlighter,
  threads: requested,
  keep = (_job, result) => result,
  withoutBodies = false,
}: CompileManyInput): Promise<CompileManyResult> {
  const results = new Map<string, CompiledContent>();
  // Read each cache entry once; only what is not there gets compiled.
  const misses: CompileJob[] = [];
  const keys = new Map<CompileJob, string>();
  for (const job of jobs) {
    const key = compileCacheKey(job);
    const hit = readCompiled(cache, key, { body: !withoutBodies });
    if (hit) results.set(job.file, keep(job, hit, key, true));
    else {
      misses.push(job);
      keys.set(job, key);
    }
  }
  // Workers run the compiled dist/ code; from source (tests through vitest) we stay in one thread.
  const file = workerEntry('compile-worker');
  const bytes = misses.reduce((sum, job) => sum + job.body.length, 0);
  // More threads than cores only adds start-ups (each loads the toolchain): `--threads 1000000` is
  // capped, not a thousand workers (at least 2, so `--threads 2` means the same on any machine).
  const threads = requested !== undefined ? Math.min(requested, Math.max(2, defaultThreads())) : bytes >= AUTO_PARALLEL_BYTES ? defaultThreads() : 1;
  // This thread is one of the compiling threads: `threads` 2 is one worker beside it (or, when the
  // blocks go to the highlighting thread, one worker parsing and that thread highlighting). It mostly
  // waits for the workers' answers otherwise, and each worker must load the toolchain and compile
  // its grammars first (1,000 pages, 4 alternating pairs: two workers 10.9-12.0 s wall and
  // 17.6-19.7 s CPU, one worker and this thread 10.3-11.0 s and 16.5-17.7 s, 55 MB less RSS).
  const workers = threads > 1 && misses.length >= PARALLEL_THRESHOLD && file ? Math.min(threads, Math.ceil(misses.length / 8)) - 1 : 0;
  const compiledHere = new Map<string, CompiledContent>();
  // Beside up to SHARED_HIGHLIGHTING workers, every compiling thread sends its blocks to the one
  // highlighting thread: the grammars are compiled once, not once per thread. Beside more, that
  // thread could not keep up: this thread's lane and each worker highlight their own blocks.
  const shared = workers > 0 && workers <= SHARED_HIGHLIGHTING && highlighter instanceof HighlightThread && highlighter.elsewhere;
  const here = workers > 0 && !shared && highlighter instanceof HighlightThread ? highlighter.here : highlighter;
  // Beside workers the grammars' lists are searched thousands of times: compiled whole at once.
  if (workers > 0 && here instanceof CodeHighlighter) here.wholeLists = true;
  const highlighterHere: Highlighting = here;
  const ports = shared ? Array.from({ length: workers }, () => (highlighter as HighlightThread).connect({ wholeLists: true })!) : [];
  const compileHere = async (job: CompileJob) => {
    const key = keys.get(job)!;
    const { result, stored } = await compileFresh({ ...(job as CompileInput), highlighter: highlighterHere, cache }, key);
    return keep(job, result, stored ? key : undefined, false);
  };
  if (highlighter instanceof HighlightThread && highlighter.elsewhere && ((workers === 0 && bytes < AUTO_PARALLEL_BYTES) || shared)) {
    // Its first blocks are asked for only once this thread has loaded the parser and parsed a page:
    // the highlighting thread begins on what the pages plainly hold now (see plain-fences.ts).
    const blocks: CodeBlock[] = [];
    for (const job of misses)
      for (const fence of plainFences(job.body)) {
        const key = codeCacheKey(job.cacheSalt, fence.lang, fence.meta, fence.text);
        if (!cache.hasText('code-html', key) && !cache.has('code', key)) blocks.push(codeBlockOf(fence.text, fence.lang, fence.meta));
      }
    highlighter.prefetch(blocks);
  }
  if (workers === 0 && highlighterHere.elsewhere && misses.length > 1) {
    // Alone, with the highlighting on a thread of its own: several pages in flight, so this thread
    // parses the next ones while the blocks of the first are highlighted. After a failure no page
    // is begun; of those in flight (every page before it among them), the first failure in job
    // order is the one thrown, as one after another.
    const failures = new Map<number, unknown>();
    const lane = async (index: number) => {
      const job = misses[index];
      try {
        compiledHere.set(job.file, await compileHere(job));
      } catch (reason) {
        failures.set(index, reason);
      }
    };
    await runLanes(
      misses.length,
      Array.from({ length: PAGES_IN_FLIGHT }, () => lane),
      () => failures.size > 0,
    );
    if (failures.size) throw failures.get(Math.min(...failures.keys()));
  }
  if (workers > 0) {
    const pool = createPool<CompileJob, CompileAnswer>({
      file: file!,
      size: workers,
      workerData: (index: number) => ({
        data: { cacheDir: cache.dir, highlightPort: ports[index] } satisfies CompileWorkerData,
        transfer: ports[index] ? [ports[index]] : [],
      }),
      // The syntax trees are short-lived garbage: a 64 MB young generation collects them in fewer
      // scavenges (1,000 pages, two workers, compile stage: 16 MB 8.5 s, 32 MB 7.7 s, 64 MB 7.4 s,
      // 128 MB 7.5 s; peak RSS 395, 435, 490, 604 MB). Pages are no longer held until rendering,
      // so the extra 100 MB stays well below the render stage's peak at 10,000 pages.
      resourceLimits: { maxYoungGenerationSizeMb: 64 },
    });
    // The first failure in job order wins, as in a single-threaded compile.
    // (A worker's failure arrives as a message, rebuilt into an error; this thread's is the error itself.)
    const failures = new Map<number, { reason: unknown; here: boolean }>();
    try {
      const workerLane = async (index: number) => {
        const job = misses[index];
        try {
          const { compiled: result, stored: storable, entries } = await pool.run(job);
          const key = keys.get(job)!;
          // This thread writes what the worker compiled: its code blocks' entries, and the page.
          cache.adopt(entries);
          let stored = false;
          if (storable) stored = storeCompiled(cache, key, result);
          else if (!result.imports) storeCompiled(cache, key, result, { memoryOnly: true });
          compiledHere.set(job.file, keep(job, result, stored ? key : undefined, false));
        } catch (reason) {
          failures.set(index, { reason, here: false });
        }
      };
      // This thread's lane: one job at a time from the same queue, letting the workers' answers in between.
      const localLane = async (index: number) => {
        const job = misses[index];
        try {
          compiledHere.set(job.file, await compileHere(job));
        } catch (reason) {
          failures.set(index, { reason, here: true });
        }
        await new Promise((resolve) => setImmediate(resolve));
      };
      // With the highlighting on a thread of its own, this thread compiles nothing: it hands out the
      // jobs and stores the answers. Then one thread parses, one highlights, and this one loads
      // neither the parser nor the grammars (1,000 pages, 3 alternating pairs: 6.5-6.9 s of CPU with
      // a lane here, 6.0-6.6 s without; the compile stage 1.9-2.1 s against 1.8-1.9 s).
      const localLanes = shared ? [] : [localLane];
      await runLanes(misses.length, [...Array.from({ length: workers * WINDOW_PER_WORKER }, () => workerLane), ...localLanes]);
    } finally {
      await pool.close();
    }
    if (failures.size) {
      const { reason, here } = failures.get(Math.min(...failures.keys()))!;
      throw here ? reason : rebuildWorkerError(reason);
    }
  }
  for (const job of misses) {
    // What the threads compiled, else (in one thread) a compile here.
    results.set(job.file, compiledHere.get(job.file) ?? (await compileHere(job)));
  }
  // Callers look results up by file; keep the order of the jobs all the same.
  return { results: new Map(jobs.map((job) => [job.file, results.get(job.file)!])), compiled: misses.length, threads: workers ? workers + 1 : 0 };
}
