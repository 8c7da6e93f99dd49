/**
 * Worker thread entry: compiles markdown files sent by the compile stage.
 * Each worker keeps its own highlighter (grammars load once per worker) and
 * writes its results to the shared persistent cache.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Cache } from '../core/cache.js';
import { workerErrorData } from '../errors/index.js';
import { compileFresh, type CompileInput, type CompiledContent } from './compile.js';
import { CodeHighlighter } from './highlight.js';

export type CompileJob = Omit<CompileInput, 'highlighter' | 'cache'>;

/** A worker's answer: the compiled page, and whether it is in the disk cache for the main thread to read back. */
export interface CompileAnswer {
  compiled: CompiledContent;
  stored: boolean;
}

const highlighter = new CodeHighlighter();
const cache = new Cache((workerData as { cacheDir?: string } | undefined)?.cacheDir);

parentPort!.on('message', async ({ id, job }: { id: number; job: CompileJob }) => {
  try {
    // The main thread looked in the cache already: what is sent here is to be compiled.
    const { result, stored } = await compileFresh({ ...job, highlighter, cache });
    cache.clearMemory();
    const answer: CompileAnswer = { compiled: result, stored };
    parentPort!.postMessage({ id, result: answer });
  } catch (error) {
    parentPort!.postMessage({ id, error: workerErrorData(error) });
  }
});
