/**
 * Worker thread entry: compiles markdown files sent by the compile stage.
 * Its code blocks go to the build's highlighting thread through a port when
 * the compile stage gives one, else to a highlighter of its own (grammars
 * load once per worker); its results go to the shared persistent cache.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { Cache, type DeferredEntry } from '../core/cache.js';
import { workerErrorData } from '../errors/index.js';
import { compileFresh, type CompileInput, type CompiledContent } from './compile.js';
import { CodeHighlighter, type Highlighting } from './highlight.js';
import { HighlightPort } from './highlight-thread.js';

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

/** What the compile stage starts a worker with: the cache's folder, and a port to the highlighting thread (if there is one). */
export interface CompileWorkerData {
  cacheDir?: string;
  highlightPort?: MessagePort;
}

const data = (workerData ?? {}) as CompileWorkerData;
// A compile worker means a large build: its grammars' lists are searched often enough to compile
// whole. With a highlighting thread, its blocks are highlighted there (one grammar compile for all).
const highlighter: Highlighting = data.highlightPort ? new HighlightPort(data.highlightPort) : new CodeHighlighter({ wholeLists: true });
const cache = new Cache(data.cacheDir, { deferPacked: true });

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
