/**
 * `folio preview`: serves an existing output folder exactly as a static host
 * would (no watching, no reload script), to check a production build.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { cacheDirFor } from '../build/context.js';
import { loadConfig } from '../config/load-config.js';
import { FolioError } from '../errors/index.js';
import { shownUrl, startListening } from './listen.js';
import { openBrowser } from './open-browser.js';
import { createStaticHandler } from './static-server.js';

export interface PreviewOptions {
  root: string;
  outDir?: string;
  port?: number;
  host?: string;
  open?: boolean;
  print?: (line: string) => void;
}

export interface PreviewServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The site's base URL from its config, or `/` when there is no readable config. */
async function siteBase(root: string): Promise<string> {
  if (!existsSync(path.join(root, 'site.config.ts'))) return '/';
  try {
    return (await loadConfig({ root, cacheDir: cacheDirFor(root) })).config.baseUrl;
  } catch {
    return '/';
  }
}

export async function startPreview(options: PreviewOptions): Promise<PreviewServer> {
  const root = path.resolve(options.root);
  const outDir = path.resolve(root, options.outDir ?? 'out');
  const host = options.host ?? '127.0.0.1';
  if (!existsSync(path.join(outDir, 'index.html')) && !existsSync(path.join(outDir, '404.html'))) {
    throw new FolioError({ code: 'PREVIEW_NO_OUTPUT', message: `${path.relative(process.cwd(), outDir) || outDir} holds no built site`, location: { file: outDir } });
  }
  const base = await siteBase(root);
  const server = await startListening({ handler: createStaticHandler({ root: outDir, base }), port: options.port ?? 4173, host });
  const url = shownUrl(server, host, base);
  (options.print ?? ((line: string) => process.stdout.write(`${line}\n`)))(`\n  folio preview  ${url}\n  serving ${path.relative(process.cwd(), outDir) || outDir} as a static host would\n`);
  if (options.open) openBrowser(url);
  return { url, port: server.port, close: () => server.close() };
}
