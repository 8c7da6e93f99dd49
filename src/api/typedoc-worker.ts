/**
 * Worker thread entry: runs typedoc for the API stage, so the main thread
 * compiles the site's markdown meanwhile (load-api.ts). The model comes
 * back as the same plain JSON the cache stores.
 */
import { parentPort } from 'node:worker_threads';
import { workerErrorData } from '../errors/index.js';
import { runTypedoc, type TypedocInput } from './run-typedoc.js';

parentPort!.on('message', async ({ id, job }: { id: number; job: TypedocInput }) => {
  try {
    parentPort!.postMessage({ id, result: await runTypedoc(job) });
  } catch (error) {
    parentPort!.postMessage({ id, error: workerErrorData(error) });
  }
});
