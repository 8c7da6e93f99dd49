/**
 * One incremental build: the previous session state plus a change plan →
 * the new state, with only the affected output written. Everything is
 * computed and staged first; the live output folder changes only at the
 * end, file by file, when nothing failed.
 */
import { cpSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { bundleClient, siteDataFile, staticSourceAllowed } from '../../assets/emit-assets.js';
import { emittersFor } from '../../emitters/registry.js';
import { runEmitters, type EmitOutcome } from '../../emitters/run-emitters.js';
import { checkLinks } from '../../links/check-links.js';
import type { CodeHighlighter } from '../../markdown/highlight.js';
import { bundleServer, type ServerModule } from '../../render/bundle-pages.js';
import { siteThemeOf } from '../../render/site-theme.js';
import { CHUNK_DIR, type RenderInput } from '../../render/render-pages.js';
import { createRouteTable } from '../../routes/route-table.js';
import type { Route, RouteTable } from '../../routes/types.js';
import type { Content } from '../../content/types.js';
import { chunkNameFor, outputFileFor } from '../../shared/url.js';
import { isStyleOnly, type ChangePlan } from './changes.js';
import { settleAll } from '../../core/settle-all.js';
import { isInside } from '../../core/site-paths.js';
import { compileStep, type CompileStepResult } from '../../markdown/compile-content.js';
import { updateContent } from './content-update.js';
import { cacheDirFor, createContext, type BuildContext, type BuildMode } from '../../core/context.js';
import type { Logger } from '../../core/logger.js';
import { fingerprintRoutes, manifestJson, renderNotFound, renderRoutes } from './render-step.js';
import { planRender } from '../../render/plan-render.js';
import type { ReloadKind } from '../session.js';
import { isLinkTargetFile, postDataFor, sourceFingerprints, tsxPagesKey, type ClientAssets, type RenderedRoute, type SessionState } from './session-state.js';
import { PendingOutput, removeOutputFiles } from './staging.js';
import { warningId, type Warning } from '../../core/warnings.js';

export interface IncrementalInput {
  state: SessionState;
  plan: ChangePlan;
  root: string;
  outDir: string;
  mode: BuildMode;
  logger: Logger;
  useCache?: boolean;
  now: Date;
  highlighter: CodeHighlighter;
  serverId: (server: ServerModule) => string;
}

export interface IncrementalUpdate {
  rendered: string[];
  removed: string[];
  reload: ReloadKind;
  styles: string[];
  warnings: Warning[];
  compiled: number;
}

export type IncrementalOutcome = { ok: true; state: SessionState; update: IncrementalUpdate } | { ok: false; error: unknown };

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, index) => item === b[index]);

/** Discovery warnings of files not read again still stand; the others were reported afresh. */
function carriedWarnings(previous: readonly Warning[], reread: { dirs: string[]; files: string[] }): Warning[] {
  return previous.filter((warning) => {
    const file = warning.location?.file;
    if (!file) return false;
    return !reread.files.includes(file) && !reread.dirs.some((dir) => isInside(dir, file));
  });
}

export async function incrementalBuild(input: IncrementalInput): Promise<IncrementalOutcome> {
  const { state: prev, root, outDir } = input;
  const ctx = createContext({
    root,
    outDir,
    cacheDir: cacheDirFor(root),
    mode: input.mode,
    config: prev.loaded.config,
    configFile: prev.loaded.file,
    buildHash: prev.buildHash,
    // One line per update (printed by the caller): no stage lines from inside.
    logger: { ...input.logger, stage: () => {}, info: () => {} },
    now: input.now,
    useCache: input.useCache,
  });
  const output = new PendingOutput(outDir);
  try {
    const sources = await updateSources(input, ctx);
    const changes = await writeChanges(input, ctx, sources, output);
    const { routes, outputFiles } = commitChanges(input, ctx, sources, changes, output);
    const state: SessionState = {
      loaded: prev.loaded,
      buildHash: prev.buildHash,
      content: sources.content,
      table: sources.table,
      compile: sources.compiled.state,
      server: changes.server,
      client: changes.client,
      tsxPages: changes.tsxKey,
      siteData: changes.siteData,
      routes,
      notFound: changes.fingerprints.notFound,
      emitters: changes.emitted.records,
      outputFiles,
      media: changes.media,
      warnings: ctx.warnings.items,
      discoveryWarnings: sources.discoveryWarnings,
    };
    const renderedPaths = changes.rendered.map((page) => page.route.path);
    if (changes.notFoundChanged) renderedPaths.push('/404');
    const { plan } = input;
    return {
      ok: true,
      state,
      update: {
        rendered: renderedPaths,
        removed: changes.removed,
        reload: reloadKind({ plan, prev, state, renderedPaths, removed: changes.removed }),
        styles: changes.client.styles,
        warnings: reportable({ previous: prev.warnings, current: ctx.warnings.items, changed: plan.paths }),
        compiled: sources.compiled.compiledCount,
      },
    };
  } catch (error) {
    output.discard();
    return { ok: false, error };
  }
}

/** The update's sources: content read again where it changed, the route table, the compiled bodies. */
interface UpdatedSources {
  content: Content;
  table: RouteTable;
  compiled: CompileStepResult;
  discoveryWarnings: Warning[];
}

async function updateSources({ state: prev, plan, highlighter }: IncrementalInput, ctx: BuildContext): Promise<UpdatedSources> {
  const { content, apiReloaded, reread } = await updateContent({ ctx, previous: prev.content, plan });
  for (const warning of carriedWarnings(prev.discoveryWarnings, reread)) ctx.warnings.add(warning);
  const discoveryWarnings = [...ctx.warnings.items];
  const table = createRouteTable({ config: ctx.config, content });
  for (const warning of table.warnings) ctx.warnings.add(warning);
  const pathsChanged = !sameList(
    table.routes.map((route) => route.path),
    prev.table.routes.map((route) => route.path),
  );
  const compiled = await compileStep({
    ctx,
    content,
    table,
    highlighter,
    previous: prev.compile,
    changedFiles: new Set(plan.media),
    apiDirty: apiReloaded || pathsChanged,
  });
  return { content, table, compiled, discoveryWarnings };
}

/** What an update wrote (staged, not yet committed) and what it found stale. */
interface StagedChanges {
  client: ClientAssets;
  server: ServerModule;
  tsxKey: string;
  siteData: string;
  media: Set<string>;
  fingerprints: ReturnType<typeof fingerprintRoutes>;
  rendered: ReturnType<typeof renderRoutes>;
  toRender: Route[];
  removed: string[];
  notFoundChanged: boolean;
  emitted: EmitOutcome;
  /** Output files (URL paths) that no longer belong to the site. */
  deletions: Set<string>;
}

/** Bundles (when stale), site data, static files, images, the pages whose fingerprint changed, emitters. */
async function writeChanges(
  input: IncrementalInput,
  ctx: BuildContext,
  { content, table, compiled }: UpdatedSources,
  output: PendingOutput,
): Promise<StagedChanges> {
  const { state: prev, plan, root, outDir } = input;
  const config = ctx.config;
  // Bundles, only when their sources changed.
  const tsxPages = content.pages.filter((page) => page.kind === 'tsx');
  const tsxKey = tsxPagesKey(tsxPages);
  const pagesChanged = tsxKey !== prev.tsxPages;
  const theme = plan.client || plan.server || pagesChanged ? siteThemeOf({ root, config, configFile: ctx.configFile }) : undefined;
  const [client, server] = await settleAll([
    plan.client || pagesChanged ? bundleClient({ ctx, pages: tsxPages, outDir: output.stagingDir(), theme }) : prev.client,
    plan.server || pagesChanged
      ? bundleServer({ pages: tsxPages, cacheDir: path.join(ctx.cacheDir, 'server'), cache: ctx.cache, salt: ctx.buildHash, theme })
      : prev.server,
  ]);
  const site = siteDataFile(table.site);
  const siteData = `/${site.name}`;
  if (siteData !== prev.siteData) output.write(siteData, site.json);
  const deletions = stageFiles({ prev, plan, output, staticDir: path.resolve(root, config.staticDir), ctx });
  const changedMedia = new Set(plan.media);
  const media = new Set<string>();
  for (const file of compiled.state.media.values()) {
    media.add(file.url);
    if (!prev.media.has(file.url) || changedMedia.has(file.source)) output.copy(file.url, file.source);
  }
  for (const url of prev.media) if (!media.has(url)) deletions.add(url);

  // Pages whose fingerprint changed.
  const shared = { siteData, scripts: client.scripts, styles: client.styles, server: input.serverId(server) };
  const postData = postDataFor({ content, config });
  const bodies = sourceFingerprints({ compiled: compiled.fingerprints, postData });
  const fingerprints = fingerprintRoutes({ table, shared, bodies });
  const planned = planRender({ routes: table.routes, fingerprints: fingerprints.routes, previous: prev.routes });
  const toRender = planned.render.map(({ route }) => route);
  const removed = planned.remove;
  const renderInput: RenderInput = {
    config,
    table,
    compiled: compiled.compiled,
    frontMatter: compiled.frontMatter,
    postData,
    server,
    assets: { scripts: client.scripts, styles: client.styles, siteData, routes: '/routes.json', pageChunks: client.pageChunks },
    outDir,
  };
  const rendered = renderRoutes(renderInput, toRender);
  for (const page of rendered) for (const [rel, text] of page.files) output.write(rel, text);
  const notFoundChanged = fingerprints.notFound !== prev.notFound;
  if (notFoundChanged) output.write('/404.html', renderNotFound(renderInput));
  if (planned.keysChanged) output.write('/routes.json', manifestJson(table));
  const emitted = await runEmitters({
    emitters: emittersFor(config),
    input: { config, table, content, compiled: compiled.compiled, load: (files) => compiled.compiled.ensure(files), bodies },
    previous: prev.emitters,
    write: (urlPath, contents) => output.write(urlPath, contents),
  });
  for (const file of emitted.stale) deletions.add(file);
  if (siteData !== prev.siteData) deletions.add(prev.siteData);
  if (client !== prev.client) for (const file of Object.keys(prev.client.sizes)) if (!(file in client.sizes)) deletions.add(file);
  return { client, server, tsxKey, siteData, media, fingerprints, rendered, toRender, removed, notFoundChanged, emitted, deletions };
}

/** Static files that changed: copied (or, when gone, their output files marked for deletion). */
function stageFiles({
  prev,
  plan,
  output,
  staticDir,
  ctx,
}: {
  prev: SessionState;
  plan: ChangePlan;
  output: PendingOutput;
  staticDir: string;
  ctx: BuildContext;
}): Set<string> {
  const deletions = new Set<string>();
  const options = { root: ctx.root, warn: (warning: Warning) => ctx.warnings.add(warning) };
  for (const file of plan.statics) {
    const rel = `/${path.relative(staticDir, file).split(path.sep).join('/')}`;
    if (!existsSync(file)) {
      for (const known of prev.outputFiles) if (known === rel || known.startsWith(`${rel}/`)) deletions.add(known);
    } else if (!staticSourceAllowed(file, options)) continue;
    else if (statSync(file).isDirectory()) {
      cpSync(file, path.join(output.stagingDir(), rel), { recursive: true, dereference: true, filter: (source) => staticSourceAllowed(source, options) });
    } else output.copy(rel, file);
  }
  return deletions;
}

/** Moves the staged files into place, deletes the stale ones and checks every page's links. */
function commitChanges({ state: prev, outDir }: IncrementalInput, ctx: BuildContext, { table }: UpdatedSources, changes: StagedChanges, output: PendingOutput) {
  const { deletions, rendered, toRender, removed, fingerprints } = changes;
  // What no longer belongs to the site.
  for (const routePath of removed) {
    deletions.add(`/${outputFileFor(routePath)}`);
    deletions.add(`/${CHUNK_DIR}/${chunkNameFor(prev.routes.get(routePath)!.key)}`);
  }
  for (const route of toRender) {
    const before = prev.routes.get(route.path);
    if (before && before.key !== route.key) deletions.add(`/${CHUNK_DIR}/${chunkNameFor(before.key)}`);
  }
  // Links of every page: fresh records for the rendered ones.
  const routes = new Map<string, RenderedRoute>();
  const renderedLinks = new Map(rendered.map((page) => [page.route.path, page.links]));
  for (const route of table.routes) {
    const links = renderedLinks.get(route.path) ?? prev.routes.get(route.path)!.links;
    routes.set(route.path, { key: route.key, fingerprint: fingerprints.routes.get(route.path)!, links });
  }
  // Commit: move the new files into place, then delete the stale ones.
  const written = output.commit();
  for (const file of written) deletions.delete(file);
  removeOutputFiles({ outDir, files: deletions });
  const outputFiles = new Set(prev.outputFiles);
  for (const file of deletions) outputFiles.delete(file);
  for (const file of written) if (isLinkTargetFile(file)) outputFiles.add(file);
  for (const warning of checkLinks({ pages: [...routes.values()].map((route) => route.links), files: outputFiles, baseUrl: ctx.config.baseUrl }))
    ctx.warnings.add(warning);
  return { routes, outputFiles };
}

function reloadKind({
  plan,
  prev,
  state,
  renderedPaths,
  removed,
}: {
  plan: ChangePlan;
  prev: SessionState;
  state: SessionState;
  renderedPaths: string[];
  removed: string[];
}): ReloadKind {
  const scriptsChanged = !sameList(prev.client.scripts, state.client.scripts);
  const stylesChanged = !sameList(prev.client.styles, state.client.styles);
  if (isStyleOnly(plan) && !scriptsChanged && prev.server === state.server) return stylesChanged ? 'css' : 'none';
  if (scriptsChanged || prev.server !== state.server || plan.statics.length > 0) return 'all';
  return renderedPaths.length || removed.length ? 'pages' : 'none';
}

/** Warnings worth printing: those not shown by the last build, and those of the changed files. */
export function reportable({
  previous,
  current,
  changed,
}: {
  previous: readonly Warning[];
  current: readonly Warning[];
  changed: readonly string[];
}): Warning[] {
  const known = new Set(previous.map(warningId));
  const files = new Set(changed);
  return current.filter((warning) => !known.has(warningId(warning)) || (warning.location?.file !== undefined && files.has(warning.location.file)));
}
