/**
 * Worker thread entry: builds the search index of a one-shot build while the main thread renders
 * the pages (search.ts, `start`). It is sent the pages and their bodies' text and headings, reads
 * and writes the same cache buckets as `emit` would, and answers with the index files.
 */
import { parentPort } from 'node:worker_threads';
import { Cache } from '../../core/cache.js';
import { workerErrorData } from '../../errors/index.js';
import { indexFiles, type SearchWorkerJob } from './search.js';

parentPort!.on('message', async ({ id, job }: { id: number; job: SearchWorkerJob }) => {
  try {
    const cache = job.cacheDir ? new Cache(job.cacheDir, { memory: false }) : undefined;
    const files = await indexFiles({ pages: job.pages, cache, cacheSalt: job.cacheSalt }, async () => job.texts);
    parentPort!.postMessage({ id, result: files });
  } catch (error) {
    parentPort!.postMessage({ id, error: workerErrorData(error) });
  }
});
