/**
 * `folio serve`: builds the site (future-dated posts included), serves the
 * output folder like a static host, watches the site's inputs and rebuilds
 * what a change affects. Open pages reload through server-sent events (or
 * swap their stylesheet); a build error shows in the terminal and as an
 * overlay while the last good site keeps being served.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FileEvent } from '../build/incremental/changes.js';
import { isInside, SITE_THEME_DIRS, type WatchedPaths } from '../core/site-paths.js';
import { createLogger, formatWarning, type Logger } from '../core/logger.js';
import { BuildSession, type UpdateResult } from '../build/session.js';
import { folioRoot } from '../core/folio-root.js';
import { DEV_EVENTS_PATH, injectDevClient } from './dev-client.js';
import { checkPort, shownUrl, startListening } from './listen.js';
import { openBrowser } from './open-browser.js';
import { createRebuildQueue } from './rebuild-queue.js';
import { displayPath, errorPayload, failureLine, successLine, updatePayload } from './report.js';
import { createSseHub } from './sse-hub.js';
import { createStaticHandler } from './static-server.js';
import { createMissedChangeGuard, createWatcher } from './watcher.js';

export interface DevServerOptions {
  root: string;
  outDir?: string;
  port?: number;
  host?: string;
  open?: boolean;
  logger?: Logger;
  /** Where the per-rebuild lines go (default: the logger's info). */
  print?: (line: string) => void;
  /** Coalescing window for file events (ms). */
  debounceMs?: number;
  /** Called after every rebuild (tests and benchmarks). */
  onRebuild?: (result: UpdateResult) => void;
}

export interface DevServer {
  url: string;
  port: number;
  session: BuildSession;
  /** Resolves when no rebuild is running or waiting. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** The site's inputs, and content/ itself, whether they exist or not. */
function inputPaths(watched: WatchedPaths): string[] {
  const list = [
    watched.configFile,
    path.join(watched.root, 'content'),
    watched.docsDir,
    watched.blogDir,
    watched.pagesDir,
    watched.staticDir,
    ...watched.apiPaths,
    ...watched.themeDirs,
  ];
  return [...new Set(list.filter((entry): entry is string => Boolean(entry)))];
}

/**
 * The paths to give the watcher: the site's inputs that exist, and its theme folders
 * (`theme/`, `src/theme/`) even when missing: a site may create one while serve runs, and
 * the watcher reports a missing path when it appears (it watches the folder above for it).
 */
export function watchList(watched: WatchedPaths): string[] {
  const themeDirs = new Set(SITE_THEME_DIRS.map((dir) => path.join(watched.root, dir)));
  return inputPaths(watched).filter((entry) => existsSync(entry) || themeDirs.has(entry));
}

const WAITING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>folio serve</title></head>
<body style="font:16px system-ui,sans-serif;margin:3rem">
<h1>Waiting for a successful build</h1>
<p>The site has not been built yet. Fix the error shown in the terminal; this page reloads by itself.</p>
</body></html>`;

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  checkPort(options.port ?? 3000);
  const logger = options.logger ?? createLogger();
  const print = options.print ?? ((line: string) => logger.info(line));
  const session = new BuildSession({ root: options.root, outDir: options.outDir, mode: 'development', logger });
  const where = { root: session.root, themeRoot: folioRoot() };
  const host = options.host ?? '127.0.0.1';
  const hub = createSseHub({ serverId: randomBytes(6).toString('hex') });

  const first = await session.build({ report: true });
  if (!first.ok) hub.setGreeting([{ event: 'build-error', data: errorPayload(first.error, where) }]);

  const base = () => session.config?.baseUrl ?? '/';
  let handler: { base: string; serve: ReturnType<typeof createStaticHandler> } | undefined;
  const staticHandler = () => {
    if (!handler || handler.base !== base()) {
      const siteBase = base();
      handler = {
        base: siteBase,
        serve: createStaticHandler({
          root: session.outDir,
          base: siteBase,
          transformHtml: (html, info) => injectDevClient(html, { base: siteBase, status: info.status }),
        }),
      };
    }
    return handler.serve;
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const pathname = (req.url ?? '/').split(/[?#]/)[0];
    if (pathname === DEV_EVENTS_PATH) {
      if (req.method === 'GET') return hub.connect(req, res);
      res.writeHead(req.method === 'HEAD' ? 200 : 405, { 'Content-Type': 'text/event-stream', Allow: 'GET' });
      res.end();
      return;
    }
    if (!session.ready && !existsSync(path.join(session.outDir, 'index.html'))) {
      res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': NO_STORE, 'Retry-After': '1' });
      res.end(req.method === 'HEAD' ? undefined : injectDevClient(WAITING_PAGE, { base: base(), status: 503 }));
      return;
    }
    return staticHandler()(req, res);
  };

  let watchedNow: string[] = [];
  const rebuild = async (events: FileEvent[]) => {
    await guard.reading(events);
    const started = performance.now();
    let result: UpdateResult;
    try {
      result = await session.update(events);
    } catch (error) {
      // A rebuild that throws (a fault of folio's, not of the site) is told like a failed build,
      // in the terminal and in the open pages; before, the queue swallowed it and serve fell
      // silent. Its changes stay pending in the session and are applied with the next one.
      result = { ok: false, kind: 'incremental', changed: [...new Set(events.map((event) => event.path))], error, durationMs: performance.now() - started };
    }
    if (result.ok) {
      if (result.kind === 'none') return options.onRebuild?.(result);
      for (const warning of result.warnings) print(formatWarning(warning));
      print(successLine({ result, where }));
      hub.setGreeting([]);
      hub.send('update', updatePayload(result, where));
      if (result.kind === 'full') refreshWatch();
    } else {
      print(failureLine({ result, where }));
      logger.error(result.error);
      const payload = errorPayload(result.error, where);
      hub.setGreeting([{ event: 'build-error', data: payload }]);
      hub.send('build-error', payload);
    }
    options.onRebuild?.(result);
  };
  const queue = createRebuildQueue({ run: rebuild, delayMs: options.debounceMs ?? 10 });
  const guard = createMissedChangeGuard({ report: (event) => queue.push(event) });

  let server;
  try {
    server = await startListening({ handler: handle, port: options.port ?? 3000, host });
  } catch (error) {
    hub.close();
    throw error;
  }
  const watched = session.watchedPaths();
  watchedNow = watchList(watched);
  const watcher = await createWatcher({
    paths: watchedNow,
    ignoredDirs: watched.ignoredDirs,
    onLimit: (message) => print(formatWarning({ code: 'SERVE_WATCH_LIMIT', message })),
    onEvent: (event) => {
      queue.push(event);
      guard.seen(event);
    },
  });
  function refreshWatch() {
    const wanted = inputPaths(session.watchedPaths());
    const next = watchList(session.watchedPaths());
    watcher.add(next.filter((entry) => !watchedNow.includes(entry)));
    // A watched input that is only missing for now (content/ deleted, about to be restored)
    // stays watched: the watcher reports it when it comes back.
    watcher.unwatch(watchedNow.filter((entry) => !wanted.includes(entry)));
    watchedNow = [...new Set([...watchedNow.filter((entry) => wanted.includes(entry)), ...next])];
  }

  const url = shownUrl(server, host, base());
  const shown = watchedNow
    .filter((entry) => existsSync(entry))
    .map((entry) => (isInside(session.root, entry) ? path.relative(session.root, entry) || '.' : `${displayPath(entry, where)} (folio)`));
  print(`\n  folio serve  ${url}\n  watching ${shown.join(', ')}\n`);
  if (options.open) openBrowser(url);

  let closing: Promise<void> | undefined;
  return {
    url,
    port: server.port,
    session,
    idle: () => queue.idle(),
    close() {
      closing ??= (async () => {
        await watcher.close();
        guard.close();
        await queue.close();
        hub.close();
        await server.close();
      })();
      return closing;
    },
  };
}

const NO_STORE = 'no-store';
