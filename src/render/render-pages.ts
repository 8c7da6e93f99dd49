/**
 * Stage `renderPages`: React `renderToString` of the templates for every
 * route that changed → `<path>/index.html`, the route's page-data chunk,
 * `404.html` and `routes.json`, written through the build's output sink.
 */
import type { SiteConfig } from '../config/schema.js';
import { FolioError, fsError, isFolioError, isFsError } from '../errors/index.js';
import type { PageLinks } from '../links/check-links.js';
import { createInterner, scanHtml } from '../links/check-links.js';
import type { CompiledContent } from '../markdown/compile.js';
import type { Route, RouteTable } from '../routes/types.js';
import type { PageData, PostSummary, RouteManifestEntry } from '../shared/page-data.js';
import { chunkNameFor, outputFileFor } from '../shared/url.js';
import type { ServerModule } from './bundle-pages.js';
import { composePageData } from './compose.js';
import { renderDocument, type DocumentAssets } from './document.js';
import { planRender } from './plan-render.js';
import type { OutputSink } from '../core/output-sink.js';
import type { Fingerprints } from './fingerprint.js';

export const CHUNK_DIR = 'assets/data';

export interface RenderInput {
  config: SiteConfig;
  table: RouteTable;
  compiled: ReadonlyMap<string, CompiledContent>;
  frontMatter: ReadonlyMap<string, Record<string, unknown>>;
  postData: ReadonlyMap<string, Omit<PostSummary, 'readingTime' | 'excerptHtml' | 'truncated'>>;
  server: ServerModule;
  assets: DocumentAssets;
  /** Loads the bodies a route shows before it renders (see CompiledMap.ensure). */
  prepare?: (files: (string | undefined)[]) => Promise<void>;
  /** Called with each rendered page's source file and body (Emitter.watchBodies). */
  onBody?: (file: string, body: CompiledContent) => void;
}

/** A route in routes.json: where its data is, and a `.tsx` page's component (its own chunk). */
export function manifestEntry(route: Route): RouteManifestEntry {
  const entry: RouteManifestEntry = { path: route.path, key: route.key, chunk: chunkUrl(route) };
  if (route.template === 'tsxPage') entry.component = (route as Route<'tsxPage'>).props.component;
  return entry;
}

export function chunkUrl(route: Pick<Route, 'key'>): string {
  return `/${CHUNK_DIR}/${chunkNameFor(route.key)}`;
}

export function renderRoute(input: RenderInput, route: Route): { html: string; page: PageData } {
  const pageMeta = route.template === 'tsxPage' ? input.server.pageInfo[(route.props as { component: string }).component]?.meta : undefined;
  const page = composePageData({ route, config: input.config, compiled: input.compiled, frontMatter: input.frontMatter, pageMeta, postData: input.postData });
  let appHtml: string;
  try {
    appHtml = input.server.renderApp(input.table.site, page);
  } catch (error) {
    if (isFolioError(error)) throw error;
    throw new FolioError({
      code: 'RENDER_FAILED',
      message: `${route.path}: ${(error as Error).message}`,
      location: route.source ? { file: route.source.file } : undefined,
      cause: error,
    });
  }
  const html = renderDocument({
    config: input.config,
    site: input.table.site,
    page,
    appHtml,
    assets: input.assets,
    image: route.image,
    noIndex: route.noIndex,
  });
  return { html, page };
}

/** What a build remembers of a page it wrote (the session state; the reuse manifest on disk). */
export interface PageRecord {
  key: string;
  fingerprint: string;
  links: PageLinks;
  /** Its output files (URL paths without the leading slash): the page and its page data. */
  files: string[];
  /** `size:mtime` of each file as written (the reuse manifest; a file changed since is not kept). */
  stats?: string[];
}

/** A page of the output the build starts from: the session's record, or the reuse manifest's. */
export type PriorPage = Omit<PageRecord, 'key'> & { key?: string };

export interface RenderPagesInput {
  input: RenderInput;
  sink: OutputSink;
  /** Fingerprint of every route by path; undefined when this build cannot fingerprint (every page renders). */
  fingerprints: Fingerprints | undefined;
  /** The pages of the previous output and the fingerprint of its not-found page. */
  prior?: { routes: ReadonlyMap<string, PriorPage>; notFound?: string };
  /** The previous output is in place (an update): only what changed is written. */
  inPlace: boolean;
}

export interface RenderResult {
  /** Link records of every route, in table order. */
  links: PageLinks[];
  /** Records of every route by path (fingerprinted builds). */
  records: Map<string, PageRecord>;
  /** Routes rendered (not kept). */
  rendered: Route[];
  /** Pages kept from the previous output. */
  reused: number;
  /** Paths of the previous output's routes that are gone. */
  removed: string[];
  notFoundChanged: boolean;
}

/** A route's output files (URL paths without the leading slash): the page, then its page data. */
export const outputFilesOf = (route: Route) => [outputFileFor(route.path), `${CHUNK_DIR}/${chunkNameFor(route.key)}`];

/**
 * Writes one of a route's output files. A file-system failure is said for the route and its source
 * file (a slug too long for the disk, a file in the way of its folder), not for the temporary
 * folder the build writes into and drops when it fails.
 */
function writePage(sink: OutputSink, route: Route, file: string, contents: string): void {
  try {
    sink.write(`/${file}`, contents);
  } catch (error) {
    if (!isFsError(error)) throw error;
    const failure = fsError(error);
    throw new FolioError({
      code: failure.code,
      message: `${route.path}: writing /${file} failed: ${failure.message}`,
      location: route.source ? { file: route.source.file } : undefined,
      cause: error,
    });
  }
}

/**
 * Renders what the plan says (plan-render.ts): pages whose fingerprint changed or that are new
 * are rendered and written, unchanged ones are kept (`sink.keep`: in place, or hard-linked from
 * the previous output folder), files of routes gone or re-keyed are removed. Keeps only link
 * records in memory, not the pages.
 */
export async function renderPages({ input, sink, fingerprints, prior, inPlace }: RenderPagesInput): Promise<RenderResult> {
  const plan = planRender({ routes: input.table.routes, fingerprints: fingerprints?.routes, previous: prior?.routes });
  const keep = new Set(plan.reuse);
  const result: RenderResult = { links: [], records: new Map(), rendered: [], reused: 0, removed: plan.remove, notFoundChanged: false };
  const intern = createInterner();
  for (const route of input.table.routes) {
    const fingerprint = fingerprints?.routes.get(route.path);
    const before = prior?.routes.get(route.path);
    if (before && keep.has(route) && sink.keep(before)) {
      result.links.push(before.links);
      result.records.set(route.path, { ...before, key: route.key });
      result.reused++;
      continue;
    }
    await input.prepare?.([route.source?.file, ...(route.posts ?? [])]);
    const { html, page } = renderRoute(input, route);
    const scanned = scanHtml(html, intern);
    const body = route.source ? input.compiled.get(route.source.file) : undefined;
    if (body && input.onBody) input.onBody(route.source!.file, body);
    const links: PageLinks = { path: route.path, origin: route.origin, contentLinks: body?.links ?? [], hrefs: scanned.hrefs, ids: scanned.ids };
    if (scanned.heldIds.length > 0) links.heldIds = scanned.heldIds;
    result.links.push(links);
    result.rendered.push(route);
    const files = outputFilesOf(route);
    if (fingerprint) result.records.set(route.path, { key: route.key, fingerprint, links, files });
    writePage(sink, route, files[0], html);
    writePage(sink, route, files[1], JSON.stringify(page));
    // The page data of a route whose key changed has a new name.
    for (const file of before?.files ?? []) if (!files.includes(file)) sink.remove(`/${file}`);
  }
  for (const routePath of plan.remove) for (const file of prior?.routes.get(routePath)?.files ?? []) sink.remove(`/${file}`);
  result.notFoundChanged = !inPlace || fingerprints === undefined || fingerprints.notFound !== prior?.notFound;
  if (result.notFoundChanged) sink.write('/404.html', renderRoute(input, input.table.notFound).html);
  if (!inPlace || plan.keysChanged) {
    const manifest: RouteManifestEntry[] = input.table.routes.map(manifestEntry);
    sink.write('/routes.json', JSON.stringify(manifest));
  }
  return result;
}
