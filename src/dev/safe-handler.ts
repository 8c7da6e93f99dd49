/**
 * No single request may take `folio serve` or `folio preview` down. Node
 * turns an exception thrown by a request handler (or a rejected promise it
 * started) into the end of the process; here it becomes a 500 for that one
 * request (or a closed connection, when the answer had already begun), one
 * line in the terminal, and the server goes on serving the next request.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import pc from 'picocolors';
import { debugWanted } from '../core/logger.js';

/** A request handler; if it returns a promise, that is watched for failures too. */
export type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** The request target as it can be shown on one terminal line (no control characters, bounded). */
export function shownTarget(url: string | undefined): string {
  const text = (url ?? '').replace(/[\u0000-\u001f\u007f-\u009f]/g, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** The one line printed for a request that failed inside folio. */
export function failureLine(req: IncomingMessage, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = `${pc.red('error')} ${pc.dim('SERVE_REQUEST_FAILED')} ${shownTarget(req.method)} ${shownTarget(req.url)}: ${message.split('\n')[0]} (answered 500; still serving)`;
  return debugWanted() && error instanceof Error && error.stack ? `${line}\n${pc.dim(error.stack)}` : line;
}

function answerFailure(res: ServerResponse): void {
  if (res.writableEnded) return;
  if (res.headersSent) {
    // Half an answer is out: only closing the connection tells the client it is incomplete.
    res.destroy();
    return;
  }
  try {
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' });
    res.end('Internal server error: see the terminal running folio.\n');
  } catch {
    res.destroy();
  }
}

/** `handler`, with its failures answered and reported instead of thrown. */
export function guardHandler(handler: Handler, report: (line: string) => void): RequestListener {
  const fail = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    try {
      report(failureLine(req, error));
    } catch {
      // A broken terminal must not turn one failed request into a stopped server.
    }
    answerFailure(res);
  };
  return (req, res) => {
    try {
      const result = handler(req, res);
      if (result && typeof (result as Promise<unknown>).then === 'function')
        (result as Promise<unknown>).then(undefined, (error: unknown) => fail(req, res, error));
    } catch (error) {
      fail(req, res, error);
    }
  };
}
