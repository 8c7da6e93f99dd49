/**
 * Worker thread entry: compiles markdown files sent by the compile stage.
 * Each worker keeps its own highlighter (grammars load once per worker) and
 * writes its results to the shared persistent cache.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Cache } from '../build/cache.js';
import { workerErrorData } from '../errors/index.js';
import { compileMarkdown, type CompileInput } from './compile.js';
import { CodeHighlighter } from './highlight.js';

export type CompileJob = Omit<CompileInput, 'highlighter' | 'cache'>;

const highlighter = new CodeHighlighter();
const cache = new Cache((workerData as { cacheDir?: string } | undefined)?.cacheDir);

parentPort!.on('message', async ({ id, job }: { id: number; job: CompileJob }) => {
  try {
    const result = await compileMarkdown({ ...job, highlighter, cache });
    cache.clearMemory();
    parentPort!.postMessage({ id, result });
  } catch (error) {
    parentPort!.postMessage({ id, error: workerErrorData(error) });
  }
});
