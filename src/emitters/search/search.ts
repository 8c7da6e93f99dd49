/**
 * The search emitter: the index of docs, blog posts and API pages under /assets/search/
 * (records.ts says what goes in, indexer.ts how it is laid out). `search: false` writes nothing.
 *
 * Its fingerprint is each indexed page's body fingerprint (EmitInput.bodies) with its title and
 * URL, so a warm rebuild with no page changed does not index again; and the records of a page
 * are kept by that same fingerprint, in memory between runs of one process (`folio serve`) and in
 * .folio-cache between builds, so only pages that changed are read back (their bodies live in the
 * cache: reading them was a third of the emitter's time) and cut into sections again.
 *
 * In a build from scratch the index is made on a worker thread (search-worker.ts) that `begin`
 * starts once the pages are compiled, while this thread renders them: the render stage has the
 * second core to itself otherwise. `emit` then only waits for it.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Cache } from '../../core/cache.js';
import { hashOf } from '../../core/hash.js';
import { createPool } from '../../core/worker-pool.js';
import { rebuildWorkerError } from '../../errors/index.js';
import type { CompiledContent } from '../../markdown/compile.js';
import { readCompiled } from '../../markdown/compile.js';
import { MANIFEST_PATH } from '../../shared/search/format.js';
import type { EmitInput, EmittedFile, Emitter } from '../types.js';
import { buildSearchIndex, STORED_TEXT, termsOfPage, type PageTerms } from './indexer.js';
import { pageRecordsOf, searchOptionsOf, searchSectionOf, type PageRecords, type SearchSection } from './records.js';

const DIR = MANIFEST_PATH.slice(0, MANIFEST_PATH.lastIndexOf('/'));

/** One indexed page: what its records are made of, and the key they are kept by. */
export interface IndexedPage {
  key: string;
  title: string;
  path: string;
  section: SearchSection;
  /** Its source file (or API page id), where the compiled body is found. */
  file: string;
}

function indexedPages({ config, table, bodies }: Pick<EmitInput, 'config' | 'table' | 'bodies'>): IndexedPage[] {
  const options = searchOptionsOf(config);
  if (!options) return [];
  const indexed: IndexedPage[] = [];
  for (const route of table.routes) {
    const section = searchSectionOf(route, options);
    if (!section || !route.source) continue;
    // API bodies have no entry in `bodies`: their route depends on the model's hash instead.
    const body = bodies.get(route.source.file) ?? hashOf(...route.dependsOn);
    indexed.push({
      key: hashOf(route.path, route.title, section, body).slice(0, 24),
      title: route.title,
      path: route.path,
      section,
      file: route.source.file,
    });
  }
  return indexed;
}

/** A page's records and their terms (tokenising is most of the indexer's time). */
interface Cached {
  records: PageRecords;
  terms: PageTerms;
}

/** By page key, kept between runs in one process; entries of pages gone are dropped each run. */
let remembered = new Map<string, Cached>();

/**
 * In .folio-cache the records of many pages share one entry (a bucket, by the first hex digits of
 * their key): a cold build of a small site writes one file, not one per page (those writes were a
 * fifth of the emitter's time), and a warm one reads one. One bucket up to 256 pages, 16 up to
 * 4,096 (an edit rewrites a sixteenth), 256 past that. Crossing one of those sizes reads nothing
 * back once (the keys change) and writes the new buckets.
 */
const bucketsFor = (pages: number) => (pages <= 256 ? 1 : pages <= 4096 ? 16 : 256);
const bucketOf = (key: string, buckets: number) => (buckets === 1 ? '' : key.slice(0, buckets === 16 ? 1 : 2));

/** What each bucket entry holds on disk as far as this process knows (its page keys, sorted and joined): unchanged ones are not written again. */
const onDisk = new Map<string, string>();

const CACHE = 'search';
const bucketKey = (cacheSalt: string, buckets: number, bucket: string) => hashOf('search-records-4', cacheSalt, String(buckets), bucket).slice(0, 32);

export interface IndexResult {
  files: { name: string; contents: string }[];
  manifest: string;
}

/**
 * The index of these pages, on this thread or the worker's: records and terms from memory, the
 * cache's buckets, or `bodiesOf` (the pages missing from both, cut and tokenised here).
 * `undefined` when `bodiesOf` could not give every body (the caller builds on this thread).
 */
export async function indexPages({
  pages,
  cache,
  cacheSalt,
  writeBuckets,
  bodiesOf,
}: {
  pages: readonly IndexedPage[];
  cache?: Cache;
  cacheSalt: string;
  /** A later run in the same process writes no bucket (see emit). */
  writeBuckets: boolean;
  bodiesOf(missing: readonly IndexedPage[]): Promise<ReadonlyMap<string, Pick<CompiledContent, 'html' | 'headings'>> | undefined>;
}): Promise<IndexResult | undefined> {
  const buckets = bucketsFor(pages.length);
  const byBucket = new Map<string, IndexedPage[]>();
  for (const page of pages) {
    const bucket = bucketOf(page.key, buckets);
    let list = byBucket.get(bucket);
    if (!list) byBucket.set(bucket, (list = []));
    list.push(page);
  }
  const next = new Map<string, Cached>();
  const missing: IndexedPage[] = [];
  for (const [bucket, list] of byBucket) {
    let stored: Record<string, Cached> | undefined;
    for (const page of list) {
      let found = remembered.get(page.key);
      if (!found && cache) {
        if (!stored) {
          const key = bucketKey(cacheSalt, buckets, bucket);
          stored = cache.get<Record<string, Cached>>(CACHE, key) ?? {};
          onDisk.set(key, Object.keys(stored).sort().join(' '));
        }
        found = Object.hasOwn(stored, page.key) ? stored[page.key] : undefined;
      }
      if (found) next.set(page.key, found);
      else missing.push(page);
    }
  }
  const fresh = new Set(missing);
  const texts = await bodiesOf(missing);
  if (!texts) return undefined;
  for (const page of missing) {
    const records = pageRecordsOf(page, page.section, texts.get(page.file));
    // Once tokenised, only the text an excerpt shows is kept.
    next.set(page.key, {
      records: { ...records, sections: records.sections.map((section) => ({ ...section, text: section.text.slice(0, STORED_TEXT) })) },
      terms: termsOfPage(records),
    });
  }
  if (cache && writeBuckets) {
    for (const [bucket, list] of byBucket) {
      const key = bucketKey(cacheSalt, buckets, bucket);
      const keys = list.map((page) => page.key).sort();
      const signature = keys.join(' ');
      if (onDisk.get(key) === signature && !list.some((page) => fresh.has(page))) continue;
      const entry: Record<string, Cached> = {};
      for (const pageKey of keys) entry[pageKey] = next.get(pageKey)!;
      if (cache.set(CACHE, key, entry)) onDisk.set(key, signature);
    }
  }
  remembered = next;
  const cached = pages.map((page) => next.get(page.key)!);
  const { manifest, files } = buildSearchIndex(
    cached.map((page) => page.records),
    cached.map((page) => page.terms),
  );
  return { files: files.map((file) => ({ name: file.name, contents: file.contents })), manifest: JSON.stringify(manifest) };
}

/** What the worker thread is given: the pages, where their bodies are, and the cache folder. */
export interface WorkerJob {
  pages: IndexedPage[];
  /** By file: the cache key of a body kept in the cache, or the body itself (pages held in memory). */
  bodies: Record<string, string | Pick<CompiledContent, 'html' | 'headings'>>;
  cacheDir: string;
  cacheSalt: string;
}

/** The worker's side: bodies read from the cache folder (sealed entries, verified as on this thread). */
export function runWorkerJob(job: WorkerJob): Promise<IndexResult | undefined> {
  const cache = new Cache(job.cacheDir, { memory: false });
  return indexPages({
    pages: job.pages,
    cache,
    cacheSalt: job.cacheSalt,
    writeBuckets: true,
    bodiesOf: async (missing) => {
      const texts = new Map<string, Pick<CompiledContent, 'html' | 'headings'>>();
      for (const page of missing) {
        const where = job.bodies[page.file];
        const body = typeof where === 'string' ? readCompiled(cache, where) : where;
        // A body that no longer verifies is compiled again on the main thread (CompiledMap).
        if (!body) return undefined;
        texts.set(page.file, body);
      }
      return texts;
    },
  });
}

/** Up to this many pages the index is built beside rendering (about 20 kB of worker memory a page). */
export const WORKER_MAX_PAGES = 5000;

function workerFile(): URL | undefined {
  const url = new URL('./search-worker.mjs', import.meta.url);
  return existsSync(fileURLToPath(url)) ? url : undefined;
}

/** Index runs started by `begin`, by the input they were started for. */
const started = new WeakMap<EmitInput, Promise<IndexResult | undefined>>();
/** Inputs whose index came from the worker (the stage line says so). */
const fromWorker = new WeakSet<EmitInput>();

function filesOf(result: IndexResult): EmittedFile[] {
  return [
    ...result.files.map((file) => ({ path: `${DIR}/${file.name}`, contents: file.contents, hashedName: true })),
    { path: MANIFEST_PATH, contents: result.manifest },
  ];
}

export const searchEmitter: Emitter = {
  name: 'search',
  fingerprint: (input) => {
    if (!searchOptionsOf(input.config)) return 'off';
    return hashOf('search-v2', ...indexedPages(input).map((page) => page.key)).slice(0, 20);
  },
  begin: (input) => {
    // Only a process's first index goes to a worker: a later one (an edit in `folio serve`) has
    // every page in memory. The worker reads bodies from the cache folder, so there must be one.
    if (!searchOptionsOf(input.config) || remembered.size > 0 || !input.cache?.persistent || !input.cache.dir || !input.bodyKeyOf) return;
    const file = workerFile();
    if (!file) return;
    const pages = indexedPages(input);
    // The worker's records and terms are held while the main thread renders, its own peak: at
    // 10,000 pages that added ~210 MB to the build's peak RSS (1.19 → 1.40 GB, bench/PROFILE.md).
    if (pages.length > WORKER_MAX_PAGES) return;
    const bodies: WorkerJob['bodies'] = {};
    for (const page of pages) {
      const key = input.bodyKeyOf(page.file);
      if (key !== undefined) bodies[page.file] = key;
      else {
        const body = input.compiled.get(page.file);
        if (body) bodies[page.file] = { html: body.html, headings: body.headings };
      }
    }
    const pool = createPool<WorkerJob, IndexResult | undefined>({ file, size: 1 });
    const run = pool.run({ pages, bodies, cacheDir: input.cache.dir, cacheSalt: input.cacheSalt ?? '' }).finally(() => pool.close());
    // Awaited by emit; a build that fails before emitting must not report it as unhandled.
    run.catch(() => {});
    started.set(input, run);
  },
  // The stage line's time is then only the wait for the worker, not the index's own time.
  note: (input) => (fromWorker.has(input) ? 'waited for; built beside rendering' : undefined),
  emit: async (input): Promise<EmittedFile[]> => {
    if (!searchOptionsOf(input.config)) return [];
    const run = started.get(input);
    if (run) {
      started.delete(input);
      let result: IndexResult | undefined;
      try {
        result = await run;
      } catch (reason) {
        throw rebuildWorkerError(reason);
      }
      if (result) {
        fromWorker.add(input);
        return filesOf(result);
      }
    }
    // A later run in the same process (an edit in `folio serve`) has every page in memory: it writes
    // no bucket (a whole bucket is ~0.9 MB of JSON for this site, ~20 ms per save on the dev loop's
    // hot path). The next process finds an edited page's new key missing and tokenises that page alone.
    const writeBuckets = remembered.size === 0;
    const result = await indexPages({
      pages: indexedPages(input),
      cache: input.cache,
      cacheSalt: input.cacheSalt ?? '',
      writeBuckets,
      // Only text and headings are read: the bodies' links need not be resolved again.
      bodiesOf: (missing) => input.loadText(missing.map((page) => page.file)),
    });
    return filesOf(result!);
  },
};
