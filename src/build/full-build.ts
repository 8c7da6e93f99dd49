/**
 * A build from scratch: the pipeline (pipeline.ts) with no previous state, written into a
 * fresh temporary folder that replaces the output folder only when everything succeeded.
 * Before it: the output guard, the config and the "nothing changed" check; after it: the
 * swap, the records the next one-shot build reuses (reuse manifest, up-to-date stamp) and the
 * state a watch session keeps.
 *
 *   loadConfig → checkInputs → (pipeline) → swap into out/ → keepRecords
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type LoadedConfig } from '../config/load-config.js';
import type { CodeHighlighter } from '../markdown/highlight.js';
import type { Highlighting } from '../markdown/highlight.js';
import type { HighlightThread } from '../markdown/highlight-thread.js';
import { asFolioError, FolioError } from '../errors/index.js';
import type { ServerModule } from '../render/bundle-pages.js';
import type { RenderResult } from '../render/render-pages.js';
import type { BuildResult } from './build.js';
import { folioFingerprint } from '../core/version.js';
import { hashOf } from '../core/hash.js';
import { cacheDirFor, createContext, type BuildContext, type BuildMode } from '../core/context.js';
import { formatMs, type Logger } from '../core/logger.js';
import { createRunner, type Runner } from '../core/task.js';
import { createTempOutput, prepareOutput, swapOutput } from './output.js';
import { basicGuardedPaths, checkOutputPath, guardedPaths } from './output-guard.js';
import type { Sources, Written } from './pipeline.js';
import type { FolderSink } from './sink.js';
import { manifestText, readManifest, type ReuseManifest, writeManifest, writeManifestText } from './incremental/reuse-output.js';
import type { SessionState } from './incremental/session-state.js';
import { sitePaths, type WatchedPaths } from '../core/site-paths.js';
import {
  checkUpToDate,
  configKeyOf,
  removeStamp,
  statFiles,
  statFilesIn,
  walkInputs,
  writeStamp,
  type Snapshot,
  type Stamp,
} from './incremental/up-to-date.js';
import { reportWarnings, throwOnFatal, type WarningList } from '../core/warnings.js';

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
  /** Names server bundles for route fingerprints (default: the bundle file's hash; a session falls back to its own names). */
  serverId?: (server: ServerModule) => string | undefined;
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

export async function fullBuild(input: FullBuildInput): Promise<FullBuildOutput> {
  const runner = createRunner(input.logger, input.report);
  const { outDir, logger } = input;
  let sink: FolderSink | undefined;
  let ctx: BuildContext | undefined;
  // A one-shot build from a clean checkout (no cache folder: every block is to be highlighted)
  // starts its highlighting thread now, to load shiki beside the config and the discovery.
  const warm = input.highlighter === undefined && input.reuseOutput === true && !existsSync(cacheDirFor(input.root)) ? warmHighlighting() : undefined;
  warm?.catch(() => {});
  // Such a build goes on (no stamp to find): the stages' code loads while esbuild bundles the config.
  const staged = warm ? stages() : undefined;
  staged?.catch(() => {});
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
    // The stages' code (shiki, React's server renderer, the markdown toolchain, …) is loaded only
    // by a build that goes on: "nothing changed" is answered without it (about 0.2 s of loading).
    const { runBuild, sessionStateOf, FolderSink, CodeHighlighter, HighlightThread, serverBundleId } = await (staged ?? stages());
    // One-shot builds with the cache on keep unchanged pages of the previous out/ (reuse-output.ts).
    const reuse = input.reuseOutput === true && setup.context.cache.persistent;
    const manifest = reuse ? readManifest(setup.context.cacheDir, outDir) : undefined;
    sink = new FolderSink(createTempOutput(outDir), manifest?.outDir);
    // A one-shot build highlights on a thread of its own when it compiles in this one (highlight-thread.ts);
    // a session keeps its highlighter, grammars compiled, from one build to the next.
    const highlighter: Highlighting = input.highlighter ?? (await warm?.catch(() => undefined)) ?? new HighlightThread(new CodeHighlighter());
    // keepRecords' work for the pages, done while the main thread waits for the search index.
    const tempDir = sink.dir;
    let prepared: PreparedRecords | undefined;
    const { sources, written } = await runBuild({
      ctx: setup.context,
      sink,
      run: runner.run,
      highlighter,
      serverId: input.serverId ?? serverBundleId,
      reusable: manifest && new Map(Object.entries(manifest.routes)),
      keepUnresolved: !input.reuseOutput,
      besideEmitters: reuse
        ? (rendered) => {
            prepared = prepareRecords(outDir, tempDir, rendered);
          }
        : undefined,
    }).finally(() => highlighter.release?.());
    if (input.report) reportWarnings(logger, setup.context.warnings);
    if (input.enforce) throwOnFatal(setup.context.warnings);
    if (input.strict && setup.context.warnings.count > 0) {
      throw new FolioError({ code: 'STRICT_WARNINGS', message: `${setup.context.warnings.count} warning(s) with --strict` });
    }
    const swapped = await swapOutput({ tempDir: sink.dir, outDir, option: setup.outOption });
    sink = undefined;
    if (swapped.leftOver && input.report) {
      logger.warn({
        code: 'OUTPUT_OLD_LEFT',
        message: `the previous output was moved to ${swapped.leftOver} and could not be deleted`,
        location: { file: swapped.leftOver },
      });
    }
    keepRecords(input, setup, sources, written, prepared);
    const output = finish(input, runner, setup, sources, written);
    return { ...output, state: sessionStateOf({ loaded: setup.loaded, ctx: setup.context, sources, written }) };
  } catch (thrown) {
    if (sink) await sink.discard();
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
  } finally {
    // A build that ended before its pipeline (a config error, nothing changed) ends the thread too.
    await (await warm?.catch(() => undefined))?.release();
    // The cache entries gathered for packs are written out, and the packs read from closed.
    ctx?.cache.close();
  }
}

/** The highlighting thread of a build from a clean checkout, begun before the config is loaded. */
async function warmHighlighting(): Promise<HighlightThread> {
  const [{ HighlightThread }, { CodeHighlighter }] = await Promise.all([import('../markdown/highlight-thread.js'), import('../markdown/highlight.js')]);
  const thread = new HighlightThread(new CodeHighlighter());
  thread.warmUp();
  return thread;
}

/** The modules of the stages after the up-to-date check, loaded when a build goes on. */
async function stages() {
  const [pipeline, sink, highlight, highlightThread, bundlePages] = await Promise.all([
    import('./pipeline.js'),
    import('./sink.js'),
    import('../markdown/highlight.js'),
    import('../markdown/highlight-thread.js'),
    import('../render/bundle-pages.js'),
  ]);
  return {
    runBuild: pipeline.runBuild,
    sessionStateOf: pipeline.sessionStateOf,
    FolderSink: sink.FolderSink,
    CodeHighlighter: highlight.CodeHighlighter,
    HighlightThread: highlightThread.HighlightThread,
    serverBundleId: bundlePages.serverBundleId,
  };
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
  const loaded = await run(
    'loadConfig',
    () => loadConfig({ root, cacheDir, useCache: input.useCache !== false }),
    (c) => (c.kept ? 'bundle kept' : ''),
  );
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
  // Only a build that goes on replaces the output: the checks that it may (its every folder
  // writable: a walk of 20,000 files at 10,000 pages, 0.3 s) wait until nothing-changed is ruled out.
  if (!setup.stamp) prepareOutput(outDir, { option: outOption });
  return setup;
}

/**
 * The reuse manifest and the states of the pages' files, made while the main thread waits for the
 * search index on its thread (the pipeline's `besideEmitters`) instead of after the output is in
 * place with the other core idle (10,000 pages: ~1.1 s at the end of the build). The states are
 * read in the folder being written and keyed by the files' places in the output folder: renaming
 * the folder into place keeps each file's size and modification time.
 */
interface PreparedRecords {
  outputs: Snapshot;
  manifest: string;
}

/** What the reuse manifest records of the rendered pages, for the output folder `outDir`. */
const reuseManifestOf = (outDir: string, rendered: RenderResult): ReuseManifest => ({
  outDir: path.resolve(outDir),
  routes: Object.fromEntries(rendered.records),
});

function prepareRecords(outDir: string, tempDir: string, rendered: RenderResult): PreparedRecords | undefined {
  try {
    const files = new Set<string>();
    for (const record of rendered.records.values()) for (const file of record.files) files.add(file);
    const outputs = statFilesIn(tempDir, files, outDir);
    return { outputs, manifest: manifestText(reuseManifestOf(outDir, rendered), outputs) };
  } catch {
    // keepRecords makes them at the end as before, and reports what fails there.
    return undefined;
  }
}

/**
 * After the swap: the reuse manifest and the up-to-date stamp for the next one-shot build. They
 * are a bonus (without them the next build runs every stage), so failing to write them is a warning.
 */
function keepRecords(
  input: FullBuildInput,
  setup: Setup,
  { content, table, compiled }: Sources,
  { rendered, outputFiles, fingerprints }: Written,
  prepared?: PreparedRecords,
): void {
  const { context, paths, inputs } = setup;
  const { cacheDir } = context;
  const { outDir } = input;
  if (!input.reuseOutput || !fingerprints || !context.cache.persistent) return;
  // The whole site was looked up: packs none of it was found in hold what no build of it asks for now.
  context.cache.pruneUnusedPacks();
  try {
    // The state of every output file, taken once: the reuse manifest and the stamp both record it.
    const written = new Set([...outputFiles].map((file) => file.slice(1)));
    for (const record of rendered.records.values()) for (const file of record.files) written.add(file);
    // The pages' states taken during the wait stand: after it nothing touches a page's file (an
    // emitter's write never replaces a file already in the output, writeOutputFile, and a fresh
    // folder has nothing stale to remove), so only the files written since are read here.
    const unread = [...written].map((file) => path.join(outDir, file)).filter((file) => !prepared || !(file in prepared.outputs));
    const outputs = Object.assign(prepared?.outputs ?? {}, statFiles(unread));
    if (prepared) writeManifestText(cacheDir, path.resolve(outDir), prepared.manifest);
    else writeManifest(cacheDir, reuseManifestOf(outDir, rendered), outputs);
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
      pages: table.routes.length,
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
function finish(input: FullBuildInput, runner: Runner, setup: Setup, sources: Sources, written: Written): FullBuildOutput {
  const { context } = setup;
  const { content, table, compiled } = sources;
  const durationMs = performance.now() - runner.started;
  const count = context.warnings.count;
  const pages = table.routes.length;
  runner.stageLogger.info(
    `\nBuilt ${pages} pages into ${path.relative(process.cwd(), input.outDir) || '.'} in ${formatMs(durationMs)} with ${count} warning${count === 1 ? '' : 's'}.`,
  );
  const result: BuildResult = {
    ok: true,
    outDir: input.outDir,
    pages,
    warnings: context.warnings.items,
    timings: runner.timings,
    durationMs,
    table,
    content,
    compiledCount: compiled.compiledCount,
    assetSizes: written.client.sizes,
  };
  return { result };
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
