/**
 * The build from scratch: one straight line of timed stages, each a function
 * of the BuildContext and the previous stage's result, written into a fresh
 * temporary folder that replaces the output folder only when all succeeded.
 *
 *   loadConfig → discoverContent → createRouteTable → compileContent
 *   → emitAssets → renderPages → emitFeeds (every emitter: feeds, sitemap, …; src/emitters) → checkLinks → swap into out/
 *
 * Returns what a watch session needs to update the site incrementally.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { bundleClient, copyStatic, writeSiteData } from '../assets/emit-assets.js';
import { loadConfig, type LoadedConfig } from '../config/load-config.js';
import { discoverContent } from '../content/discover.js';
import type { ApiModel } from '../api/types.js';
import { CodeHighlighter } from '../markdown/highlight.js';
import type { Content } from '../content/types.js';
import { asFolioError, FolioError } from '../errors/index.js';
import { emittersFor } from '../emitters/registry.js';
import { runEmitters, type EmitOutcome } from '../emitters/run-emitters.js';
import { checkLinks } from '../links/check-links.js';
import { bundleServer, serverBundleId, type ServerModule } from '../render/bundle-pages.js';
import { siteThemeOf } from '../render/site-theme.js';
import type { DocumentAssets } from '../render/document.js';
import { renderPages } from '../render/render-pages.js';
import { createRouteTable } from '../routes/route-table.js';
import type { RouteTable } from '../routes/types.js';
import type { BuildResult } from './build.js';
import { folioFingerprint } from '../core/version.js';
import { hashOf } from '../core/hash.js';
import { compileApiPages, compileStep, fileRoutesOf, type CompileStepResult } from '../markdown/compile-content.js';
import { cacheDirFor, createContext, type BuildContext, type BuildMode } from '../core/context.js';
import { formatMs, type Logger } from '../core/logger.js';
import { createTempOutput, discardOutput, prepareOutput, swapOutput, writeOutputFile } from './output.js';
import { basicGuardedPaths, checkOutputPath, guardedPaths } from './output-guard.js';
import { fingerprintRoutes } from './incremental/render-step.js';
import { readManifest, writeManifest } from './incremental/reuse-output.js';
import {
  postDataFor,
  sourceFingerprints,
  tsxPagesKey,
  type ClientAssets,
  type PostData,
  type RenderedRoute,
  type SessionState,
} from './incremental/session-state.js';
import { settleAll } from '../core/settle-all.js';
import { task } from '../core/task.js';
import { sitePaths, type WatchedPaths } from '../core/site-paths.js';
import { checkUpToDate, configKeyOf, removeStamp, statFiles, walkInputs, writeStamp, type Snapshot, type Stamp } from './incremental/up-to-date.js';
import { reportWarnings, throwOnFatal, type Warning, type WarningList } from '../core/warnings.js';
import { CHUNK_DIR } from '../render/render-pages.js';
import { chunkNameFor, outputFileFor } from '../shared/url.js';

export interface FullBuildInput {
  root: string;
  outDir: string;
  mode: BuildMode;
  strict?: boolean;
  logger: Logger;
  /** Print stage lines, warnings, errors and the summary (one-shot builds, the first build of a session). */
  report: boolean;
  useCache?: boolean;
  now: Date;
  /** Worker threads for compiling markdown (default: the core count). */
  threads?: number;
  /** Reuse unchanged pages of the previous output folder (one-shot builds). */
  reuseOutput?: boolean;
  /** Skip the "nothing changed" check (the stamp is still written). */
  force?: boolean;
  highlighter?: CodeHighlighter;
  /** Names server bundles for route fingerprints (kept by a session across builds). */
  serverId: (server: ServerModule) => string;
  /** Where the output folder came from, for messages (`--out`, `outDir`). */
  outOption?: string;
  /** Fail on warnings whose option says `throw` (`folio build`; `serve` shows them as warnings). */
  enforce?: boolean;
}

export interface FullBuildOutput {
  result: BuildResult;
  /** Set when the build succeeded. */
  state?: SessionState;
}

/** The stage runner of one build: timed stages, printed when the build reports. */
interface Runner {
  started: number;
  timings: Record<string, number>;
  stageLogger: Logger;
  run<T>(name: string, fn: () => Promise<T> | T, detail?: (result: T) => string): Promise<T>;
}

function createRunner(input: FullBuildInput): Runner {
  const timings: Record<string, number> = {};
  const stageLogger: Logger = input.report ? input.logger : { ...input.logger, stage: () => {}, info: () => {} };
  return { started: performance.now(), timings, stageLogger, run: (name, fn, detail) => task({ name, logger: stageLogger, timings }, fn, detail) };
}

export async function fullBuild(input: FullBuildInput): Promise<FullBuildOutput> {
  const runner = createRunner(input);
  const { outDir, logger } = input;
  let tempDir: string | undefined;
  let ctx: BuildContext | undefined;
  try {
    const setup = await setUp(input, runner);
    ctx = setup.context;
    if (setup.stamp)
      return upToDate({
        input,
        stamp: setup.stamp,
        warnings: setup.context.warnings,
        started: runner.started,
        timings: runner.timings,
        stageLogger: runner.stageLogger,
      });
    const sources = await readSources(input, runner, setup);
    tempDir = createTempOutput(outDir);
    const site = await writeSite(input, runner, setup, sources, tempDir);
    if (input.report) reportWarnings(logger, setup.context.warnings);
    if (input.enforce) throwOnFatal(setup.context.warnings);
    if (input.strict && setup.context.warnings.count > 0) {
      throw new FolioError({ code: 'STRICT_WARNINGS', message: `${setup.context.warnings.count} warning(s) with --strict` });
    }
    const swapped = await swapOutput({ tempDir, outDir, option: setup.outOption });
    tempDir = undefined;
    if (swapped.leftOver && input.report) {
      logger.warn({
        code: 'OUTPUT_OLD_LEFT',
        message: `the previous output was moved to ${swapped.leftOver} and could not be deleted`,
        location: { file: swapped.leftOver },
      });
    }
    keepRecords(input, setup, sources, site);
    return finish(input, runner, setup, sources, site);
  } catch (thrown) {
    if (tempDir) discardOutput(tempDir);
    const error = asFolioError(thrown);
    if (input.report) {
      if (ctx && !(error instanceof FolioError && (error.code === 'STRICT_WARNINGS' || error.code === 'WARNINGS_THROW'))) reportWarnings(logger, ctx.warnings);
      logger.error(error);
    }
    return {
      result: {
        ok: false,
        outDir,
        pages: 0,
        warnings: ctx?.warnings.items ?? [],
        timings: runner.timings,
        durationMs: performance.now() - runner.started,
        error,
      },
    };
  }
}

/** What the build knows before it reads any content. */
interface Setup {
  context: BuildContext;
  loaded: LoadedConfig;
  paths: WatchedPaths;
  outOption: string;
  configKey: string;
  /** Folders and files whose state the up-to-date stamp records. */
  roots: string[];
  /** Their state at the start of this build (one-shot builds with the cache). */
  inputs?: Snapshot;
  /** Set when nothing changed since the last build. */
  stamp?: Stamp;
}

/** Checks the output folder, loads the config, creates the context and runs the up-to-date check. */
async function setUp(input: FullBuildInput, { run }: Runner): Promise<Setup> {
  const { root, outDir } = input;
  const cacheDir = cacheDirFor(root);
  const outOption = input.outOption ?? '--out';
  // The output folder is checked before anything is written (output-guard.ts, output.ts).
  checkOutputPath({ root, outDir, option: outOption, sources: basicGuardedPaths({ root, configFile: path.join(root, 'site.config.ts'), cacheDir }) });
  const loaded = await run('loadConfig', () => loadConfig({ root, cacheDir, useCache: input.useCache !== false }));
  const context = createContext({
    root,
    outDir,
    cacheDir,
    mode: input.mode,
    config: loaded.config,
    configFile: loaded.file,
    buildHash: hashOf(folioFingerprint(), loaded.hash).slice(0, 16),
    logger: input.logger,
    now: input.now,
    useCache: input.useCache,
    threads: input.threads,
    // A one-shot build reads each cache entry once: no second copy in memory.
    keepInMemory: !input.reuseOutput,
  });
  const configKey = configKeyOf({ buildHash: context.buildHash, config: loaded.config });
  const paths = sitePaths({ root, outDir, config: loaded.config });
  checkOutputPath({ root, outDir, option: outOption, sources: guardedPaths({ paths, cacheDir }) });
  prepareOutput(outDir, { option: outOption });
  const roots = [paths.configFile, paths.docsDir, paths.blogDir, paths.pagesDir, paths.staticDir, ...paths.themeDirs].filter((entry): entry is string =>
    Boolean(entry),
  );
  const setup: Setup = { context, loaded, paths, outOption, configKey, roots };
  // One-shot builds with the cache: stop here when nothing changed since the last build (up-to-date.ts).
  if (input.reuseOutput === true && context.cache.persistent) {
    const check = await run(
      'checkInputs',
      () => {
        setup.inputs = walkInputs(roots, paths.ignoredDirs);
        return checkUpToDate({ cacheDir, outDir, configKey, now: input.now, inputs: setup.inputs });
      },
      (c) => (c.stamp ? `nothing changed (${Object.keys(setup.inputs!).length} files and folders)${input.force ? ', --force' : ''}` : c.reason),
    );
    if (check.stamp && !input.force) setup.stamp = check.stamp;
  }
  return setup;
}

/** The site's sources, read and compiled. */
interface Sources {
  content: Content;
  table: RouteTable;
  compiled: CompileStepResult;
  /** The warnings discovery reported (a session reports them again only when their file is read again). */
  discoveryWarnings: Warning[];
}

/** discoverContent → createRouteTable → compileContent (typedoc overlapping the markdown when there is an API). */
async function readSources(input: FullBuildInput, { run }: Runner, { context }: Setup): Promise<Sources> {
  const discovered = await run(
    'discoverContent',
    () => discoverContent(context),
    (d) => describeContent(d.content, d.api !== undefined),
  );
  const sources = { content: discovered.content } as Sources;
  const highlighter = input.highlighter ?? new CodeHighlighter();
  const keepUnresolved = !input.reuseOutput;
  const routeTable = async () => {
    sources.discoveryWarnings = [...context.warnings.items];
    sources.table = await run(
      'createRouteTable',
      () => createRouteTable({ config: context.config, content: sources.content }),
      (t) => `${t.routes.length} routes`,
    );
    for (const warning of sources.table.warnings) context.warnings.add(warning);
    return sources.table;
  };
  sources.compiled = await run(
    'compileContent',
    async () => {
      if (!discovered.api) return compileStep({ ctx: context, content: sources.content, table: await routeTable(), highlighter, keepUnresolved });
      // typedoc runs in a worker thread while this one compiles the markdown, its links resolved
      // against the routes without the API (an API never moves a content file's route; if the
      // final table says otherwise, the markdown step runs again, from the cache). Its warnings
      // are held back and added after the discovery and route-table warnings, as without overlap.
      const early = { ...context, warnings: context.warnings.fresh() };
      const preliminary = createRouteTable({ config: context.config, content: sources.content });
      const markdown = compileStep({ ctx: early, content: sources.content, table: preliminary, highlighter, keepUnresolved, skipApi: true });
      markdown.catch(() => {});
      let api: ApiModel;
      try {
        api = await discovered.api;
      } catch (error) {
        await markdown.catch(() => {});
        throw error;
      }
      sources.content = { ...sources.content, api };
      const table = await routeTable();
      let result = await markdown;
      if (!sameEntries(fileRoutesOf(preliminary), fileRoutesOf(table))) {
        early.warnings = context.warnings.fresh();
        result = await compileStep({ ctx: early, content: sources.content, table, highlighter, keepUnresolved, skipApi: true });
      }
      for (const warning of early.warnings.items) context.warnings.add(warning);
      await compileApiPages({ ctx: context, content: sources.content, table, highlighter, result });
      return result;
    },
    (r) => `${r.compiledCount} compiled, ${r.compiled.size - r.compiledCount} cached${r.workers ? `, on ${r.workers} threads` : ''}`,
  );
  return sources;
}

/** What writeSite put into the output folder. */
interface WrittenSite {
  assets: { client: ClientAssets; server: ServerModule; document: DocumentAssets };
  rendered: Awaited<ReturnType<typeof renderPages>>;
  emitted: EmitOutcome;
  /** Output files that are not pages, as URL paths (link targets). */
  outputFiles: Set<string>;
  postData: PostData;
  bodies: Map<string, string>;
}

/** emitAssets → renderPages → emitFeeds (every emitter) → checkLinks, into the temporary folder `out`. */
async function writeSite(input: FullBuildInput, { run }: Runner, { context }: Setup, { content, table, compiled }: Sources, out: string): Promise<WrittenSite> {
  const { root, outDir } = input;
  const tsxPages = content.pages.filter((page) => page.kind === 'tsx');
  const assets = await run(
    'emitAssets',
    async () => {
      // Both settle before a failure is thrown: a bundle still writing into the temporary folder
      // after it was discarded would leave it behind.
      const theme = siteThemeOf({ root, config: context.config, configFile: context.configFile });
      const [client, server] = await settleAll([
        bundleClient({ ctx: context, pages: tsxPages, outDir: out, theme }),
        bundleServer({ pages: tsxPages, cacheDir: path.join(context.cacheDir, 'server'), cache: context.cache, salt: context.buildHash, theme }),
      ]);
      copyStatic({ staticDir: path.resolve(root, context.config.staticDir), outDir: out, root, warn: (warning) => context.warnings.add(warning) });
      for (const media of compiled.state.media.values()) {
        const target = path.join(out, media.url);
        mkdirSync(path.dirname(target), { recursive: true });
        copyFileSync(media.source, target);
      }
      const siteData = writeSiteData({ site: table.site, outDir: out });
      return { client, server, document: { scripts: client.scripts, styles: client.styles, siteData, routes: '/routes.json', pageChunks: client.pageChunks } };
    },
    (a) => `${Object.keys(a.client.sizes).length} files`,
  );
  const postData = postDataFor({ content, config: context.config });
  // One-shot builds with the cache on take unchanged pages from the previous out/ (reuse-output.ts).
  const reuse = input.reuseOutput && context.cache.persistent ? reusePlan({ context, table, compiled, postData, assets, outDir }) : undefined;
  const load = (files: Iterable<string | undefined>) => compiled.compiled.ensure(files);
  const rendered = await run(
    'renderPages',
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
        reuse,
        prepare: load,
      }),
    (r) => `${r.written} pages${r.reused ? `, ${r.reused} unchanged` : ''}`,
  );
  const bodies = sourceFingerprints({ compiled: compiled.fingerprints, postData });
  const emitted = await run(
    // The stage keeps its documented name; it runs every emitter (feeds, sitemap, the site's own).
    'emitFeeds',
    () =>
      runEmitters({
        emitters: emittersFor(context.config),
        input: { config: context.config, table, content, compiled: compiled.compiled, load, bodies },
        write: (urlPath, contents) => writeOutputFile(out, urlPath, contents),
      }),
    // Each emitter's own time when it is noticeable (the search index is built here).
    (e) =>
      `${e.written.length} files (${[...e.records.keys()].join(', ')})${[...e.durations]
        .filter(([, ms]) => ms >= 20)
        .map(([name, ms]) => `, ${name} ${Math.round(ms)} ms`)
        .join('')}`,
  );
  const outputFiles = await run('checkLinks', async () => {
    const files = await listOutputFiles(out);
    for (const file of emitted.written) files.add(file);
    for (const warning of checkLinks({ pages: rendered.links, files, baseUrl: context.config.baseUrl })) context.warnings.add(warning);
    return files;
  });
  return { assets, rendered, emitted, outputFiles, postData, bodies };
}

/**
 * After the swap: the reuse manifest and the up-to-date stamp for the next one-shot build. They
 * are a bonus (without them the next build runs every stage), so failing to write them is a warning.
 */
function keepRecords(input: FullBuildInput, setup: Setup, { content, table, compiled }: Sources, { rendered, outputFiles }: WrittenSite): void {
  const { context, paths, inputs } = setup;
  const { cacheDir } = context;
  const { outDir } = input;
  if (!rendered.manifest || !context.cache.persistent) return;
  try {
    // The state of every output file, taken once: the reuse manifest and the stamp both record it.
    const written = new Set([...outputFiles].map((file) => file.slice(1)));
    for (const route of table.routes) {
      written.add(outputFileFor(route.path));
      written.add(`${CHUNK_DIR}/${chunkNameFor(route.key)}`);
    }
    const outputs = statFiles([...written].map((file) => path.join(outDir, file)));
    writeManifest(cacheDir, { ...rendered.manifest, outDir }, outputs);
    // (A manifest means a one-shot build with the cache: the stamp's inputs were walked at its start.)
    if (!inputs || [...compiled.compiled.values()].some((page) => page.imports)) {
      removeStamp(cacheDir, outDir);
      return;
    }
    const files = new Set(context.cache.dependencies);
    for (const entry of paths.apiPaths) files.add(entry);
    for (const media of compiled.state.media.values()) files.add(media.source);
    writeStamp(cacheDir, {
      configKey: setup.configKey,
      outDir,
      roots: setup.roots,
      inputs,
      files: statFiles(files),
      outputs,
      ...(content.blog?.nextPublish !== undefined ? { staleAt: content.blog.nextPublish } : {}),
      pages: rendered.written,
      warnings: [...context.warnings.items, ...context.warnings.logged],
    });
  } catch (error) {
    removeStamp(cacheDir, outDir);
    if (input.report)
      input.logger.warn({
        code: 'CACHE_UNAVAILABLE',
        message: `${asFolioError(error).message}; the next build runs every stage`,
        location: { file: cacheDir },
      });
  }
}

/** The summary line, the result and the state a watch session keeps. */
function finish(input: FullBuildInput, runner: Runner, setup: Setup, sources: Sources, site: WrittenSite): FullBuildOutput {
  const { context } = setup;
  const { content, table, compiled } = sources;
  const { assets, rendered } = site;
  const durationMs = performance.now() - runner.started;
  const count = context.warnings.count;
  runner.stageLogger.info(
    `\nBuilt ${rendered.written} pages into ${path.relative(process.cwd(), input.outDir) || '.'} in ${formatMs(durationMs)} with ${count} warning${count === 1 ? '' : 's'}.`,
  );
  const shared = { siteData: assets.document.siteData, scripts: assets.client.scripts, styles: assets.client.styles, server: input.serverId(assets.server) };
  const fingerprints = fingerprintRoutes({ table, shared, bodies: site.bodies });
  const routes = new Map<string, RenderedRoute>();
  for (const [index, route] of table.routes.entries())
    routes.set(route.path, { key: route.key, fingerprint: fingerprints.routes.get(route.path)!, links: rendered.links[index] });
  const state: SessionState = {
    loaded: setup.loaded,
    buildHash: context.buildHash,
    content,
    table,
    compile: compiled.state,
    server: assets.server,
    client: assets.client,
    tsxPages: tsxPagesKey(content.pages.filter((page) => page.kind === 'tsx')),
    siteData: assets.document.siteData,
    routes,
    notFound: fingerprints.notFound,
    emitters: site.emitted.records,
    outputFiles: site.outputFiles,
    media: new Set([...compiled.state.media.values()].map((file) => file.url)),
    warnings: context.warnings.items,
    discoveryWarnings: sources.discoveryWarnings,
  };
  const result: BuildResult = {
    ok: true,
    outDir: input.outDir,
    pages: rendered.written,
    warnings: context.warnings.items,
    timings: runner.timings,
    durationMs,
    table,
    content,
    compiledCount: compiled.compiledCount,
    assetSizes: assets.client.sizes,
  };
  return { result, state };
}

/** The result of a build that found nothing changed: the previous output stands, its warnings are printed again. */
function upToDate({
  input,
  stamp,
  warnings,
  started,
  timings,
  stageLogger,
}: {
  input: FullBuildInput;
  stamp: Stamp;
  warnings: WarningList;
  started: number;
  timings: Record<string, number>;
  stageLogger: Logger;
}): FullBuildOutput {
  for (const warning of stamp.warnings) warnings.add(warning);
  if (input.report) reportWarnings(input.logger, warnings);
  let error: FolioError | undefined;
  try {
    if (input.enforce) throwOnFatal(warnings);
  } catch (thrown) {
    error = thrown as FolioError;
  }
  if (!error && input.strict && warnings.count > 0) error = new FolioError({ code: 'STRICT_WARNINGS', message: `${warnings.count} warning(s) with --strict` });
  if (error) {
    if (input.report) input.logger.error(error);
    return { result: { ok: false, outDir: input.outDir, pages: 0, warnings: warnings.items, timings, durationMs: performance.now() - started, error } };
  }
  const durationMs = performance.now() - started;
  stageLogger.info(
    `\nNothing changed: the ${stamp.pages} pages in ${path.relative(process.cwd(), input.outDir) || '.'} are up to date (${formatMs(durationMs)}, ${warnings.count} warning${warnings.count === 1 ? '' : 's'}).`,
  );
  return { result: { ok: true, outDir: input.outDir, pages: stamp.pages, warnings: warnings.items, timings, durationMs, compiledCount: 0, upToDate: true } };
}

function sameEntries(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) if (b.get(key) !== value) return false;
  return true;
}

function describeContent(content: Content, apiPending = false): string {
  const parts = [];
  if (content.docs) parts.push(`${content.docs.docs.length} docs`);
  if (content.blog) parts.push(`${content.blog.posts.length} posts`);
  parts.push(`${content.pages.length} pages`);
  if (content.api) parts.push('API model');
  else if (apiPending) parts.push('API model on its way');
  return parts.join(', ');
}

async function listOutputFiles(dir: string): Promise<Set<string>> {
  const { default: fg } = await import('fast-glob');
  const files = await fg('**/*', { cwd: dir, onlyFiles: true, ignore: ['**/index.html', 'assets/data/**'] });
  return new Set(files.map((file) => `/${file}`));
}

/** Fingerprints of this build's routes and the manifest of the previous build, for renderPages. */
function reusePlan({
  context,
  table,
  compiled,
  postData,
  assets,
  outDir,
}: {
  context: BuildContext;
  table: RouteTable;
  compiled: { fingerprints: ReadonlyMap<string, string> };
  postData: ReturnType<typeof postDataFor>;
  assets: { server: ServerModule; client: { scripts: string[]; styles: string[] }; document: { siteData: string } };
  outDir: string;
}) {
  const server = serverBundleId(assets.server);
  if (!server) return undefined;
  const shared = { siteData: assets.document.siteData, scripts: assets.client.scripts, styles: assets.client.styles, server };
  const bodies = sourceFingerprints({ compiled: compiled.fingerprints, postData });
  const routes = fingerprintRoutes({ table, shared, bodies }).routes;
  const fingerprints = new Map<string, string>();
  for (const [route, fingerprint] of routes) fingerprints.set(route, hashOf(context.buildHash, fingerprint).slice(0, 24));
  return { previous: readManifest(context.cacheDir, outDir), fingerprints };
}
