/**
 * Worker thread entry: builds the search index of a build from scratch while the main thread
 * renders the pages (search.ts, `begin`). The index files come back as strings.
 */
import { parentPort } from 'node:worker_threads';
import { workerErrorData } from '../../errors/index.js';
import { runWorkerJob, type WorkerJob } from './search.js';

parentPort!.on('message', async ({ id, job }: { id: number; job: WorkerJob }) => {
  try {
    parentPort!.postMessage({ id, result: await runWorkerJob(job) });
  } catch (error) {
    parentPort!.postMessage({ id, error: workerErrorData(error) });
  }
});
