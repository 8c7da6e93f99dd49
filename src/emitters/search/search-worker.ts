/**
 * Worker thread entry of the search index, two ways (search.ts):
 * - `start`, a one-shot build whose bodies are all in memory: sent the pages and their bodies'
 *   text and headings as one job (worker-pool's protocol), it answers with the index files;
 * - `watchBodies`, a larger one (workerData `stream`, record-stream.ts): sent the bodies as the
 *   pages render, it cuts each page's records as they come and builds the index at the end.
 * Either way it reads and writes the same cache buckets as `emit` would on the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Cache } from '../../core/cache.js';
import { workerErrorData } from '../../errors/index.js';
import type { EmittedFile } from '../types.js';
import type { StreamIn, StreamJob, StreamOut, StreamText } from './record-stream.js';
import { type Cached, type IndexJob, indexFiles, keptOf, type SearchWorkerJob } from './search.js';

/**
 * The index files with their contents as UTF-8 bytes, each in a buffer of its own, moved to the
 * main thread with the answer instead of copied: at 10,000 pages the index is 59 MB, which the
 * copy held three times over at the build's peak of memory (this thread's strings, the message,
 * the main thread's strings), and the main thread then encoded each string to write it.
 */
function encodedFiles(files: EmittedFile[]): { files: EmittedFile[]; transfer: ArrayBuffer[] } {
  const encoder = new TextEncoder();
  const transfer: ArrayBuffer[] = [];
  const encoded = files.map((file) => {
    if (typeof file.contents !== 'string') return file;
    // TextEncoder's array owns its buffer (Buffer.from may hand out a slice of a shared pool).
    const bytes = encoder.encode(file.contents);
    transfer.push(bytes.buffer as ArrayBuffer);
    return { ...file, contents: bytes };
  });
  return { files: encoded, transfer };
}

const stream = (workerData as { stream?: StreamJob } | undefined)?.stream;

if (stream) {
  const cut = new Set(stream.cut);
  const byFile = new Map<string, IndexJob['pages']>();
  for (const page of stream.pages) {
    if (!cut.has(page.key)) continue;
    const list = byFile.get(page.file);
    if (list) list.push(page);
    else byFile.set(page.file, [page]);
  }
  const taken = new Map<string, Cached>();
  let waiting: ((texts: Map<string, StreamText>) => void) | undefined;
  const post = (message: StreamOut, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);
  parentPort!.on('message', (message: StreamIn) => {
    if ('bodies' in message) {
      for (const [file, text] of message.bodies)
        for (const page of byFile.get(file) ?? []) if (!taken.has(page.key)) taken.set(page.key, keptOf(page, page.section, text));
    } else if ('texts' in message) waiting?.(new Map(message.texts));
    else void finish();
  });
  const finish = async () => {
    const cache = stream.cacheDir ? new Cache(stream.cacheDir, { memory: false }) : undefined;
    let answer: StreamOut;
    let transfer: ArrayBuffer[] = [];
    try {
      const files = await indexFiles(
        { pages: stream.pages, cache, cacheSalt: stream.cacheSalt, lastRun: true, taken },
        (need) =>
          new Promise((resolve) => {
            waiting = resolve;
            post({ need });
          }),
      );
      const encoded = encodedFiles(files);
      answer = { result: encoded.files };
      transfer = encoded.transfer;
    } catch (error) {
      answer = { error: workerErrorData(error) };
    }
    // Written out before the answer: the main thread ends this thread once it has it.
    cache?.close();
    post(answer, transfer);
  };
} else {
  parentPort!.on('message', async ({ id, job }: { id: number; job: SearchWorkerJob }) => {
    try {
      const cache = job.cacheDir ? new Cache(job.cacheDir, { memory: false }) : undefined;
      const encoded = encodedFiles(await indexFiles({ pages: job.pages, cache, cacheSalt: job.cacheSalt }, async () => job.texts));
      parentPort!.postMessage({ id, result: encoded.files }, encoded.transfer);
    } catch (error) {
      parentPort!.postMessage({ id, error: workerErrorData(error) });
    }
  });
}
