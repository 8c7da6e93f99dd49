/**
 * Server-sent events to the open pages: one long-lived response per tab,
 * named events with JSON data. A new connection first receives `hello`
 * (the server's id, so a tab notices a restarted server) and, while the
 * last build failed, that `error`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface SseHub {
  /** Takes over a request to the events endpoint. */
  connect(req: IncomingMessage, res: ServerResponse): void;
  send(event: string, data: unknown): void;
  /** Events a new connection receives after `hello` (the current error, if any). */
  setGreeting(events: { event: string; data: unknown }[]): void;
  readonly clients: number;
  close(): void;
}

export function formatEvent(event: string, data: unknown): string {
  const lines = JSON.stringify(data).split('\n');
  return `event: ${event}\n${lines.map((line) => `data: ${line}`).join('\n')}\n\n`;
}

/** Unsent event text a tab may hold before it is dropped (a tab that stopped reading). */
const MAX_BUFFERED = 1024 * 1024;

export function createSseHub({ serverId, keepAliveMs = 25_000 }: { serverId: string; keepAliveMs?: number }): SseHub {
  const clients = new Set<ServerResponse>();
  let greeting: { event: string; data: unknown }[] = [];
  // A tab that went away (or stopped reading) is dropped rather than written to: a write to a
  // closed response fails, and unread events would pile up in memory for good.
  const write = (res: ServerResponse, text: string) => {
    if (res.destroyed || res.writableEnded || res.writableLength > MAX_BUFFERED) {
      clients.delete(res);
      if (!res.destroyed) res.destroy();
      return;
    }
    res.write(text);
  };
  const keepAlive = setInterval(() => {
    for (const res of clients) write(res, ': keep-alive\n\n');
  }, keepAliveMs);
  keepAlive.unref();
  return {
    connect(req, res) {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      const drop = () => clients.delete(res);
      req.on('close', drop);
      res.on('close', drop);
      res.on('error', drop);
      // A tab that closed before it was taken over is not kept.
      if (req.destroyed || res.destroyed) return;
      clients.add(res);
      write(res, 'retry: 500\n\n');
      write(res, formatEvent('hello', { serverId }));
      for (const { event, data } of greeting) write(res, formatEvent(event, data));
    },
    send(event, data) {
      const text = formatEvent(event, data);
      for (const res of clients) write(res, text);
    },
    setGreeting(events) {
      greeting = events;
    },
    get clients() {
      return clients.size;
    },
    close() {
      clearInterval(keepAlive);
      for (const res of clients) if (!res.destroyed && !res.writableEnded) res.end();
      clients.clear();
    },
  };
}
