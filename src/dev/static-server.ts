/**
 * Serves a built site the way a static host does: `/x`, `/x/`, `/x.html` and
 * `/x/index.html` all answer the page; unknown paths answer 404.html with
 * status 404; hashed assets are cached forever, HTML is revalidated; ETags.
 * Only files inside the output folder are ever served: `..`, encoded dots,
 * absolute paths, dotfiles and symlinks leading outside are refused.
 */
import { createHash } from 'node:crypto';
import { existsSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import sirv from 'sirv';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
const HASHED = /[-.][0-9A-Za-z_]{8,}\.(js|css|json|svg|png|jpe?g|gif|webp|avif|woff2?)$/;

export interface StaticHandlerOptions {
  /** The output folder to serve. */
  root: string;
  /** The site's base URL (`/` or `/docs-site/`): only paths under it are served. */
  base?: string;
  /** Lets the dev server change an HTML page before it is sent (live reload script). */
  transformHtml?: (html: string, info: { status: number; path: string }) => string;
}

export type Resolution = { file: string } | { refused: true } | undefined;

/** Finds the file a URL path means: the file, refused (outside the root), or undefined (nothing there). */
export function resolveRequest(root: string, urlPath: string): Resolution {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split(/[?#]/)[0]);
  } catch {
    return { refused: true };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { refused: true };
  const segments = decoded.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.')) return { refused: true };
  // Dotfiles are not part of a site (except .well-known, as static hosts do).
  if (segments.some((segment) => segment.startsWith('.') && segment !== '.well-known')) return undefined;
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    return undefined;
  }
  const clean = path.posix.normalize(`/${decoded}`);
  const candidates: string[] = [];
  if (clean.endsWith('/')) candidates.push(`${clean}index.html`);
  else {
    candidates.push(clean, `${clean}.html`, `${clean}/index.html`);
    if (clean.endsWith('.html')) candidates.push(`${clean.slice(0, -'.html'.length)}/index.html`);
  }
  for (const candidate of candidates) {
    const file = path.join(realRoot, candidate);
    if (!file.startsWith(realRoot + path.sep)) return { refused: true };
    if (!existsSync(file)) continue;
    let real: string;
    try {
      real = realpathSync(file);
    } catch {
      continue;
    }
    if (!real.startsWith(realRoot + path.sep)) return { refused: true };
    try {
      if (!statSync(real).isFile()) continue;
    } catch {
      continue;
    }
    return { file: real };
  }
  return undefined;
}

export function createStaticHandler(options: StaticHandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const root = path.resolve(options.root);
  const base = (options.base ?? '/').replace(/\/?$/, '/');
  const sirvHandler = sirv(root, {
    dev: true,
    etag: true,
    dotfiles: false,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', HASHED.test(pathname) && pathname.startsWith('/assets/') ? IMMUTABLE : NO_CACHE);
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });

  // sirv pipes a read stream into the response without an error listener: a file
  // deleted between its lookup and its opening (an update in flight) would throw.
  const serve = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    res.once('pipe', (source) => source.once('error', () => res.destroy()));
    sirvHandler(req, res, next);
  };

  const plain = (res: ServerResponse, status: number, text: string) => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Cache-Control', NO_CACHE);
    res.end(text);
  };

  const sendHtml = (req: IncomingMessage, res: ServerResponse, file: string, status: number, urlPath: string) => {
    readFile(file, 'utf8').then(
      (source) => {
        const html = options.transformHtml!(source, { status, path: urlPath });
        const etag = `W/"${createHash('sha1').update(html).digest('base64url').slice(0, 22)}"`;
        res.setHeader('Cache-Control', NO_CACHE);
        res.setHeader('X-Content-Type-Options', 'nosniff');
        if (status === 200 && req.headers['if-none-match'] === etag) {
          res.writeHead(304, { ETag: etag });
          res.end();
          return;
        }
        res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html), ...(status === 200 ? { ETag: etag } : {}) });
        res.end(req.method === 'HEAD' ? undefined : html);
      },
      // Deleted between lookup and read (an update in flight): answer as missing.
      () => (status === 404 ? plain(res, 404, 'Not found') : sendNotFound(req, res, urlPath)),
    );
  };

  const sendNotFound = (req: IncomingMessage, res: ServerResponse, urlPath: string) => {
    const file = path.join(root, '404.html');
    if (!existsSync(file)) return plain(res, 404, 'Not found');
    if (options.transformHtml) return sendHtml(req, res, file, 404, urlPath);
    // A missing path is never "not modified".
    delete req.headers['if-none-match'];
    delete req.headers['range'];
    req.url = '/404.html';
    const writeHead = res.writeHead.bind(res);
    res.writeHead = ((status: number, ...rest: unknown[]) => writeHead(status === 200 ? 404 : status, ...(rest as []))) as typeof res.writeHead;
    serve(req, res, () => plain(res, 404, 'Not found'));
  };

  const serveFile = (req: IncomingMessage, res: ServerResponse, file: string, urlPath: string) => {
    if (options.transformHtml && file.endsWith('.html')) return sendHtml(req, res, file, 200, urlPath);
    let realRoot: string;
    try {
      realRoot = realpathSync(root);
    } catch {
      return plain(res, 404, 'Not found');
    }
    const rel = `/${path.relative(realRoot, file).split(path.sep).join('/')}`;
    // sirv looks the path up again: hand it an unambiguous, encoded one.
    if (/[?#]/.test(rel)) return sendNotFound(req, res, urlPath);
    req.url = encodeURI(rel);
    serve(req, res, () => sendNotFound(req, res, urlPath));
  };

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD');
      res.end();
      return;
    }
    const url = req.url ?? '/';
    if (!url.startsWith('/')) return plain(res, 400, 'Bad request');
    let urlPath = url.split(/[?#]/)[0];
    if (base !== '/') {
      if (`${urlPath}/` === base) {
        res.writeHead(301, { Location: base });
        res.end();
        return;
      }
      if (!urlPath.startsWith(base)) return plain(res, 404, `Not found: this site lives under ${base}`);
      urlPath = urlPath.slice(base.length - 1);
    }
    const resolution = existsSync(root) ? resolveRequest(root, urlPath) : undefined;
    if (resolution && 'refused' in resolution) return plain(res, 403, 'Forbidden');
    if (!resolution) return sendNotFound(req, res, urlPath);
    serveFile(req, res, resolution.file, urlPath);
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
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
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

export async function startStaticServer({ root, port = 0, host = '127.0.0.1', base }: { root: string; port?: number; host?: string; base?: string }): Promise<RunningServer> {
  return listen({ handler: createStaticHandler({ root, base }), port, host });
}
