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

export function createSseHub({ serverId, keepAliveMs = 25_000 }: { serverId: string; keepAliveMs?: number }): SseHub {
  const clients = new Set<ServerResponse>();
  let greeting: { event: string; data: unknown }[] = [];
  const keepAlive = setInterval(() => {
    for (const res of clients) res.write(': keep-alive\n\n');
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
      res.write('retry: 500\n\n');
      res.write(formatEvent('hello', { serverId }));
      for (const { event, data } of greeting) res.write(formatEvent(event, data));
      clients.add(res);
      const drop = () => clients.delete(res);
      req.on('close', drop);
      res.on('close', drop);
      res.on('error', drop);
    },
    send(event, data) {
      const text = formatEvent(event, data);
      for (const res of clients) res.write(text);
    },
    setGreeting(events) {
      greeting = events;
    },
    get clients() {
      return clients.size;
    },
    close() {
      clearInterval(keepAlive);
      for (const res of clients) res.end();
      clients.clear();
    },
  };
}
