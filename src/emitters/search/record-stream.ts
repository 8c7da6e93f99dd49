/**
 * The search records of a large one-shot build, cut on a thread of its own as the pages render
 * (search.ts, `watchBodies`, from dist/). A site whose bodies live in the cache renders on the main
 * thread alone, the compile threads done: the bodies renderPages has in hand are sent to the search
 * thread (a few at a time), which cuts each page's records as they come, asks for the bodies of
 * pages that did not render (kept from the previous output) once told the pages are done, builds
 * the index, stores its cache buckets and answers with the index files: the same work, in the same
 * order, as `emit` does on the main thread with the records `watchBodies` took there.
 */
import type { Worker } from 'node:worker_threads';
import { newThread } from '../../core/worker-pool.js';
import { rebuildWorkerError } from '../../errors/index.js';
import type { CompiledContent } from '../../markdown/compile.js';
import type { EmittedFile } from '../types.js';
import type { IndexJob } from './search.js';

/** What the thread starts with (workerData `stream`). */
export interface StreamJob {
  pages: IndexJob['pages'];
  /** Keys of the pages whose records are cut from the bodies sent (their cache bucket is missing). */
  cut: string[];
  cacheDir: string | undefined;
  cacheSalt: string;
}

export type StreamText = Pick<CompiledContent, 'html' | 'headings'>;
/** This thread to the search thread: bodies as pages render, the end of the pages, bodies it asked for. */
export type StreamIn = { bodies: [file: string, text: StreamText][] } | { end: true } | { texts: [file: string, text: StreamText][] };
/** The search thread to this one: bodies it needs (pages that did not render), then the index or an error. */
export type StreamOut = { need: string[] } | { result: EmittedFile[] } | { error: unknown };

/** Bodies sent together: one message per page cost more than the copy of its body. */
const BATCH = 16;

const textOf = ({ html, headings }: StreamText): StreamText => ({ html, headings });

export class RecordStream {
  private readonly worker: Worker;
  private readonly result: Promise<EmittedFile[]>;
  private batch: [string, StreamText][] = [];
  private ended = false;

  constructor(file: URL, job: StreamJob, loadText: (files: string[]) => Promise<ReadonlyMap<string, StreamText>>) {
    this.worker = newThread(file, { workerData: { stream: job } });
    this.result = new Promise<EmittedFile[]>((resolve, reject) => {
      this.worker.on('message', (message: StreamOut) => {
        if ('need' in message) {
          loadText(message.need).then((texts) => {
            const found = message.need.flatMap((need): [string, StreamText][] => {
              const text = texts.get(need);
              return text ? [[need, textOf(text)]] : [];
            });
            this.worker.postMessage({ texts: found } satisfies StreamIn);
          }, reject);
        } else if ('result' in message) resolve(message.result);
        else reject(rebuildWorkerError(message.error));
      });
      this.worker.on('error', reject);
      this.worker.on('exit', (code) => reject(new Error(`the search thread exited${code ? ` with code ${code}` : ''} before it answered`)));
    });
    this.result.catch(() => {}).finally(() => void this.worker.terminate());
  }

  /** A rendered page's body (links resolved: the records are the same as from the text `loadText` gives). */
  send(file: string, body: StreamText): void {
    if (this.ended) return;
    this.batch.push([file, textOf(body)]);
    if (this.batch.length >= BATCH) this.flush();
  }

  /** The pages are done: the index files, once the thread has them. */
  end(): Promise<EmittedFile[]> {
    if (!this.ended) {
      this.flush();
      this.ended = true;
      this.worker.postMessage({ end: true } satisfies StreamIn);
    }
    return this.result;
  }

  /** The build failed before `emit`: the thread ends. */
  stop(): void {
    this.ended = true;
    void this.worker.terminate();
  }

  private flush(): void {
    if (this.batch.length === 0) return;
    this.worker.postMessage({ bodies: this.batch } satisfies StreamIn);
    this.batch = [];
  }
}
