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
import type { Duplex } from 'node:stream';
import pc from 'picocolors';
import sirv from 'sirv';
import { parseRange } from './range.js';
import { guardHandler, type Handler } from './safe-handler.js';

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

export function createStaticHandler(options: StaticHandlerOptions): (req: IncomingMessage, res: ServerResponse) => void | Promise<void> {
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

  const sendHtml = (req: IncomingMessage, res: ServerResponse, file: string, status: number, urlPath: string): Promise<void> =>
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
        res.writeHead(status, {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Length': Buffer.byteLength(html),
          ...(status === 200 ? { ETag: etag } : {}),
        });
        res.end(req.method === 'HEAD' ? undefined : html);
      },
      // Deleted between lookup and read (an update in flight): answer as missing.
      () => (status === 404 ? plain(res, 404, 'Not found') : sendNotFound(req, res, urlPath)),
    );

  const sendNotFound = (req: IncomingMessage, res: ServerResponse, urlPath: string): void | Promise<void> => {
    const file = path.join(root, '404.html');
    if (!existsSync(file)) return plain(res, 404, 'Not found');
    if (options.transformHtml) return sendHtml(req, res, file, 404, urlPath);
    // A missing path is never "not modified".
    delete req.headers['if-none-match'];
    delete req.headers.range;
    req.url = '/404.html';
    const writeHead = res.writeHead.bind(res);
    res.writeHead = ((status: number, ...rest: unknown[]) => writeHead(status === 200 ? 404 : status, ...(rest as []))) as typeof res.writeHead;
    serve(req, res, () => plain(res, 404, 'Not found'));
  };

  /**
   * Checks a Range header before sirv acts on it (sirv trusts it: see range.ts). Only a
   * plain GET keeps one; with a validator (If-Range, If-None-Match) the range is ignored
   * and sirv answers 304 or the whole file. Returns false when the request is answered (416).
   */
  const checkRange = (req: IncomingMessage, res: ServerResponse, file: string): boolean => {
    const header = req.headers.range;
    delete req.headers.range;
    if (header === undefined || req.method !== 'GET' || req.headers['if-range'] !== undefined || req.headers['if-none-match'] !== undefined) return true;
    let size: number;
    try {
      size = statSync(file).size;
    } catch {
      return true;
    }
    const wanted = parseRange(header, size);
    if (wanted.kind === 'unsatisfiable') {
      res.writeHead(416, {
        'Content-Range': `bytes */${size}`,
        'Accept-Ranges': 'bytes',
        'Cache-Control': NO_CACHE,
        'Content-Type': 'text/plain; charset=utf-8',
      });
      res.end(`Range not satisfiable: ${size} bytes\n`);
      return false;
    }
    // sirv reads an end of 0 as "to the end of the file": for `bytes=0-0` the whole file
    // (200) is sent instead, which a client must accept for any range request.
    if (wanted.kind === 'range' && wanted.end > 0) req.headers.range = `bytes=${wanted.start}-${wanted.end}`;
    return true;
  };

  const serveFile = (req: IncomingMessage, res: ServerResponse, file: string, urlPath: string): void | Promise<void> => {
    // Pages the dev server changes are sent whole (a Range is ignored): their size is not the file's.
    if (options.transformHtml && file.endsWith('.html')) return sendHtml(req, res, file, 200, urlPath);
    let realRoot: string;
    try {
      realRoot = realpathSync(root);
    } catch {
      return plain(res, 404, 'Not found');
    }
    const rel = `/${path.relative(realRoot, file).split(path.sep).join('/')}`;
    // sirv looks the path up again. It reads the path @polka/url parsed into req._parsedUrl (and
    // decodes it with decodeURI): hand it that parse, so a `#` or `?` in a file name
    // (`c#sharp/index.html`) is part of the path, not a fragment or a query.
    req.url = encodeURI(rel);
    (req as IncomingMessage & { _parsedUrl?: unknown })._parsedUrl = { pathname: req.url, search: '', query: undefined, hash: undefined, raw: req.url };
    if (!checkRange(req, res, file)) return;
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
    return serveFile(req, res, resolution.file, urlPath);
  };
}

export interface RunningServer {
  url: string;
  port: number;
  server: http.Server;
  close(): Promise<void>;
}

/** Where a server reports a request that failed inside folio (one line each). */
const toStderr = (line: string) => process.stderr.write(`${line}\n`);

/**
 * Listens on host:port (port 0 picks a free one). A handler that throws (or whose promise
 * rejects) costs one request a 500 and one line through `report`, never the process.
 */
export async function listen({
  handler,
  port,
  host,
  report = toStderr,
}: {
  handler: Handler;
  port: number;
  host: string;
  report?: (line: string) => void;
}): Promise<RunningServer> {
  const server = http.createServer(guardHandler(handler, report));
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // A request node cannot parse (bad method, header or URL too large: 400/431): node writes
  // the answer and destroys the socket at once, and when the client was still sending (a
  // 70 kB URL) the unread bytes make the kernel reset the connection, so the client often
  // never sees the answer. Here the answer is followed by the end of the connection, and what
  // the client still sends is read and dropped until it closes (at most 2 s).
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (answered.has(socket)) return;
    answered.add(socket);
    // The response in flight on this connection, if any (node's own check before answering).
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
    if (!socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    setTimeout(() => socket.destroy(), 2000).unref();
  });
  // CONNECT (a proxy's tunnel request) never reaches the handler: without this, node closes
  // the connection without an answer.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      // After the start, an 'error' (a failed accept: EMFILE when out of file handles) would
      // be thrown and end the process; node keeps listening, so it is reported and serving goes on.
      server.on('error', (error) => report(`${pc.yellow('warning')} ${pc.dim('SERVE_FAILED')} ${error.message} (still serving)`));
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

export async function startStaticServer({
  root,
  port = 0,
  host = '127.0.0.1',
  base,
}: {
  root: string;
  port?: number;
  host?: string;
  base?: string;
}): Promise<RunningServer> {
  return listen({ handler: createStaticHandler({ root, base }), port, host });
}
