/**
 * Worker thread entry: highlights the code blocks a compiling thread sends (HighlightThread), with a
 * highlighter of its own, so that thread parses pages while this one compiles the grammars'
 * expressions and tokenizes. An answer is the block's frame as HTML or its `<pre>` element.
 */
import { type MessagePort, parentPort } from 'node:worker_threads';
import { workerErrorData } from '../errors/index.js';
import { type CodeBlock, CodeHighlighter, type DualToken, normaliseLang } from './highlight.js';
import type { HighlightMessage } from './highlight-thread.js';

/** A highlighter that takes a block's tokens from the ones prefetched, when they are there. */
class PrefetchingHighlighter extends CodeHighlighter {
  /** Prefetched tokens by language and code, until a block asks for them (once: a second ask tokenizes again). */
  private readonly ahead = new Map<string, Promise<DualToken[][]>>();
  /** Prefetched blocks are tokenized one after another, in the order the compile will ask for them. */
  private queue: Promise<unknown> = Promise.resolve();

  prefetch(blocks: Pick<CodeBlock, 'code' | 'lang'>[]): void {
    for (const block of blocks) {
      const key = keyOf(block);
      if (this.ahead.has(key)) continue;
      // Each after a turn of the event loop: the asks and answers of the compiling threads go
      // between two blocks (tokenizing is synchronous, and a chain of promises alone would hold
      // every answer back until the last prefetched block).
      const tokens = this.queue.then(nextTurn).then(() => super.tokenizeBlock(block));
      this.queue = tokens.catch(() => {});
      // A failure is the asker's to see: the block is tokenized again when asked for.
      tokens.catch(() => this.ahead.delete(key));
      this.ahead.set(key, tokens);
    }
  }

  override async tokenizeBlock(block: Pick<CodeBlock, 'code' | 'lang'>): Promise<DualToken[][]> {
    const key = keyOf(block);
    const early = this.ahead.get(key);
    if (early) {
      this.ahead.delete(key);
      const tokens = await early.catch(() => undefined);
      if (tokens) return tokens;
    }
    return super.tokenizeBlock(block);
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const keyOf = ({ code, lang }: Pick<CodeBlock, 'code' | 'lang'>) => `${normaliseLang(lang)}\n${code}`;

const highlighter = new PrefetchingHighlighter();

/** Answers the messages of one compiling thread: the main thread's (parentPort), or a compile worker's (a port it connected). */
function serve(port: MessagePort): void {
  port.on('message', async ({ id, job: message }: { id: number; job: HighlightMessage }) => {
    try {
      if ('warm' in message) {
        await highlighter.warm();
        port.postMessage({ id, result: undefined });
        return;
      }
      if ('prefetch' in message) {
        highlighter.prefetch(message.prefetch);
        port.postMessage({ id, result: undefined });
        return;
      }
      if ('connect' in message) {
        if (message.wholeLists) highlighter.wholeLists = true;
        serve(message.connect);
        port.postMessage({ id, result: undefined });
        return;
      }
      const { html, block } = message.job;
      const result = html ? await highlighter.highlightHtml(block) : await highlighter.highlight(block);
      port.postMessage({ id, result });
    } catch (error) {
      port.postMessage({ id, error: workerErrorData(error) });
    }
  });
}

serve(parentPort!);
