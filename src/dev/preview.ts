/**
 * `folio preview`: serves an existing output folder exactly as a static host
 * would (no watching, no reload script), to check a production build. A
 * folder that is missing, empty or a file is an error that says to build
 * first; a folder folio did not write is served, with a warning.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { cacheDirFor } from '../core/context.js';
import { formatWarning } from '../core/logger.js';
import { OUTPUT_MARKER, outputState } from '../build/output.js';
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
  /** Where a warning line goes (default: stderr). */
  warn?: (line: string) => void;
}

export interface PreviewServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** A path as the terminal shows it: relative to the site root when inside it. */
function shownPath(root: string, file: string): string {
  const rel = path.relative(root, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
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
  const shownOut = shownPath(root, outDir);
  const state = outputState(outDir);
  if (state === 'missing' || state === 'empty' || state === 'file') {
    const what = { missing: 'does not exist', empty: 'is empty', file: 'is a file, not a folder' }[state];
    throw new FolioError({ code: 'PREVIEW_NO_OUTPUT', message: `${shownOut} ${what}: there is no built site to preview`, location: { file: outDir } });
  }
  if (state === 'foreign') {
    const warning = formatWarning({
      code: 'PREVIEW_NOT_FOLIO',
      message: `preview of ${shownOut}, a folder folio did not write (it has no ${OUTPUT_MARKER} marker): serving it anyway`,
      location: { file: outDir },
    });
    (options.warn ?? ((line: string) => process.stderr.write(`${line}\n`)))(warning);
  }
  const base = await siteBase(root);
  const server = await startListening({ handler: createStaticHandler({ root: outDir, base }), port: options.port ?? 4173, host });
  const url = shownUrl(server, host, base);
  (options.print ?? ((line: string) => process.stdout.write(`${line}\n`)))(
    `\n  folio preview  ${url}\n  serving ${path.relative(process.cwd(), outDir) || outDir} as a static host would\n`,
  );
  if (options.open) openBrowser(url);
  return { url, port: server.port, close: () => server.close() };
}
