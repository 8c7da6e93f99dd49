/**
 * Worker thread entry: compiles markdown files sent by the compile stage.
 * Each worker keeps its own highlighter (grammars load once per worker) and
 * writes its results to the shared persistent cache.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Cache, type DeferredEntry } from '../core/cache.js';
import { workerErrorData } from '../errors/index.js';
import { compileFresh, type CompileInput, type CompiledContent } from './compile.js';
import { CodeHighlighter } from './highlight.js';

export type CompileJob = Omit<CompileInput, 'highlighter' | 'cache'>;

/**
 * A worker's answer: the compiled page; whether the main thread is to store it (it can be read back
 * from the disk cache then); and `entries`, the other cache entries made for packs (its highlighted
 * code blocks), which the main thread writes too: no worker thread holds a pack open.
 */
export interface CompileAnswer {
  compiled: CompiledContent;
  stored: boolean;
  entries: DeferredEntry[];
}

// A compile worker means a large build: its grammars' lists are searched often enough to compile whole.
const highlighter = new CodeHighlighter({ wholeLists: true });
const cache = new Cache((workerData as { cacheDir?: string } | undefined)?.cacheDir, { deferPacked: true });

parentPort!.on('message', async ({ id, job }: { id: number; job: CompileJob }) => {
  try {
    // The main thread looked in the cache already: what is sent here is to be compiled.
    // The page itself is stored by the main thread, which gets it in the answer anyway.
    const { result, stored } = await compileFresh({ ...job, highlighter, cache }, undefined, false);
    cache.clearMemory();
    const entries = cache.takeDeferred();
    const answer: CompileAnswer = { compiled: result, stored, entries };
    // Each entry's bytes are a buffer of its own: moved to the main thread, not copied.
    parentPort!.postMessage(
      { id, result: answer },
      entries.map(([, , sealed]) => sealed.buffer as ArrayBuffer),
    );
  } catch (error) {
    cache.takeDeferred();
    parentPort!.postMessage({ id, error: workerErrorData(error) });
  }
});
