/**
 * Stage `compileContent`, reusable between builds: compiles the markdown
 * sources whose text changed since the previous build, and re-resolves the
 * links of a file only when it was recompiled or one of the files it links
 * to (pages and images) moved or changed. A one-shot build is the same step
 * with no previous state: everything is compiled and resolved.
 */
import type { Content } from '../content/types.js';
import type { SourceFile } from '../content/read-source.js';
import { referencedFile, type Resolution, resolveContentLinks, resolveRefs, type MediaFile, withResolution } from '../links/resolve-links.js';
import { siteFoldersOf } from '../links/site-folders.js';
import type { CompiledContent } from './compile.js';
import { compileMany } from './compile-many.js';
import { compileFresh, readCompiled } from './compile.js';
import { FolioError } from '../errors/index.js';
import { CodeHighlighter, type Highlighting } from './highlight.js';
import type { MdxSiteInfo } from './docusaurus.js';
import { readFileSync } from 'node:fs';
import { siteThemeFiles } from '../core/site-paths.js';
import type { RouteTable } from '../routes/types.js';
import { isExternal } from '../shared/url.js';
import { hashOf } from '../core/hash.js';
import type { BuildContext } from '../core/context.js';
import type { Warning } from '../core/warnings.js';

/** One markdown source as compiled by the last build. */
export interface CompiledEntry {
  /** Hash of the source text the entry was compiled from. */
  hash: string;
  raw: CompiledContent;
  resolved: CompiledContent;
  /** Hash of the resolved result: changes exactly when the page body does. */
  fingerprint: string;
  /** Warnings of link resolution (broken markdown links, missing images). */
  warnings: Warning[];
  /** Absolute files the content links to (.md pages and images). */
  targets: string[];
  /**
   * How its links resolved, when its body stays in the cache (a one-shot build): the body read
   * back to render is rewritten with it, not resolved a second time.
   */
  resolution?: Resolution;
}

export interface CompileState {
  /** The site theme files' key the entries were compiled with (MdxSiteInfo.themeKey). */
  themeKey?: string;
  entries: Map<string, CompiledEntry>;
  /** API pages by id, and their fingerprints. */
  api: Map<string, { compiled: CompiledContent; fingerprint: string }>;
  /** Warnings the API pages reported when they were compiled (they stand while reused). */
  apiWarnings: Warning[];
  /** Co-located images found so far, by source file (kept across builds). */
  media: Map<string, MediaFile>;
  /** Content file → route path, as the links were resolved against. */
  fileRoutes: Map<string, string>;
}

export interface CompileStepInput {
  ctx: BuildContext;
  content: Content;
  table: RouteTable;
  highlighter?: Highlighting;
  previous?: CompileState;
  /** Files (images, pages) changed on disk since the previous build. */
  changedFiles?: ReadonlySet<string>;
  /** Recompile the API pages (their model or the route table changed). */
  apiDirty?: boolean;
  /**
   * Keep each file's compiled result before link resolution, so a later
   * update can resolve it again without compiling (watch mode). A one-shot
   * build never does: it keeps one copy of each page, not two.
   */
  keepUnresolved?: boolean;
  /** Leave the API pages out (the caller compiles them with compileApiPages once the model is there). */
  skipApi?: boolean;
}

export interface CompileStepResult {
  state: CompileState;
  /** Resolved content by source file (and API page id). */
  compiled: CompiledMap;
  frontMatter: Map<string, Record<string, unknown>>;
  /** Fingerprint of every compiled entry, by the same keys as `compiled`. */
  fingerprints: Map<string, string>;
  /** Files compiled this build (not reused, not from the cache). */
  compiledCount: number;
  /** Threads that compiled: 0 when this thread did alone, else the workers and this thread. */
  threads: number;
}

/**
 * Compiled content by source file (and API page id). In a one-shot build a
 * page's body is not kept: it is read back from the cache (and its links
 * resolved again, with the same result as at compile time, all routes and
 * images being known by then). `ensure(files)` loads the bodies the next
 * `get` calls need; a body whose cache entry no longer verifies (damaged,
 * deleted during the build) is compiled again there, so the cache can never
 * change what is published.
 */
export class CompiledMap extends Map<string, CompiledContent> {
  private readonly loaders = new Map<string, BodyLoader>();
  private ready = new Map<string, CompiledContent>();

  setLazy(file: string, lean: CompiledContent, loader: BodyLoader): void {
    super.set(file, lean);
    this.loaders.set(file, loader);
  }

  /** Makes the bodies of these files available to `get` (until the next call). */
  async ensure(files: Iterable<string | undefined>): Promise<void> {
    const next = new Map<string, CompiledContent>();
    for (const file of files) {
      const loader = file === undefined ? undefined : this.loaders.get(file);
      if (!loader || next.has(file!)) continue;
      next.set(file!, this.ready.get(file!) ?? loader.read() ?? (await loader.rebuild()));
    }
    this.ready = next;
  }

  /**
   * These files' bodies without resolving their links again (text and headings are the same):
   * lean ones straight from the cache, the others as held. `ensure`'s set is left alone.
   */
  async unresolved(files: Iterable<string | undefined>): Promise<Map<string, CompiledContent>> {
    const bodies = new Map<string, CompiledContent>();
    for (const file of files) {
      if (file === undefined || bodies.has(file)) continue;
      const loader = this.loaders.get(file);
      const body = loader ? (this.ready.get(file) ?? loader.readRaw() ?? (await loader.rebuild())) : super.get(file);
      if (body) bodies.set(file, body);
    }
    return bodies;
  }

  /**
   * What `unresolved` would give for these files when every one is in memory already (held, or
   * not lean); undefined as soon as one would be read back from the cache or compiled again.
   */
  heldUnresolved(files: Iterable<string>): Map<string, CompiledContent> | undefined {
    const bodies = new Map<string, CompiledContent>();
    for (const file of files) {
      const loader = this.loaders.get(file);
      const body = loader ? (this.ready.get(file) ?? loader.held()) : super.get(file);
      if (!body) return undefined;
      bodies.set(file, body);
    }
    return bodies;
  }

  override get(file: string): CompiledContent | undefined {
    const loader = this.loaders.get(file);
    if (!loader) return super.get(file);
    const ready = this.ready.get(file);
    if (ready) return ready;
    const value = loader.read();
    if (value) return value;
    throw new FolioError({
      code: 'CACHE_ENTRY_MISSING',
      message: 'the compiled body of this page is no longer in .folio-cache (was the folder deleted or changed during the build?)',
      location: { file },
    });
  }
}

/** How a lean page's body comes back: from the cache (undefined when it does not verify), or compiled again. */
export interface BodyLoader {
  read(): CompiledContent | undefined;
  /** The body as compiled, links not resolved (undefined when the cache entry does not verify). */
  readRaw(): CompiledContent | undefined;
  /** The body as compiled when it is held in memory (undefined: it would be read back). */
  held(): CompiledContent | undefined;
  rebuild(): Promise<CompiledContent>;
}

export function markdownSources(content: Content): SourceFile[] {
  const sources: SourceFile[] = [];
  if (content.docs) sources.push(...content.docs.docs);
  if (content.blog) sources.push(...content.blog.posts);
  for (const page of content.pages) if (page.kind === 'md') sources.push(page);
  return sources;
}

/**
 * Where the fingerprints hold a hash of a file's first paragraph (a category card's description):
 * a generated index changes with the summaries it shows, not with every edit of those docs.
 */
export function summaryKey(file: string): string {
  return `summary\0${file}`;
}

export function fileRoutesOf(table: RouteTable): Map<string, string> {
  const fileRoutes = new Map<string, string>();
  for (const route of table.routes) if (route.source && route.source.kind !== 'api') fileRoutes.set(route.source.file, route.path);
  // The API index shows its readme: a link to that file (a doc that lost the route to it) leads there.
  for (const route of table.routes)
    if (route.source?.kind === 'api' && /\.mdx?$/i.test(route.origin) && !fileRoutes.has(route.origin)) fileRoutes.set(route.origin, route.path);
  return fileRoutes;
}

/** The files a compiled body points to: relative .md/.mdx links and relative images. */
export function linkTargets(file: string, compiled: CompiledContent): string[] {
  const targets = new Set<string>();
  // Decoded as resolution decodes them (`c%23sharp.md` is `c#sharp.md`); a malformed escape stays as written.
  const add = (value: string) => targets.add(referencedFile(file, value));
  for (const ref of compiled.links) {
    if (isExternal(ref.href) || ref.href.startsWith('#')) continue;
    const pathPart = ref.href.split('#')[0];
    if (/\.mdx?$/i.test(pathPart) && !pathPart.startsWith('/')) add(pathPart);
    // A relative URL is made absolute from the page's own route: when that moves, resolve again.
    else if (pathPart && !pathPart.startsWith('/')) targets.add(file);
  }
  for (const ref of compiled.images) {
    if (isExternal(ref.href) || ref.href.startsWith('data:') || ref.href.startsWith('/')) continue;
    add(ref.href.split(/[?#]/)[0]);
  }
  return [...targets];
}

/** Forgets images no page uses any more (their files leave the output too). */
function forgetUnusedMedia(media: Map<string, MediaFile>, entries: ReadonlyMap<string, CompiledEntry>): void {
  const used = new Set<string>();
  for (const entry of entries.values()) for (const target of entry.targets) used.add(target);
  for (const source of [...media.keys()]) if (!used.has(source)) media.delete(source);
}

/**
 * Whether bodies resolved against the routes `before` would resolve differently against `after`:
 * some source links to (or shows an image of) a file whose route moved, appeared or went.
 * Resolution only looks up a body's own targets, so otherwise every body comes out the same.
 */
export function linksDependOn(state: CompileState, before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): boolean {
  const moved = changedRoutes(before, after);
  if (moved.size === 0) return false;
  for (const entry of state.entries.values()) if (entry.targets.some((target) => moved.has(target))) return true;
  return false;
}

function changedRoutes(before: ReadonlyMap<string, string> | undefined, after: ReadonlyMap<string, string>): Set<string> {
  const changed = new Set<string>();
  if (!before) return changed;
  for (const [file, route] of after) if (before.get(file) !== route) changed.add(file);
  for (const file of before.keys()) if (!after.has(file)) changed.add(file);
  return changed;
}

function fingerprintOf(compiled: CompiledContent): string {
  return hashOf(JSON.stringify(compiled)).slice(0, 20);
}

/**
 * Resolves the links of compiled sources against the route table (`settle`). In a lean one-shot
 * build the body stays in the cache and only what rendering needs besides it is kept; `leanFiles`
 * collects those files with their cache keys.
 */
function linkSettler({ ctx, fileRoutes, media, lean }: { ctx: BuildContext; fileRoutes: Map<string, string>; media: Map<string, MediaFile>; lean: boolean }) {
  /** Files whose body stays in the cache, and their cache keys. */
  const leanFiles = new Map<string, string>();
  // Images and linked markdown must lie in the site (its root, static and content folders).
  const folders = siteFoldersOf(ctx.root, ctx.config);
  const resolver = (warnings: Warning[]) => ({ fileRoutes, baseUrl: ctx.config.baseUrl, media, folders, warn: (warning: Warning) => warnings.push(warning) });
  const settle = (source: SourceFile, raw: CompiledContent, key?: string): CompiledEntry => {
    const warnings: Warning[] = [];
    const targets = linkTargets(source.file, raw);
    // Pages that import files are not cached, so they keep their body.
    if (!lean || raw.imports || key === undefined) {
      const resolved = resolveContentLinks({ compiled: raw, file: source.file, resolver: resolver(warnings) });
      return { hash: source.hash, raw, resolved, fingerprint: fingerprintOf(resolved), warnings, targets };
    }
    // One-shot build: keep everything but the body, which renderPages reads back from the cache
    // (CompiledMap). The body is a function of the compile key and of how its links resolve, so
    // those two make its fingerprint without hashing the HTML.
    const resolution = resolveRefs({ compiled: raw, file: source.file, resolver: resolver(warnings) });
    const fingerprint = hashOf(key, JSON.stringify([resolution.hrefs, resolution.srcs])).slice(0, 20);
    const { excerptHtml: _unresolved, ...meta } = raw;
    const kept: CompiledContent = { ...meta, html: '', links: resolution.links, images: resolution.images };
    leanFiles.set(source.file, key);
    return { hash: source.hash, raw: kept, resolved: kept, fingerprint, warnings, targets, resolution };
  };
  return { settle, resolver, leanFiles };
}

/**
 * How much body HTML (characters) a lean one-shot build may hold in memory instead of reading it
 * back from the cache to render and index it: all of a 1,000-page site (17 million). A site whose
 * bodies do not all fit holds none (those held are let go when the next would not fit), so a
 * large site's memory peak, which is what leanness is for, stays where it was.
 */
export const HELD_BODY_CHARS = 24_000_000;
/** HELD_BODY_CHARS, or FOLIO_HELD_BODY_CHARS (the tests build with 0 to hold the read-back path equal). */
const heldBodyChars = () => (/^\d+$/.test(process.env.FOLIO_HELD_BODY_CHARS ?? '') ? Number(process.env.FOLIO_HELD_BODY_CHARS) : HELD_BODY_CHARS);

export async function compileStep(input: CompileStepInput): Promise<CompileStepResult> {
  const { ctx, content, table, previous } = input;
  const highlighter = input.highlighter ?? new CodeHighlighter();
  const fileRoutes = fileRoutesOf(table);
  const media = previous ? previous.media : new Map<string, MediaFile>();
  // Files whose route moved (or appeared, or went) and changed images: their dependants re-resolve.
  const dirtyTargets = changedRoutes(previous?.fileRoutes, fileRoutes);
  for (const file of input.changedFiles ?? []) {
    dirtyTargets.add(file);
    media.delete(file);
  }
  const options = { format: ctx.config.markdown.format, compat: ctx.config.markdown.compat, site: mdxSiteOf(ctx) };
  const entries = new Map<string, CompiledEntry>();
  const compiled = new CompiledMap();
  const frontMatter = new Map<string, Record<string, unknown>>();
  const fingerprints = new Map<string, string>();
  const sources = markdownSources(content);
  const bySource = new Map(sources.map((source) => [source.file, source]));
  // One-shot builds with a disk cache keep page bodies on disk until rendering (watch mode keeps them all).
  const lean = input.keepUnresolved === false && ctx.cache.dir !== undefined;
  const { settle, resolver, leanFiles } = linkSettler({ ctx, fileRoutes, media, lean });
  // Compile every changed source first, on all cores when there are many (see compileMany).
  // A theme file MDX pages may use changed (theme/MDXComponents.tsx, an @theme/ override): all compile again.
  const themeChanged = previous !== undefined && previous.themeKey !== options.site.themeKey;
  const changed = sources.filter((source) => themeChanged || previous?.entries.get(source.file)?.hash !== source.hash);
  const fresh = new Map<string, CompiledEntry>();
  const jobFor = (source: SourceFile) => ({
    body: source.body,
    file: source.file,
    bodyLineOffset: source.bodyLineOffset,
    source: source.source,
    options,
    cacheSalt: ctx.buildHash,
  });
  const jobs = changed.map(jobFor);
  // A lean build of a site whose bodies fit in HELD_BODY_CHARS holds them all: reading them back
  // from the cache (files, seals, JSON) costs more than holding that much.
  const held = new Map<string, CompiledContent>();
  const heldBudget = heldBodyChars();
  let heldChars = 0;
  const many = await compileMany({
    jobs,
    cache: ctx.cache,
    highlighter,
    threads: ctx.threads,
    // Links are resolved as each result arrives, so a one-shot build never holds all bodies.
    withoutBodies: lean,
    keep: (job, raw, key, hit) => {
      const entry = settle(bySource.get(job.file)!, raw, key);
      fresh.set(job.file, entry);
      // (A cache hit was read without its body: there is nothing to hold.)
      if (!hit && entry.raw !== raw && heldChars <= heldBudget) {
        heldChars += raw.html.length + (raw.excerptHtml?.length ?? 0);
        if (heldChars <= heldBudget) held.set(job.file, raw);
        else held.clear();
      }
      return entry.raw;
    },
  });
  const compiledCount = many.compiled;
  /**
   * A settled entry's page read back to render: its body alone, beside the metadata it kept, when
   * it kept all of it (not a post's excerpt), else the whole page as the cache has it.
   */
  const readBack = (key: string, entry: CompiledEntry): CompiledContent | undefined => {
    if (!entry.resolution || entry.raw.hasTruncate) return readCompiled(ctx.cache, key);
    const html = ctx.cache.getText('body', key);
    return html === undefined ? undefined : { ...entry.raw, html };
  };
  const bodyLoader = (source: SourceFile, key: string, entry: CompiledEntry): BodyLoader => ({
    read: () => {
      const raw = held.get(source.file) ?? readBack(key, entry);
      // The same route table and media as when the entry was settled: the same resolution.
      if (raw && entry.resolution) return withResolution(raw, entry.resolution);
      return raw && resolveContentLinks({ compiled: raw, file: source.file, resolver: resolver([]) });
    },
    readRaw: () => held.get(source.file) ?? readCompiled(ctx.cache, key),
    held: () => held.get(source.file),
    rebuild: async () => {
      const { result } = await compileFresh({ ...jobFor(source), highlighter, cache: ctx.cache }, key);
      return resolveContentLinks({ compiled: result, file: source.file, resolver: resolver([]) });
    },
  });
  // Every source: freshly compiled, reused as it was, or reused with its links resolved again.
  for (const source of sources) {
    const prior = previous?.entries.get(source.file);
    let entry = fresh.get(source.file);
    if (!entry) {
      entry = prior && !prior.targets.some((target) => dirtyTargets.has(target)) ? prior : settle(source, prior!.raw);
    }
    for (const warning of entry.warnings) ctx.warnings.add(warning);
    entries.set(source.file, entry);
    const key = leanFiles.get(source.file);
    if (key !== undefined) compiled.setLazy(source.file, entry.resolved, bodyLoader(source, key, entry));
    else compiled.set(source.file, entry.resolved);
    fingerprints.set(source.file, entry.fingerprint);
    fingerprints.set(summaryKey(source.file), hashOf(entry.resolved.summary).slice(0, 20));
    frontMatter.set(source.file, source.frontMatter);
  }
  forgetUnusedMedia(media, entries);
  const result: CompileStepResult = {
    state: { entries, api: new Map(), apiWarnings: [], media, fileRoutes, themeKey: options.site.themeKey },
    compiled,
    frontMatter,
    fingerprints,
    compiledCount,
    threads: many.threads,
  };
  if (!input.skipApi) await compileApiPages({ ...input, highlighter, result });
  return result;
}

/**
 * The API pages of the step: compiled again when the model or the route table changed (or on the
 * first build), else kept with the warnings they reported. Adds them to `result`.
 */
export async function compileApiPages({
  ctx,
  content,
  table,
  previous,
  apiDirty,
  highlighter,
  result,
}: Pick<CompileStepInput, 'ctx' | 'content' | 'table' | 'previous' | 'apiDirty'> & { highlighter: Highlighting; result: CompileStepResult }): Promise<void> {
  let api = previous?.api ?? new Map<string, { compiled: CompiledContent; fingerprint: string }>();
  let apiWarnings = previous?.apiWarnings ?? [];
  if (!content.api) {
    api = new Map();
    apiWarnings = [];
  } else if (!previous || apiDirty) {
    api = new Map();
    const before = ctx.warnings.items.length;
    // Imported when a site has an API: its components bring React (and, outside a production
    // NODE_ENV, React's development builds) into the thread, which a site without one never needs.
    const { compileApi } = await import('../api/compile-api.js');
    for (const [id, compiled] of await compileApi(ctx, { model: content.api, table, highlighter }))
      api.set(id, { compiled, fingerprint: fingerprintOf(compiled) });
    apiWarnings = ctx.warnings.items.slice(before);
  } else for (const warning of apiWarnings) ctx.warnings.add(warning);
  for (const [id, entry] of api) {
    result.compiled.set(id, entry.compiled);
    result.fingerprints.set(id, entry.fingerprint);
  }
  result.state.api = api;
  result.state.apiWarnings = apiWarnings;
}

/** The site as MDX components read it (`useDocusaurusContext`, `useBaseUrl`, `@site/` imports). */
function mdxSiteOf(ctx: BuildContext): MdxSiteInfo {
  const { config } = ctx;
  const theme = siteThemeFiles(ctx.root);
  const themeKey = hashOf(...Object.entries(theme).flatMap(([name, file]) => [name, readOrEmpty(file)]));
  return {
    root: ctx.root,
    title: config.title,
    tagline: config.tagline,
    url: config.url,
    baseUrl: config.baseUrl,
    customFields: config.customFields ?? {},
    theme,
    themeKey,
  };
}

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
