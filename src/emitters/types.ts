/**
 * An emitter writes files made from the whole site after its pages are rendered: the blog's
 * feeds, the sitemap, a search index. Both drivers run every registered emitter the same way
 * (run-emitters.ts): a build from scratch calls `emit`; watch mode calls `emit` again only when
 * the emitter's `fingerprint` changed, and deletes the files it no longer writes.
 */
import type { SiteConfig } from '../config/schema.js';
import type { Content } from '../content/types.js';
import type { Cache } from '../core/cache.js';
import type { CompiledContent } from '../markdown/compile.js';
import type { RouteTable } from '../routes/types.js';

export interface EmitInput {
  config: SiteConfig;
  /** Every route of the site, its site data and the not-found page. */
  table: RouteTable;
  /** The discovered content (docs, blog posts with their metadata, pages, API model). */
  content: Content;
  /**
   * Compiled bodies by source file. Bodies of large sites live in the cache: call
   * `load(files)` with the files whose bodies `emit` reads, then read them here.
   */
  compiled: ReadonlyMap<string, CompiledContent>;
  load(files: Iterable<string>): Promise<void>;
  /**
   * The bodies of these files as compiled, before their links were resolved (only `href` and
   * `src` attributes differ from `compiled`): for an emitter that reads the text and headings
   * alone (search), without the cost of resolving every link again. Leaves `compiled` as it was.
   */
  loadText(files: Iterable<string>): Promise<ReadonlyMap<string, CompiledContent>>;
  /**
   * What `loadText` gives for these files when all of them are in memory already, else undefined
   * (a large site's bodies live in the cache): for `start`, which should not read a whole site back.
   */
  heldText(files: Iterable<string>): ReadonlyMap<string, CompiledContent> | undefined;
  /** A fingerprint of each source's compiled body and listing data, by file: cheap input for `fingerprint`. */
  bodies: ReadonlyMap<string, string>;
  /**
   * The build's cache, for what an emitter derives from one page (the search records): with
   * `cacheSalt` (folio's code and the config) in every key. Absent: nothing is kept.
   */
  cache?: Cache;
  cacheSalt?: string;
  /**
   * No later run of the emitters follows in this process (a one-shot build, not `folio serve`):
   * nothing is to be kept in memory for one.
   */
  lastRun?: boolean;
}

export interface EmittedFile {
  /** URL path of the file under the site, e.g. `/sitemap.xml` (the base URL is not part of it). */
  path: string;
  contents: string | Uint8Array;
  /**
   * The name carries a hash of the contents (the search index's files): when the emitter's
   * previous run in this process wrote the same path, the file there is this one and watch mode
   * does not write it again.
   */
  hashedName?: boolean;
}

export interface Emitter {
  /** Unique name, shown as the stage's detail and in errors. */
  name: string;
  /** A hash of everything `emit` reads: watch mode emits again only when it changes. */
  fingerprint(input: EmitInput): string;
  emit(input: EmitInput): Promise<EmittedFile[]> | EmittedFile[];
  /**
   * Optional, for work that needs no rendered page: called before the pages render in a one-shot
   * build, it may begin that work on another thread; `emit`, called later with the same input, then
   * takes its result. Returns how to stop the work when the build fails before `emit` runs.
   */
  start?(input: EmitInput): (() => void) | undefined;
  /**
   * Optional, for an emitter that reads page bodies and was not begun by `start` (a one-shot build
   * whose bodies live in the cache, not in memory): may return a function that renderPages calls
   * with each page's source file and body as it renders it, so that `emit` need not read every
   * body back. These bodies have their links resolved: only `href` and `src` attributes differ
   * from what `loadText` gives.
   */
  watchBodies?(input: EmitInput): BodyWatcher | undefined;
}

/**
 * What `watchBodies` returns: the function renderPages calls with each body, or, for an emitter that
 * hands the bodies to a thread of its own, that function with `stop` (ends the thread when the build
 * fails before `emit` runs; the stage line then says the emitter was begun beside renderPages).
 */
export type BodyWatcher = ((file: string, body: CompiledContent) => void) | { onBody(file: string, body: CompiledContent): void; stop(): void };

/** What a build remembers of one emitter's last run. */
export interface EmitterRecord {
  fingerprint: string;
  files: string[];
}
