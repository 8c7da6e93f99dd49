/**
 * Highlighting on a thread of its own, for a build that compiles its markdown in this thread alone
 * (a site below compile-many's AUTO_PARALLEL_BYTES, such as this project's: its typedoc thread
 * leaves the second core half idle), or in this thread and up to two compile workers, which reach
 * the thread through ports of their own (`connect`, HighlightPort). Compiling a grammar's expressions is most of what highlighting
 * a small site costs (this site: 0.74 s of 1.2 s, before its first block is coloured), and a
 * compile worker would pay it again; a thread that only highlights pays it once, beside the parse.
 *
 * The thread starts on the first block that is not in the cache (a build whose blocks are all
 * cached never starts it), or, in a one-shot build from a clean checkout (no `.folio-cache` yet),
 * before the config is loaded, to load shiki meanwhile (`warmUp`, full-build.ts). Its answers are what this thread's CodeHighlighter would make: the
 * worker runs that very class. Without dist/'s worker entry (the tests, from source), on one core,
 * or with FOLIO_HIGHLIGHT_THREAD=0, the blocks are highlighted here.
 */
import type { Element } from 'hast';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { createPool, defaultThreads, type Pool, Requests, workerEntry } from '../core/worker-pool.js';
import { rebuildWorkerError } from '../errors/index.js';
import type { CodeBlock, CodeHighlighter, Highlighting } from './highlight.js';

/** A block to answer, as HTML (`highlightHtml`) or as a `<pre>` element (`highlight`). */
export interface HighlightJob {
  html: boolean;
  block: CodeBlock;
}

/**
 * A message to the thread: a block to answer, blocks to tokenize before they are asked for, or
 * (`warm`) to load shiki and its themes before any block is known.
 */
export type HighlightMessage =
  | { job: HighlightJob }
  | { prefetch: Pick<CodeBlock, 'code' | 'lang'>[] }
  | { warm: true }
  | { connect: MessagePort; wholeLists: boolean };

export class HighlightThread implements Highlighting {
  private pool?: Pool<HighlightMessage, string | Element | undefined>;
  private open: boolean;
  private started = false;

  constructor(
    /** This thread's highlighter, for what is highlighted here (compile-many's lane beside its workers). */
    readonly here: CodeHighlighter,
    private readonly file: URL | undefined = workerEntry('highlight-worker'),
  ) {
    this.open = file !== undefined && defaultThreads() > 1 && process.env.FOLIO_HIGHLIGHT_THREAD !== '0';
  }

  /** Whether the blocks go to the thread: several pages of the caller may then wait on it at once. */
  get elsewhere(): boolean {
    return this.open;
  }

  /** Whether a block went to the thread in this build. */
  get threadStarted(): boolean {
    return this.started;
  }

  highlightHtml(block: CodeBlock): Promise<string> {
    return this.open ? (this.post({ job: { html: true, block } }) as Promise<string>) : this.here.highlightHtml(block);
  }

  highlight(block: CodeBlock): Promise<Element> {
    return this.open ? (this.post({ job: { html: false, block } }) as Promise<Element>) : this.here.highlight(block);
  }

  /**
   * Blocks the compile is about to ask for, tokenized on the thread from now on, in this order:
   * the thread starts its work (loading shiki, compiling the grammars) before this thread's parse
   * reaches the first block. A block asked for later is made from its tokens, done or on their way.
   */
  prefetch(blocks: Pick<CodeBlock, 'code' | 'lang'>[]): void {
    if (!this.open || blocks.length === 0) return;
    this.post({ prefetch: blocks.map(({ code, lang }) => ({ code, lang })) }).catch(() => {});
  }

  /**
   * Starts the thread and has it load shiki, its WebAssembly and the themes now, before a block is
   * known (a build from a clean checkout, while the config loads). Not a block: `threadStarted`
   * stays false until one goes to the thread.
   */
  warmUp(): void {
    if (!this.open) return;
    this.thread()
      .run({ warm: true })
      .catch(() => {});
  }

  /**
   * A port to this highlighting thread for a compile worker (HighlightPort on its side), so that
   * the worker's blocks are highlighted here too: one thread compiles the grammars' expressions
   * and keeps one line memo for every compiling thread. Undefined when blocks are not sent to a
   * thread (then each compiling thread highlights its own). `wholeLists`: a build of many pages.
   * Not a block: the stage line names the thread once blocks go to it (the prefetch, an ask).
   */
  connect({ wholeLists }: { wholeLists: boolean }): MessagePort | undefined {
    if (!this.open) return undefined;
    const { port1, port2 } = new MessageChannel();
    this.thread()
      .run({ connect: port2, wholeLists }, [port2])
      .catch(() => {});
    return port1;
  }

  /** Ends the thread (if it started); blocks asked for after this are highlighted here. */
  async release(): Promise<void> {
    const pool = this.pool;
    this.open = false;
    this.pool = undefined;
    await pool?.close();
  }

  /** The thread, started on first use. */
  private thread(): Pool<HighlightMessage, string | Element | undefined> {
    this.pool ??= createPool<HighlightMessage, string | Element | undefined>({ file: this.file!, size: 1 });
    return this.pool;
  }

  /** A block, or blocks to prefetch: from now on the stage line names the thread. */
  private post(message: HighlightMessage): Promise<string | Element | undefined> {
    this.started = true;
    return this.thread()
      .run(message)
      .catch((reason: unknown) => {
        throw rebuildWorkerError(reason);
      });
  }
}

/**
 * A compile worker's side of HighlightThread.connect: its blocks go to the highlighting thread
 * through the port, several pages waiting at once (`elsewhere`). Once the thread's side of the
 * port is gone, every block waiting or asked for later is refused: no page waits forever.
 */
export class HighlightPort implements Highlighting {
  readonly elsewhere = true;
  readonly threadStarted = true;
  private readonly requests: Requests<HighlightMessage, string | Element>;

  constructor(port: MessagePort) {
    this.requests = new Requests(port);
    port.on('close', () => this.requests.end(new Error('the highlighting thread ended before it answered')));
  }

  highlightHtml(block: CodeBlock): Promise<string> {
    return this.post({ html: true, block }) as Promise<string>;
  }

  highlight(block: CodeBlock): Promise<Element> {
    return this.post({ html: false, block }) as Promise<Element>;
  }

  private post(job: HighlightJob): Promise<string | Element> {
    return this.requests.send({ job }).catch((reason: unknown) => {
      throw rebuildWorkerError(reason);
    });
  }
}
