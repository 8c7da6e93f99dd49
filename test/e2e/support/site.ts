/**
 * One built site per test file, served the way a static host serves it
 * (startStaticServer on 127.0.0.1, a free port).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStaticServer, type RunningServer } from '../../../src/dev/static-server.js';
import type { RouteManifestEntry } from '../../../src/shared/page-data.js';
import { buildSite, removeDir, repoRoot } from '../../support/fixtures.js';

export interface ServedSite {
  /** The built output folder. */
  outDir: string;
  /** http://127.0.0.1:port (no trailing slash). */
  origin: string;
  server: RunningServer;
  routes: RouteManifestEntry[];
  /** The page-data chunk URL of a route path, from routes.json (without the base URL). */
  chunkOf(routePath: string): string;
  /** Builds the site again (after the test changed its files) and serves the new output. */
  rebuild(): Promise<void>;
  close(): Promise<void>;
}

/** Builds a site folder (this repository's site by default) into a temporary folder and serves it. */
export async function buildAndServe({ root = repoRoot, mountAt = '' }: { root?: string; mountAt?: string } = {}): Promise<ServedSite> {
  const temp = mkdtempSync(path.join(os.tmpdir(), 'folio-e2e-'));
  const outDir = path.join(temp, 'out');
  const build = async () => {
    const result = await buildSite(root, { outDir, quiet: true });
    if (!result.ok) throw new Error(`the site did not build: ${String(result.error)}\n${result.stderr}`);
  };
  await build();
  const served = await serveOut({ outDir, temp, mountAt });
  const remount = served.rebuild;
  served.rebuild = async () => {
    await build();
    await remount();
  };
  return served;
}

/**
 * Serves a built output folder; with `mountAt` ('/sub'), the site is copied
 * under that path of the server (as when a host serves it under a sub path).
 */
export async function serveOut({ outDir, temp, mountAt = '' }: { outDir: string; temp?: string; mountAt?: string }): Promise<ServedSite> {
  let root = outDir;
  let extra: string | undefined;
  const mount = () => {
    if (!extra) return;
    const target = path.join(extra, mountAt);
    rmSync(target, { recursive: true, force: true });
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(outDir, target, { recursive: true });
  };
  if (mountAt) {
    extra = mkdtempSync(path.join(os.tmpdir(), 'folio-e2e-mount-'));
    root = extra;
    mount();
  }
  const server = await startStaticServer({ root, port: 0 });
  const readRoutes = () => JSON.parse(readFileSync(path.join(outDir, 'routes.json'), 'utf8')) as RouteManifestEntry[];
  const site: ServedSite = {
    outDir,
    origin: server.url,
    server,
    routes: readRoutes(),
    chunkOf(routePath) {
      const entry = site.routes.find((route) => route.path === routePath);
      if (!entry) throw new Error(`no route ${routePath} in routes.json`);
      return entry.chunk;
    },
    // Serving a plain output folder: the new files are served as they are; a mount is copied again.
    async rebuild() {
      mount();
      site.routes = readRoutes();
    },
    async close() {
      await server.close();
      if (extra) removeDir(extra);
      if (temp) removeDir(temp);
    },
  };
  return site;
}
