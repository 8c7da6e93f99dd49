/**
 * The build: one pipeline for both drivers. A build from scratch (`folio build`, the first
 * build of `folio serve`) runs it with no previous state into a fresh folder; an update in
 * watch mode runs it with the previous state and a change plan into the live output. Every
 * stage does only what the plan needs, and writes through the sink (sink.ts).
 *
 *   discoverContent → createRouteTable → compileContent
 *   → emitAssets → renderPages → emitFeeds (every emitter: src/emitters/registry.ts) → checkLinks
 *
 * The drivers (full-build.ts, incremental/incremental-build.ts) do what comes before (the
 * output guard, the config, the up-to-date check) and after (swap or commit, the records
 * kept for the next build, reporting).
 */
import path from 'node:path';
import { bundleClient, siteDataFile } from '../assets/emit-assets.js';
import type { LoadedConfig } from '../config/load-config.js';
import type { Content } from '../content/types.js';
import { releaseText } from '../content/read-source.js';
import type { BuildContext } from '../core/context.js';
import { settleAll } from '../core/settle-all.js';
import { isInside } from '../core/site-paths.js';
import type { Runner } from '../core/task.js';
import { tuneV8 } from '../core/v8-flags.js';
import type { Warning } from '../core/warnings.js';
import { emittersFor } from '../emitters/registry.js';
import { runEmitters, startEmitters, type EmitOutcome } from '../emitters/run-emitters.js';
import type { EmitInput } from '../emitters/types.js';
import { checkLinks } from '../links/check-links.js';
import { compileApiPages, compileStep, fileRoutesOf, linksDependOn, markdownSources, type CompileStepResult } from '../markdown/compile-content.js';
import type { Highlighting } from '../markdown/highlight.js';
import { bundleServer, type ServerModule } from '../render/bundle-pages.js';
import { fingerprintRoutes, type Fingerprints } from '../render/fingerprint.js';
import { outputFilesOf, renderPages, type PriorPage, type RenderResult } from '../render/render-pages.js';
import { siteThemeOf } from '../render/site-theme.js';
import { createRouteTable } from '../routes/route-table.js';
import type { RouteTable } from '../routes/types.js';
import { discoverContent } from '../sections/discover.js';
import type { ChangePlan } from './incremental/changes.js';
import { updateContent } from './incremental/content-update.js';
import { postDataFor, sourceFingerprints, tsxPagesKey, type ClientAssets, type SessionState } from './incremental/session-state.js';
import type { OutputSink } from '../core/output-sink.js';

export interface PipelineInput {
  ctx: BuildContext;
  /** Watch mode: the state of the build the output holds, and what changed since. */
  changes?: { previous: SessionState; plan: ChangePlan };
  sink: OutputSink;
  run: Runner['run'];
  highlighter: Highlighting;
  /** Names a server bundle for route fingerprints; undefined: this build cannot fingerprint its pages. */
  serverId(server: ServerModule): string | undefined;
  /** Pages of the previous output folder that may be kept (a warm one-shot build: the reuse manifest). */
  reusable?: ReadonlyMap<string, PriorPage>;
  /** Keep each compiled page before link resolution, to resolve it again later (watch mode). */
  keepUnresolved: boolean;
  /**
   * Work of the caller's for the main thread's wait on an emitter working on another thread (the
   * search index of a one-shot build), after the link check made there, given the pages as
   * rendered; not called when no emitter works elsewhere. It must not throw.
   */
  besideEmitters?: (rendered: RenderResult) => void;
}

/** The site's sources, read and compiled. */
export interface Sources {
  content: Content;
  table: RouteTable;
  compiled: CompileStepResult;
  /** The warnings discovery reported (a session reports them again only when their file is read again). */
  discoveryWarnings: Warning[];
}

/** What was written, and what the next build needs to know of it. */
export interface Written {
  client: ClientAssets;
  server: ServerModule;
  siteData: string;
  /** Identity of the set of .tsx pages (both bundles list them). */
  tsxKey: string;
  fingerprints: Fingerprints | undefined;
  rendered: RenderResult;
  emitted: EmitOutcome;
  /** Files of the output that are not pages (link targets), as URL paths. */
  outputFiles: Set<string>;
  media: Set<string>;
}

export async function runBuild(input: PipelineInput): Promise<{ sources: Sources; written: Written }> {
  // A build from scratch begins its bundles as soon as the pages are found: they need nothing the
  // compile produces, and esbuild works in a process of its own meanwhile.
  let early: Promise<Bundles> | undefined;
  let sources: Sources;
  try {
    sources = await readSources(input, (content) => {
      early = bundlesOf(input, content);
      early.catch(() => {});
    });
  } catch (error) {
    // Nothing may still be writing into the folder the failed build leaves.
    await early?.catch(() => {});
    throw error;
  }
  const { ctx, sink, run } = input;
  const assets = await run(
    'emitAssets',
    () => emitAssets(input, sources, early),
    (a) => `${Object.keys(a.client.sizes).length} files`,
  );
  const { content, table, compiled } = sources;
  const previous = input.changes?.previous;
  const postData = postDataFor({ content, config: ctx.config });
  const bodies = sourceFingerprints({ compiled: compiled.fingerprints, postData });
  const serverId = input.serverId(assets.server);
  const fingerprints = serverId
    ? fingerprintRoutes({
        table,
        bodies,
        shared: { salt: ctx.buildHash, siteData: assets.siteData, scripts: assets.client.scripts, styles: assets.client.styles, server: serverId },
      })
    : undefined;
  const load = (files: Iterable<string | undefined>) => compiled.compiled.ensure(files);
  const loadText = (files: Iterable<string | undefined>) => compiled.compiled.unresolved(files);
  const heldText = (files: Iterable<string>) => compiled.compiled.heldUnresolved(files);
  const emitters = emittersFor(ctx.config);
  const emitInput: EmitInput = {
    config: ctx.config,
    table,
    content,
    compiled: compiled.compiled,
    load,
    loadText,
    heldText,
    bodies,
    cache: ctx.cache,
    cacheSalt: ctx.buildHash,
    lastRun: !input.keepUnresolved,
  };
  // A one-shot build lets emitters begin what needs no rendered page (the search index, on another
  // thread) now, or take the bodies as the pages render (when they live in the cache: not read back).
  const started = startEmitters(!previous && !input.keepUnresolved ? emitters : [], emitInput);
  const stopEmitters = started.stop;
  const rendered = await run(
    'renderPages',
    () =>
      renderPages({
        input: {
          config: ctx.config,
          table,
          compiled: compiled.compiled,
          frontMatter: compiled.frontMatter,
          postData,
          server: assets.server,
          prepare: load,
          onBody: started.onBody,
          assets: {
            scripts: assets.client.scripts,
            styles: assets.client.styles,
            siteData: assets.siteData,
            routes: '/routes.json',
            pageChunks: assets.client.pageChunks,
            templateChunks: assets.client.templateChunks,
          },
        },
        sink,
        fingerprints,
        prior: previous ? { routes: previous.routes, notFound: previous.notFound } : input.reusable && { routes: input.reusable },
        inPlace: previous !== undefined,
      }),
    (r) => `${table.routes.length} pages${r.reused && !previous ? `, ${r.reused} unchanged` : ''}`,
  ).catch((error: unknown) => {
    stopEmitters();
    throw error;
  });
  // While an emitter still works on another thread (the search index of a one-shot build), this
  // thread checks the links against the output written so far instead of waiting (linksBeside).
  let beside: LinksBeside | undefined;
  const emitted = await run(
    // The stage keeps its documented name; it runs every emitter (feeds, sitemap, search, the site's own).
    'emitFeeds',
    () =>
      runEmitters({
        emitters,
        input: emitInput,
        previous: previous?.emitters,
        write: (urlPath, contents) => sink.emit(urlPath, contents),
        whileWaiting: {
          begun: started.begun,
          // Never fails: whatever goes wrong here happens again in checkLinks, which reports it as its own.
          work: async () => {
            beside = await linksBeside({ sink, rendered, baseUrl: ctx.config.baseUrl }).catch(() => undefined);
            input.besideEmitters?.(rendered);
          },
        },
      }),
    // Each emitter's own time in this stage when it is noticeable (the search index is built here),
    // or, for one begun before the pages rendered, that and the time it still took after them.
    (e) =>
      `${e.written.length} files (${[...e.records.keys()].join(', ')})${[...e.durations]
        .filter(([name, ms]) => ms >= 20 || started.begun.has(name))
        .map(([name, ms]) =>
          started.begun.has(name)
            ? `, ${name} begun beside renderPages, ${Math.round(ms)} ms after it`
            : `, ${name} ${Math.round(ms)} ms${started.watching.has(name) ? ' (bodies taken as the pages rendered)' : ''}`,
        )
        .join('')}`,
  ).finally(stopEmitters);
  for (const file of emitted.stale) sink.remove(file);
  const { files: outputFiles } = await run(
    'checkLinks',
    async () => {
      // The output so far and what the emitters wrote after it is the whole output (nothing else
      // writes once the pages are rendered; no stale emitter file was removed since).
      const early = emitted.stale.length === 0 ? beside : undefined;
      const files = early?.files ?? (await sink.files());
      for (const file of emitted.written) files.add(file);
      const kept = early && !early.missing.some((target) => files.has(target)) ? early.warnings : undefined;
      for (const warning of kept ?? checkLinks({ pages: rendered.links, files, baseUrl: ctx.config.baseUrl })) ctx.warnings.add(warning);
      return { files, checkedBeside: kept !== undefined };
    },
    (c) => (c.checkedBeside ? 'checked while the search index was built' : ''),
  );
  return { sources, written: { ...assets, fingerprints, rendered, emitted, outputFiles } };
}

/** The links checked against the output before the emitters' files are in, and what that check could not find. */
interface LinksBeside {
  files: Set<string>;
  warnings: Warning[];
  missing: string[];
}

/**
 * The link check of a one-shot build, made while the search index is still being built on its
 * thread (the main thread would otherwise wait; 10,000 pages: ~0.45 s of check beside a ~2.4 s
 * wait). Its warnings are the final ones unless a file an emitter writes afterwards is one of the
 * targets it could not find (`missing`): then checkLinks runs again with every file.
 */
async function linksBeside({ sink, rendered, baseUrl }: { sink: OutputSink; rendered: RenderResult; baseUrl: string }): Promise<LinksBeside> {
  const files = await sink.files();
  const missing = new Set<string>();
  const warnings = checkLinks({ pages: rendered.links, files, baseUrl, missing });
  return { files, warnings, missing: [...missing] };
}

/**
 * discoverContent (or, in watch mode, the sections the plan names) → createRouteTable → compileContent.
 * `discovered` hears of a build from scratch's content as soon as it is found.
 */
async function readSources(input: PipelineInput, discovered?: (content: Content) => void): Promise<Sources> {
  const { ctx, run, changes } = input;
  if (!changes) return readAll(input, discovered);
  const { previous, plan } = changes;
  const { content, apiReloaded, reread } = await run('discoverContent', () => updateContent({ ctx, previous: previous.content, plan }));
  for (const warning of carriedWarnings(previous.discoveryWarnings, reread)) ctx.warnings.add(warning);
  const discoveryWarnings = [...ctx.warnings.items];
  const table = await run('createRouteTable', () => createRouteTable({ config: ctx.config, content }));
  for (const warning of table.warnings) ctx.warnings.add(warning);
  const pathsChanged =
    table.routes.length !== previous.table.routes.length || table.routes.some((route, index) => route.path !== previous.table.routes[index].path);
  const compiled = await run('compileContent', () =>
    compileStep({
      ctx,
      content,
      table,
      highlighter: input.highlighter,
      previous: previous.compile,
      changedFiles: new Set(plan.media),
      apiDirty: apiReloaded || pathsChanged,
    }),
  );
  return { content, table, compiled, discoveryWarnings };
}

/** Discovery warnings of files not read again still stand; the others were reported afresh. */
function carriedWarnings(previous: readonly Warning[], reread: { dirs: string[]; files: string[] }): Warning[] {
  return previous.filter((warning) => {
    const file = warning.location?.file;
    if (!file) return false;
    return !reread.files.includes(file) && !reread.dirs.some((dir) => isInside(dir, file));
  });
}

/**
 * Runs `compile` while the pages' folders are made (OutputSink.makeFoldersAhead), the compile
 * working on other threads: all of them once it succeeded, no more once it failed (its folder is
 * about to be discarded).
 */
async function withFoldersAhead<T>(sink: OutputSink, table: RouteTable, compile: () => Promise<T>): Promise<T> {
  const folders = sink.makeFoldersAhead?.(table.routes.flatMap((route) => outputFilesOf(route).map((file) => `/${file}`)));
  try {
    const compiled = await compile();
    folders?.finish();
    return compiled;
  } finally {
    folders?.stop();
  }
}

/** A build from scratch: every section, with the background ones (typedoc) overlapping the markdown. */
async function readAll(input: PipelineInput, found?: (content: Content) => void): Promise<Sources> {
  const { ctx, run, highlighter, keepUnresolved } = input;
  const discovered = await run(
    'discoverContent',
    () => discoverContent(ctx),
    (d) => describeContent(d.content, d.later !== undefined),
  );
  // The .tsx pages are all found here (a background section adds the API only).
  found?.(discovered.content);
  const sources = { content: discovered.content } as Sources;
  tuneV8(markdownSources(discovered.content).length, { oneShot: !keepUnresolved });
  const routeTable = async () => {
    sources.discoveryWarnings = [...ctx.warnings.items];
    sources.table = await run(
      'createRouteTable',
      () => createRouteTable({ config: ctx.config, content: sources.content }),
      (t) => `${t.routes.length} routes`,
    );
    for (const warning of sources.table.warnings) ctx.warnings.add(warning);
    return sources.table;
  };
  sources.compiled = await run(
    'compileContent',
    async () => {
      if (!discovered.later) {
        const table = await routeTable();
        return withFoldersAhead(input.sink, table, () => compileStep({ ctx, content: sources.content, table, highlighter, keepUnresolved }));
      }
      // typedoc (a background section) runs in a worker thread while this one compiles the markdown, its links resolved
      // against the routes without the API (an API never moves a content file's route, but its index
      // takes its readme's; a body linking to a file whose route changed makes the markdown step run
      // again, from the cache). Its warnings
      // are held back and added after the discovery and route-table warnings, as without overlap.
      const early = { ...ctx, warnings: ctx.warnings.fresh() };
      const preliminary = createRouteTable({ config: ctx.config, content: sources.content });
      const markdown = compileStep({ ctx: early, content: sources.content, table: preliminary, highlighter, keepUnresolved, skipApi: true });
      markdown.catch(() => {});
      let later: Partial<Content>;
      try {
        later = await discovered.later;
      } catch (error) {
        await markdown.catch(() => {});
        throw error;
      }
      sources.content = { ...sources.content, ...later };
      const table = await routeTable();
      return withFoldersAhead(input.sink, table, async () => {
        let result = await markdown;
        const final = fileRoutesOf(table);
        if (linksDependOn(result.state, fileRoutesOf(preliminary), final)) {
          early.warnings = ctx.warnings.fresh();
          // From the cache: what the first pass compiled still counts as compiled by this build.
          const again = await compileStep({ ctx: early, content: sources.content, table, highlighter, keepUnresolved, skipApi: true });
          result = { ...again, compiledCount: result.compiledCount + again.compiledCount, threads: Math.max(result.threads, again.threads) };
        } else result.state.fileRoutes = final;
        // Both lists: a problem the site set to 'log' is printed as information, as without overlap.
        for (const warning of [...early.warnings.items, ...early.warnings.logged]) ctx.warnings.add(warning);
        await compileApiPages({ ctx, content: sources.content, table, highlighter, result });
        return result;
      });
    },
    (r) =>
      `${r.compiledCount} compiled, ${r.compiled.size - r.compiledCount} cached${r.threads ? `, on ${r.threads} threads` : ''}${highlighter.threadStarted ? ', code highlighted on a thread of its own' : ''}`,
  );
  // A one-shot build highlights nothing after its compile: the highlighting thread's memory is not
  // kept through rendering, when memory peaks; nor is the markdown's text (read-source.ts).
  if (!keepUnresolved) await highlighter.release?.();
  if (!keepUnresolved) releaseText(markdownSources(sources.content));
  return sources;
}

type Bundles = [ClientAssets, ServerModule];

/** The client and server bundles (when their sources changed since the previous build). */
function bundlesOf({ ctx, sink, changes }: PipelineInput, content: Content): Promise<Bundles> {
  const previous = changes?.previous;
  const tsxPages = content.pages.filter((page) => page.kind === 'tsx');
  const pagesChanged = tsxPagesKey(tsxPages) !== previous?.tsxPages;
  const client = !previous || changes.plan.client || pagesChanged;
  const server = !previous || changes.plan.server || pagesChanged;
  const theme = client || server ? siteThemeOf({ root: ctx.root, config: ctx.config, configFile: ctx.configFile }) : undefined;
  // Both settle before a failure is thrown: a bundle still writing into a folder about to be discarded would leave it behind.
  return settleAll<Bundles>([
    client ? bundleClient({ ctx, pages: tsxPages, outDir: sink.dir, theme }) : previous!.client,
    server ? bundleServer({ pages: tsxPages, cacheDir: path.join(ctx.cacheDir, 'server'), cache: ctx.cache, salt: ctx.buildHash, theme }) : previous!.server,
  ]);
}

/** The bundles (begun early, or now), the site data, the static folder, images next to the content, islands. */
async function emitAssets(input: PipelineInput, { content, table, compiled }: Sources, early?: Promise<Bundles>) {
  const { ctx, sink, changes } = input;
  const previous = changes?.previous;
  const tsxKey = tsxPagesKey(content.pages.filter((page) => page.kind === 'tsx'));
  const [clientAssets, serverModule] = await (early ?? bundlesOf(input, content));
  if (previous && clientAssets !== previous.client) for (const file of Object.keys(previous.client.sizes)) if (!(file in clientAssets.sizes)) sink.remove(file);
  const staticDir = path.resolve(ctx.root, ctx.config.staticDir);
  if (!previous || changes.plan.statics.length > 0)
    sink.copyStatic({ staticDir, entries: changes?.plan.statics, root: ctx.root, warn: (warning) => ctx.warnings.add(warning) });
  const changedMedia = new Set(changes?.plan.media);
  const media = new Set<string>();
  for (const file of compiled.state.media.values()) {
    media.add(file.url);
    if (!previous?.media.has(file.url) || changedMedia.has(file.source)) sink.copy(file.url, file.source);
  }
  // The pages' BrowserOnly island modules (content-hashed: a name the output holds is that very file).
  for (const entry of compiled.state.entries.values()) {
    for (const island of entry.resolved.islands ?? []) {
      if (media.has(island.path)) continue;
      media.add(island.path);
      if (!previous?.media.has(island.path)) sink.write(island.path, island.code);
    }
  }
  for (const url of previous?.media ?? []) if (!media.has(url)) sink.remove(url);
  // After the static folder: a file of its own at this path gives way.
  const site = siteDataFile(table.site);
  const siteData = `/${site.name}`;
  if (siteData !== previous?.siteData) {
    sink.write(siteData, site.json);
    if (previous) sink.remove(previous.siteData);
  }
  return { client: clientAssets, server: serverModule, siteData, tsxKey, media };
}

/** What a watch session keeps of a build for the next update. */
export function sessionStateOf({
  loaded,
  ctx,
  sources,
  written,
}: {
  loaded: LoadedConfig;
  ctx: BuildContext;
  sources: Sources;
  written: Written;
}): SessionState {
  return {
    loaded,
    buildHash: ctx.buildHash,
    content: sources.content,
    table: sources.table,
    compile: sources.compiled.state,
    server: written.server,
    client: written.client,
    tsxPages: written.tsxKey,
    siteData: written.siteData,
    routes: written.rendered.records,
    notFound: written.fingerprints?.notFound ?? '',
    emitters: written.emitted.records,
    outputFiles: written.outputFiles,
    media: written.media,
    warnings: ctx.warnings.items,
    discoveryWarnings: sources.discoveryWarnings,
  };
}

function describeContent(content: Content, pending = false): string {
  const parts = [];
  if (content.docs) parts.push(`${content.docs.docs.length} docs`);
  if (content.blog) parts.push(`${content.blog.posts.length} posts`);
  parts.push(`${content.pages.length} pages`);
  if (content.api) parts.push('API model');
  else if (pending) parts.push('API model on its way');
  return parts.join(', ');
}
