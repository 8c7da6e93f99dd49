/**
 * A compile worker's side of the shared highlighting thread (HighlightPort): answers come back by
 * id whatever their order, a thread's error is rebuilt with its code, and when the other side of
 * the port is gone every block waiting (and every block asked for later) is refused instead of
 * waiting forever.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { workerErrorData } from '../../../src/errors/index.js';
import { FolioError } from '../../../src/errors/folio-error.js';
import type { CodeBlock } from '../../../src/markdown/highlight.js';
import type { HighlightMessage } from '../../../src/markdown/highlight-thread.js';
import { HighlightPort } from '../../../src/markdown/highlight-thread.js';

const block = (code: string): CodeBlock => ({ code, lang: 'ts', meta: { highlightLines: new Set(), showLineNumbers: false } });

const opened: MessagePort[] = [];
afterEach(() => {
  for (const port of opened.splice(0)) port.close();
});

/** A port pair: the HighlightPort on one side, the messages that reach the other. */
function channel() {
  const { port1, port2 } = new MessageChannel();
  opened.push(port1, port2);
  const received: { id: number; job: HighlightMessage }[] = [];
  const arrived = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (received.length >= count ? resolve() : setTimeout(check, 5));
      check();
    });
  port2.on('message', (message: { id: number; job: HighlightMessage }) => received.push(message));
  return { highlighter: new HighlightPort(port1), other: port2, received, arrived };
}

describe('HighlightPort', () => {
  it('sends each block as a job and resolves each ask with its own answer, in any order', async () => {
    const { highlighter, other, received, arrived } = channel();
    const first = highlighter.highlightHtml(block('const a = 1;'));
    const second = highlighter.highlightHtml(block('const b = 2;'));
    await arrived(2);
    expect(received.map(({ job }) => ('job' in job ? job.job.block.code : undefined))).toEqual(['const a = 1;', 'const b = 2;']);
    expect(received.every(({ job }) => 'job' in job && job.job.html)).toBe(true);
    // Answered in the opposite order.
    other.postMessage({ id: received[1].id, result: '<pre>b</pre>' });
    other.postMessage({ id: received[0].id, result: '<pre>a</pre>' });
    expect(await first).toBe('<pre>a</pre>');
    expect(await second).toBe('<pre>b</pre>');
    expect(highlighter.elsewhere).toBe(true);
  });

  it('rejects an ask with the thread’s error, rebuilt with its code', async () => {
    const { highlighter, other, received, arrived } = channel();
    const asked = highlighter.highlight(block('broken'));
    await arrived(1);
    other.postMessage({ id: received[0].id, error: workerErrorData(new FolioError({ code: 'MDX_SYNTAX', message: 'no grammar' })) });
    await expect(asked).rejects.toMatchObject({ code: 'MDX_SYNTAX', message: 'no grammar' });
  });

  it('refuses the blocks waiting, and those asked for later, once the other side is gone', async () => {
    const { highlighter, other, arrived } = channel();
    const waiting = highlighter.highlightHtml(block('waiting'));
    await arrived(1);
    other.close();
    await expect(waiting).rejects.toThrow(/highlighting thread ended/);
    await expect(highlighter.highlightHtml(block('later'))).rejects.toThrow(/highlighting thread ended/);
  });
});
