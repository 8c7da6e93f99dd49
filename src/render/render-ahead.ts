/**
 * Rendering beside the compile (issue 17). In a build from scratch the compile workers keep both
 * cores busy while the main thread mostly waits for their results; rendering afterwards left one
 * core idle for the whole render stage. Here the main thread renders each page as soon as its
 * body is compiled and its links resolved, once the server bundle and the client files exist
 * (the assets stage runs beside the compile too), and writes it through the sink.
 *
 * Only routes that show nothing but their own source (a doc, a page, a post) are rendered
 * ahead: listings, tag pages and category indexes show other bodies and wait for renderPages,
 * which renders everything not rendered here, in table order, exactly as without this. A route
 * the previous output may keep (same fingerprint, the reuse manifest) is left to renderPages too.
 * A page that fails to render is left to renderPages as well, so the error a build reports is
 * the same (the first failing route in table order). A write that fails stops everything: `stop`
 * throws it.
 *
 * Same bytes as rendering afterwards: the same route, the same resolved body (as the body loader
 * resolves it), the same site data and bundles.
 */
import { createInterner } from '../links/check-links.js';
import type { PageLinks } from '../links/check-links.js';
import type { CompiledContent } from '../markdown/compile.js';
import type { Route, RouteTable } from '../routes/types.js';
import type { OutputSink } from '../core/output-sink.js';
import { sourceFingerprint, type PostData } from '../build/incremental/session-state.js';
import { routeFingerprint } from './fingerprint.js';
import { renderLinked, writeRendered, type PriorPage, type RenderedAhead, type RenderedRoute, type RenderInput } from './render-pages.js';

/** Compiled pages waiting to be rendered ahead, at most: beyond it they wait for renderPages (memory stays bounded). */
export const AHEAD_QUEUE = 256;

export interface AheadSetup {
  table: RouteTable;
  postData: PostData;
  /** Front matter by source file. */
  frontMatter: ReadonlyMap<string, Record<string, unknown>>;
  /** Pages of the previous output that may be kept (a warm one-shot build): left to renderPages when their fingerprint stands. */
  reusable?: ReadonlyMap<string, PriorPage>;
}

/** What rendering needs besides the bodies, known once the assets are written. */
export interface AheadReady {
  input: Omit<RenderInput, 'table' | 'compiled' | 'frontMatter' | 'postData' | 'prepare'>;
  sink: OutputSink;
  /** The build's shared fingerprint (sharedFingerprint); undefined when the build cannot fingerprint its pages. */
  shared: string | undefined;
}

interface Offered {
  file: string;
  fingerprint: string;
  body: () => CompiledContent | Promise<CompiledContent>;
}

export class RenderAhead {
  /** Routes that show only their own source, by source file. */
  private readonly routesOf = new Map<string, Route[]>();
  private queue: Offered[] = [];
  private ready?: AheadReady;
  private stopped = false;
  private wake?: () => void;
  private running?: Promise<void>;
  private failure?: { error: unknown };
  private readonly links = new Map<string, PageLinks>();
  private readonly intern = createInterner();

  constructor(private readonly setup: AheadSetup) {
    for (const route of setup.table.routes) {
      const file = route.source?.file;
      if (!file || route.source!.kind === 'api' || route.posts || route.cardSources) continue;
      const routes = this.routesOf.get(file);
      if (routes) routes.push(route);
      else this.routesOf.set(file, [route]);
    }
  }

  /** A source's links are resolved (CompileStepInput.onResolved). */
  readonly offer = (file: string, fingerprint: string, body: Offered['body']): void => {
    if (this.stopped || !this.routesOf.has(file) || this.queue.length >= AHEAD_QUEUE) return;
    this.queue.push({ file, fingerprint, body });
    this.wake?.();
  };

  /** The assets are there: render what was offered, and what comes. */
  start(ready: AheadReady): void {
    if (this.stopped || this.running) return;
    this.ready = ready;
    this.running = this.pump();
  }

  /** Stops after the page in hand (the compile is over); what was rendered, or the write failure. */
  async stop(): Promise<RenderedAhead> {
    this.stopped = true;
    this.queue = [];
    this.wake?.();
    await this.running;
    if (this.failure) throw this.failure.error;
    return { links: this.links, intern: this.intern };
  }

  private async pump(): Promise<void> {
    while (!this.stopped) {
      const next = this.queue.shift();
      if (!next) {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        this.wake = undefined;
        continue;
      }
      const pages = await this.render(next);
      try {
        for (const page of pages) {
          await writeRendered(this.ready!.sink, page);
          this.links.set(page.links.path, page.links);
        }
      } catch (error) {
        this.failure = { error };
        this.stopped = true;
        return;
      }
      // Let the compile workers' answers through before the next page (they come as I/O events).
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** The routes of one source rendered; a route that fails is left out (renderPages renders it again and reports the error). */
  private async render({ file, fingerprint, body }: Offered): Promise<RenderedRoute[]> {
    const { input, shared } = this.ready!;
    const { table, postData, frontMatter, reusable } = this.setup;
    const routes = this.routesOf.get(file)!.filter((route) => {
      if (shared === undefined) return true;
      const prior = reusable?.get(route.path);
      if (!prior) return true;
      const bodies = new Map([[file, sourceFingerprint({ file, compiled: fingerprint, postData })]]);
      return prior.fingerprint !== routeFingerprint({ route, shared, bodies });
    });
    if (routes.length === 0) return [];
    let compiled: CompiledContent;
    try {
      compiled = await body();
    } catch {
      return [];
    }
    const renderInput: RenderInput = { ...input, table, postData, frontMatter, compiled: new Map([[file, compiled]]) };
    const pages: RenderedRoute[] = [];
    for (const route of routes) {
      try {
        pages.push(renderLinked(renderInput, route, this.intern));
      } catch {
        // renderPages renders it again, in table order, and reports the error.
      }
    }
    return pages;
  }
}
