/**
 * Serves a built site the way a static host does: `/x`, `/x/`, `/x.html` and
 * `/x/index.html` all answer the page; unknown paths answer 404.html with
 * status 404; hashed assets are cached forever, HTML is revalidated; ETags.
 * Only files inside the output folder are ever served: `..`, encoded dots,
 * absolute paths and symlinks leading outside are refused.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sirv from 'sirv';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
const HASHED = /[-.][0-9A-Za-z_]{8,}\.(js|css|json|svg|png|jpe?g|gif|webp|avif|woff2?)$/;

export interface StaticHandlerOptions {
  /** The output folder to serve. */
  root: string;
  /** Lets the dev server change an HTML page before it is sent (live reload script). */
  transformHtml?: (html: string) => string;
}

/** Finds the file a URL path means, or undefined (outside the root, or nothing there). */
export function resolveRequestPath(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split(/[?#]/)[0]);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.')) return undefined;
  const realRoot = realpathSync(root);
  const clean = path.posix.normalize(`/${decoded}`);
  const candidates: string[] = [];
  if (clean.endsWith('/')) candidates.push(`${clean}index.html`);
  else {
    candidates.push(clean, `${clean}.html`, `${clean}/index.html`);
    if (clean.endsWith('.html')) candidates.push(`${clean.slice(0, -'.html'.length)}/index.html`);
  }
  for (const candidate of candidates) {
    const file = path.join(realRoot, candidate);
    if (!existsSync(file)) continue;
    let real: string;
    try {
      real = realpathSync(file);
    } catch {
      continue;
    }
    if (real !== realRoot && !real.startsWith(realRoot + path.sep)) return undefined;
    if (!statSync(real).isFile()) continue;
    return real;
  }
  return undefined;
}

export function createStaticHandler(options: StaticHandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const root = path.resolve(options.root);
  const serve = sirv(root, {
    dev: true,
    etag: true,
    dotfiles: false,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', HASHED.test(pathname) && pathname.startsWith('/assets/') ? IMMUTABLE : NO_CACHE);
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
  const sendNotFound = (req: IncomingMessage, res: ServerResponse) => {
    const file = path.join(root, '404.html');
    res.statusCode = 404;
    res.setHeader('Cache-Control', NO_CACHE);
    if (!existsSync(file)) {
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Not found');
      return;
    }
    req.url = '/404.html';
    serveFile(req, res, file, true);
  };
  const serveFile = (req: IncomingMessage, res: ServerResponse, file: string, notFound = false) => {
    const rel = `/${path.relative(realpathSync(root), file).split(path.sep).join('/')}`;
    if (options.transformHtml && file.endsWith('.html')) {
      void import('node:fs/promises').then(async ({ readFile }) => {
        const html = options.transformHtml!(await readFile(file, 'utf8'));
        if (!notFound) res.statusCode = 200;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', NO_CACHE);
        res.end(req.method === 'HEAD' ? undefined : html);
      });
      return;
    }
    req.url = rel;
    if (notFound) {
      const end = res.writeHead.bind(res);
      res.writeHead = ((status: number, ...rest: unknown[]) => end(status === 200 ? 404 : status, ...(rest as []))) as typeof res.writeHead;
    }
    serve(req, res, () => sendNotFound(req, res));
  };
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD');
      res.end();
      return;
    }
    const url = req.url ?? '/';
    if (!url.startsWith('/')) {
      res.statusCode = 400;
      res.end('Bad request');
      return;
    }
    const file = existsSync(root) ? resolveRequestPath(root, url) : undefined;
    if (!file) {
      if (/(^|\/)\.\.?(\/|$)|%2e%2e|%2f|\\/i.test(url)) {
        res.statusCode = 403;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end('Forbidden');
        return;
      }
      sendNotFound(req, res);
      return;
    }
    serveFile(req, res, file);
  };
}

export interface RunningServer {
  url: string;
  port: number;
  server: http.Server;
  close(): Promise<void>;
}

/** Listens on host:port (port 0 picks a free one). */
export async function listen({ handler, port, host }: { handler: http.RequestListener; port: number; host: string }): Promise<RunningServer> {
  const server = http.createServer(handler);
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function startStaticServer({ root, port = 0, host = '127.0.0.1' }: { root: string; port?: number; host?: string }): Promise<RunningServer> {
  return listen({ handler: createStaticHandler({ root }), port, host });
}
