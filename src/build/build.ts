/**
 * The build: one straight line of timed stages, each a function of the
 * BuildContext and the previous stage's result.
 *
 *   loadConfig → discoverContent → createRouteTable → compileContent
 *   → emitAssets → renderPages → emitFeeds → checkLinks → swap into out/
 */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bundleClient, copyStatic, writeSiteData } from '../assets/emit-assets.js';
import { loadConfig } from '../config/load-config.js';
import { discoverContent } from '../content/discover.js';
import type { Content } from '../content/types.js';
import { FolioError } from '../errors/index.js';
import { emitFeeds } from '../feeds/emit-feeds.js';
import { checkLinks } from '../links/check-links.js';
import { compileContent } from '../markdown/compile-content.js';
import type { CodeHighlighter } from '../markdown/highlight.js';
import { bundleServer } from '../render/bundle-pages.js';
import { folioRoot } from '../render/folio-root.js';
import { renderPages } from '../render/render-pages.js';
import { createRouteTable } from '../routes/route-table.js';
import type { RouteTable } from '../routes/types.js';
import type { PostSummary } from '../shared/page-data.js';
import { formatDate } from '../routes/blog-routes.js';
import { hashOf } from './cache.js';
import { cacheDirFor, createContext, type BuildContext, type BuildMode } from './context.js';
import { createLogger, formatMs, type Logger } from './logger.js';
import { createTempOutput, discardOutput, swapOutput } from './output.js';
import { task } from './task.js';
import type { Warning } from './warnings.js';

export interface BuildOptions {
  root: string;
  outDir?: string;
  mode?: BuildMode;
  /** Warnings fail the build. */
  strict?: boolean;
  quiet?: boolean;
  logger?: Logger;
  /** Use the persistent cache in .folio-cache (default true). */
  useCache?: boolean;
  now?: Date;
  /** Reused across builds in watch mode (grammars stay loaded). */
  highlighter?: CodeHighlighter;
}

export interface BuildResult {
  ok: boolean;
  outDir: string;
  pages: number;
  warnings: Warning[];
  timings: Record<string, number>;
  durationMs: number;
  error?: unknown;
  table?: RouteTable;
  content?: Content;
  /** Files compiled this build (not from the cache). */
  compiledCount?: number;
  assetSizes?: Record<string, number>;
}

export function folioVersion(): string {
  return (JSON.parse(readFileSync(path.join(folioRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const root = path.resolve(options.root);
  const outDir = path.resolve(root, options.outDir ?? 'out');
  const logger = options.logger ?? createLogger({ quiet: options.quiet });
  const timings: Record<string, number> = {};
  const cacheDir = cacheDirFor(root);
  let tempDir: string | undefined;
  let ctx: BuildContext | undefined;
  try {
    const loaded = await task({ name: 'loadConfig', logger, timings }, () => loadConfig({ root, cacheDir }));
    ctx = createContext({
      root,
      outDir,
      cacheDir,
      mode: options.mode ?? 'production',
      config: loaded.config,
      configFile: loaded.file,
      buildHash: hashOf(folioVersion(), loaded.hash).slice(0, 16),
      logger,
      now: options.now ?? new Date(),
      useCache: options.useCache,
    });
    const context = ctx;
    const content = await task({ name: 'discoverContent', logger, timings }, () => discoverContent(context), (c) => describeContent(c));
    const table = await task({ name: 'createRouteTable', logger, timings }, () => createRouteTable({ config: context.config, content }), (t) => `${t.routes.length} routes`);
    for (const warning of table.warnings) context.warnings.add(warning);
    const compiled = await task(
      { name: 'compileContent', logger, timings },
      () => compileContent(context, { content, table, highlighter: options.highlighter }),
      (r) => `${r.compiledCount} compiled, ${r.compiled.size - r.compiledCount} cached`,
    );
    tempDir = createTempOutput(outDir);
    const out = tempDir;
    const tsxPages = content.pages.filter((page) => page.kind === 'tsx');
    const assets = await task(
      { name: 'emitAssets', logger, timings },
      async () => {
        const [client, server] = await Promise.all([bundleClient({ ctx: context, pages: tsxPages, outDir: out }), bundleServer({ pages: tsxPages, cacheDir: path.join(cacheDir, 'server') })]);
        copyStatic({ staticDir: path.resolve(root, context.config.staticDir), outDir: out });
        for (const media of compiled.media.values()) {
          const target = path.join(out, media.url);
          mkdirSync(path.dirname(target), { recursive: true });
          copyFileSync(media.source, target);
        }
        const siteData = writeSiteData({ site: table.site, outDir: out });
        return { client, server, document: { scripts: client.scripts, styles: client.styles, siteData, routes: '/routes.json' } };
      },
      (a) => `${Object.keys(a.client.sizes).length} files`,
    );
    const postData = new Map<string, Omit<PostSummary, 'readingTime' | 'excerptHtml' | 'truncated'>>();
    for (const post of content.blog?.posts ?? []) {
      postData.set(post.file, {
        title: post.title,
        permalink: post.permalink,
        date: post.date,
        formattedDate: formatDate(post.date, context.config.lang),
        authors: post.authors,
        tags: post.tags.map(({ key: _key, ...tag }) => tag),
      });
    }
    const rendered = await task(
      { name: 'renderPages', logger, timings },
      () =>
        renderPages({
          config: context.config,
          table,
          compiled: compiled.compiled,
          frontMatter: compiled.frontMatter,
          postData,
          server: assets.server,
          assets: assets.document,
          outDir: out,
        }),
      (r) => `${r.written} pages`,
    );
    const feedFiles = await task({ name: 'emitFeeds', logger, timings }, () =>
      emitFeeds({ config: context.config, posts: content.blog?.posts, compiled: compiled.compiled, routes: table.routes, outDir: out }),
    );
    await task(
      { name: 'checkLinks', logger, timings },
      async () => {
        const files = await listOutputFiles(out);
        for (const file of feedFiles) files.add(file);
        for (const warning of checkLinks({ pages: rendered.links, files, baseUrl: context.config.baseUrl })) context.warnings.add(warning);
      },
    );
    for (const warning of context.warnings.items) logger.warn(warning);
    if (options.strict && context.warnings.count > 0) {
      throw new FolioError({ code: 'STRICT_WARNINGS', message: `${context.warnings.count} warning(s) with --strict` });
    }
    swapOutput({ tempDir: out, outDir });
    tempDir = undefined;
    const durationMs = performance.now() - started;
    logger.info(
      `\nBuilt ${rendered.written} pages into ${path.relative(process.cwd(), outDir) || '.'} in ${formatMs(durationMs)} with ${context.warnings.count} warning${context.warnings.count === 1 ? '' : 's'}.`,
    );
    return {
      ok: true,
      outDir,
      pages: rendered.written,
      warnings: context.warnings.items,
      timings,
      durationMs,
      table,
      content,
      compiledCount: compiled.compiledCount,
      assetSizes: assets.client.sizes,
    };
  } catch (error) {
    if (tempDir) discardOutput(tempDir);
    if (ctx && !(error instanceof FolioError && error.code === 'STRICT_WARNINGS')) for (const warning of ctx.warnings.items) logger.warn(warning);
    logger.error(error);
    return { ok: false, outDir, pages: 0, warnings: ctx?.warnings.items ?? [], timings, durationMs: performance.now() - started, error };
  }
}

function describeContent(content: Content): string {
  const parts = [];
  if (content.docs) parts.push(`${content.docs.docs.length} docs`);
  if (content.blog) parts.push(`${content.blog.posts.length} posts`);
  parts.push(`${content.pages.length} pages`);
  if (content.api) parts.push('API model');
  return parts.join(', ');
}

async function listOutputFiles(dir: string): Promise<Set<string>> {
  const { default: fg } = await import('fast-glob');
  const files = await fg('**/*', { cwd: dir, onlyFiles: true, ignore: ['**/index.html', 'assets/data/**'] });
  return new Set(files.map((file) => `/${file}`));
}
