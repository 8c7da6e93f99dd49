/**
 * Stage `renderPages`: React `renderToString` of the templates for every
 * route → `<path>/index.html`, the route's page-data chunk, `404.html` and
 * `routes.json`. Keeps only link records in memory, not the pages.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import { FolioError, isFolioError } from '../errors/index.js';
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
import { carryOver, statOf, type ReuseManifest } from '../build/incremental/reuse-output.js';

export const CHUNK_DIR = 'assets/data';

export interface RenderInput {
  config: SiteConfig;
  table: RouteTable;
  compiled: ReadonlyMap<string, CompiledContent>;
  frontMatter: ReadonlyMap<string, Record<string, unknown>>;
  postData: ReadonlyMap<string, Omit<PostSummary, 'readingTime' | 'excerptHtml' | 'truncated'>>;
  server: ServerModule;
  assets: DocumentAssets;
  outDir: string;
  /** Loads the bodies a route shows before it renders (see CompiledMap.ensure). */
  prepare?: (files: (string | undefined)[]) => Promise<void>;
  /** Warm one-shot builds: take unchanged pages from the previous output (see reuse-output.ts). */
  reuse?: {
    previous?: ReuseManifest;
    /** Fingerprint of every route of this build, by path. */
    fingerprints: ReadonlyMap<string, string>;
  };
}

export interface RenderResult {
  links: PageLinks[];
  written: number;
  /** Pages taken unchanged from the previous output. */
  reused: number;
  /** What the next warm build may reuse (when `reuse` was given). */
  manifest?: ReuseManifest;
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

export async function renderPages(input: RenderInput): Promise<RenderResult> {
  const links: PageLinks[] = [];
  let written = 0;
  const dirs = new Set<string>();
  const ensureDir = async (dir: string) => {
    if (dirs.has(dir)) return;
    await mkdir(dir, { recursive: true });
    dirs.add(dir);
  };
  await ensureDir(path.join(input.outDir, CHUNK_DIR));
  const writes: Promise<void>[] = [];
  const flush = async () => {
    await Promise.all(writes);
    writes.length = 0;
  };
  let reused = 0;
  const intern = createInterner();
  const next: ReuseManifest | undefined = input.reuse ? { outDir: '', routes: {} } : undefined;
  try {
    await renderAll();
  } catch (error) {
    // Writes still in flight would recreate folders in an output the caller is about to discard.
    await Promise.allSettled(writes);
    throw error;
  }
  await flush();
  const notFound = renderRoute(input, input.table.notFound);
  await writeFile(path.join(input.outDir, '404.html'), notFound.html);
  const manifest: RouteManifestEntry[] = input.table.routes.map(manifestEntry);
  await writeFile(path.join(input.outDir, 'routes.json'), JSON.stringify(manifest));
  return { links, written, reused, ...(next ? { manifest: next } : {}) };

  async function renderAll(): Promise<void> {
    const previous = input.reuse?.previous;
    const plan = planRender({
      routes: input.table.routes,
      fingerprints: input.reuse?.fingerprints,
      previous: previous ? new Map(Object.entries(previous.routes)) : undefined,
    });
    const keep = new Set(plan.reuse);
    for (const route of input.table.routes) {
      const fingerprint = input.reuse?.fingerprints.get(route.path);
      const files = [outputFileFor(route.path), `${CHUNK_DIR}/${chunkNameFor(route.key)}`];
      const prior = previous?.routes[route.path];
      if (prior && keep.has(route)) {
        const previousOut = previous.outDir;
        // Only files exactly as the previous build wrote them (checked before linking any, so a page is never half-linked).
        const intact = prior.files.every((file, index) => prior.stats?.[index] !== undefined && statOf(path.join(previousOut, file)) === prior.stats[index]);
        if (intact && prior.files.every((file) => carryOver({ from: path.join(previousOut, file), to: path.join(input.outDir, file) }))) {
          links.push(prior.links);
          next!.routes[route.path] = prior;
          reused++;
          written++;
          continue;
        }
      }
      await input.prepare?.([route.source?.file, ...(route.posts ?? [])]);
      const { html, page } = renderRoute(input, route);
      const scanned = scanHtml(html, intern);
      const body = route.source ? input.compiled.get(route.source.file) : undefined;
      const record = { path: route.path, origin: route.origin, contentLinks: body?.links ?? [], hrefs: scanned.hrefs, ids: scanned.ids };
      links.push(record);
      if (next && fingerprint) next.routes[route.path] = { fingerprint, files, links: record };
      const file = path.join(input.outDir, outputFileFor(route.path));
      writes.push(
        (async () => {
          await ensureDir(path.dirname(file));
          await writeFile(file, html);
          await writeFile(path.join(input.outDir, CHUNK_DIR, chunkNameFor(route.key)), JSON.stringify(page));
        })(),
      );
      written++;
      if (writes.length >= 64) await flush();
    }
  }
}
