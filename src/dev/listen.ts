/**
 * Starts an HTTP server for `serve` and `preview`, turning the usual
 * failures (port taken, bad host) into FolioErrors that say what to do.
 */
import { FolioError } from '../errors/index.js';
import type { Handler } from './safe-handler.js';
import { listen, type RunningServer } from './static-server.js';

/** Fails early (before any build) on a port that cannot be one. */
export function checkPort(port: number): void {
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new FolioError({ code: 'SERVE_FAILED', message: `--port must be a whole number from 0 to 65535, got ${port}` });
  }
}

export async function startListening({
  handler,
  port,
  host,
  report,
}: {
  handler: Handler;
  port: number;
  host: string;
  report?: (line: string) => void;
}): Promise<RunningServer> {
  checkPort(port);
  try {
    return await listen({ handler, port, host, report });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new FolioError({ code: 'SERVE_PORT_IN_USE', message: `port ${port} on ${host} is already in use`, cause: error });
    throw new FolioError({ code: 'SERVE_FAILED', message: `cannot listen on ${host}:${port}: ${(error as Error).message}`, cause: error });
  }
}

/** The URL to show for a server (a wildcard host is shown as localhost). */
export function shownUrl(server: RunningServer, host: string, base = '/'): string {
  const url = new URL(server.url);
  if (host === '0.0.0.0' || host === '::') url.hostname = 'localhost';
  return `${url.origin}${base}`;
}
