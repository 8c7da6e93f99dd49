/**
 * The search emitter: the index of docs, blog posts and API pages under /assets/search/
 * (records.ts says what goes in, indexer.ts how it is laid out). `search: false` writes nothing.
 *
 * Its fingerprint is each indexed page's body fingerprint (EmitInput.bodies) with its title and
 * URL, so a warm rebuild with no page changed does not index again; and the records of a page
 * are kept by that same fingerprint, in memory between runs of one process (`folio serve`) and in
 * .folio-cache between builds, so only pages that changed are read back (their bodies live in the
 * cache: reading them was a third of the emitter's time) and cut into sections again.
 */
import type { Cache } from '../../core/cache.js';
import { detached } from '../../core/detached.js';
import { runInWorker, workerEntry } from '../../core/worker-pool.js';
import { RecordStream } from './record-stream.js';
import type { CompiledContent } from '../../markdown/compile.js';
import { hashOf } from '../../core/hash.js';
import { MANIFEST_PATH } from '../../shared/search/format.js';
import type { Route } from '../../routes/types.js';
import type { EmitInput, EmittedFile, Emitter } from '../types.js';
import { buildSearchIndex, joinedTermsOf, STORED_TEXT, termsFromSections, termsOfPage, type PageTerms } from './indexer.js';
import { pageRecordsOf, searchOptionsOf, searchSectionOf, type PageRecords, type SearchSection } from './records.js';

const DIR = MANIFEST_PATH.slice(0, MANIFEST_PATH.lastIndexOf('/'));

interface Indexed {
  route: Route;
  section: SearchSection;
  key: string;
}

/** By the input they were taken from: `fingerprint`, `start`, `watchBodies` and `emit` of one build share one list. */
const indexedOf = new WeakMap<Pick<EmitInput, 'config' | 'table' | 'bodies'>, Indexed[]>();

function indexedRoutes(input: Pick<EmitInput, 'config' | 'table' | 'bodies'>): Indexed[] {
  let indexed = indexedOf.get(input);
  if (!indexed) indexedOf.set(input, (indexed = indexRoutes(input)));
  return indexed;
}

function indexRoutes({ config, table, bodies }: Pick<EmitInput, 'config' | 'table' | 'bodies'>): Indexed[] {
  const options = searchOptionsOf(config);
  if (!options) return [];
  const indexed: Indexed[] = [];
  for (const route of table.routes) {
    const section = searchSectionOf(route, options);
    if (!section || !route.source) continue;
    // API bodies have no entry in `bodies`: their route depends on the model's hash instead.
    const body = bodies.get(route.source.file) ?? hashOf(...route.dependsOn);
    indexed.push({ route, section, key: hashOf(route.path, route.title, section, body).slice(0, 24) });
  }
  return indexed;
}

/** A page's records and their terms (tokenising is most of the indexer's time). */
export interface Cached {
  records: PageRecords;
  terms: PageTerms;
}

/**
 * What is kept of a page once it is tokenised: its terms, and only the text an excerpt shows, in
 * strings of its own (an anchor captured from the body's HTML would keep the whole body alive: at
 * 10,000 pages the kept records took 206 MB of heap, 73 MB detached).
 */
export function keptOf(route: Pick<Route, 'path' | 'title'>, section: SearchSection, body: Parameters<typeof pageRecordsOf>[2]): Cached {
  const records = pageRecordsOf(route, section, body);
  return {
    records: {
      ...records,
      sections: records.sections.map(({ heading, anchor, text }) => ({
        heading: detached(heading),
        anchor: detached(anchor),
        text: detached(text.slice(0, STORED_TEXT)),
      })),
    },
    terms: termsOfPage(records),
  };
}

/**
 * The same in .folio-cache: each section's terms joined by newlines (no term has one), which
 * JSON writes and reads as one string instead of hundreds (this site's bucket: 22 → 10 ms to
 * stringify).
 */
interface Stored {
  records: PageRecords;
  terms: [length: number, terms: string, weights: number[]][];
}
const toStored = ({ records, terms }: Cached): Stored => ({
  records,
  terms: joinedTermsOf(terms, (words) => words.join('\n')),
});
const fromStored = ({ records, terms }: Stored): Cached => ({
  records,
  terms: termsFromSections(terms.map(([length, words, weights]) => [length, words ? words.split('\n') : [], weights])),
});

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
/** How many pages' bodies are read back at once (EmitInput.loadText) to be cut into records. */
export const LOAD_BATCH = 256;
const bucketKey = (cacheSalt: string, buckets: number, bucket: string) => hashOf('search-records-6', cacheSalt, String(buckets), bucket).slice(0, 32);

/** What the index is made of: each indexed page with its key, and the cache its records are kept in. */
export interface IndexJob {
  pages: { key: string; path: string; title: string; section: SearchSection; file: string }[];
  cache?: Cache;
  cacheSalt: string;
  /** No later run in this process: the pages' records are not kept in memory for one (`remembered`). */
  lastRun?: boolean;
  /** Records of pages cut from their bodies as the pages rendered (on the search thread: record-stream.ts), by page key: not read back. */
  taken?: ReadonlyMap<string, Cached>;
}

const jobPagesOf = (pages: readonly Indexed[]): IndexJob['pages'] =>
  pages.map(({ route, section, key }) => ({ key, path: route.path, title: route.title, section, file: route.source!.file }));

/**
 * The index files of these pages: their records from this process's memory or the cache's buckets,
 * the others cut from their bodies (`texts`, asked for only those) and stored. Runs in this thread
 * (`emit`) or in a worker (`start`, search-worker.ts), with the same result.
 */
export async function indexFiles(
  { pages, cache, cacheSalt, lastRun, taken }: IndexJob,
  texts: (files: string[]) => Promise<ReadonlyMap<string, Parameters<typeof pageRecordsOf>[2]>>,
): Promise<EmittedFile[]> {
  // A later run in the same process (an edit in `folio serve`) has every page in memory: it writes
  // no bucket (a whole bucket is ~0.9 MB of JSON for this site, ~20 ms per save on the dev loop's
  // hot path). The next process finds an edited page's new key missing and tokenises that page alone.
  const sameProcess = remembered.size > 0;
  const buckets = bucketsFor(pages.length);
  const byBucket = new Map<string, IndexJob['pages']>();
  for (const page of pages) {
    const bucket = bucketOf(page.key, buckets);
    let list = byBucket.get(bucket);
    if (!list) byBucket.set(bucket, (list = []));
    list.push(page);
  }
  const next = new Map<string, Cached>();
  const missing: IndexJob['pages'] = [];
  for (const [bucket, list] of byBucket) {
    let stored: Record<string, Stored> | undefined;
    for (const page of list) {
      let found = remembered.get(page.key);
      if (!found && cache) {
        if (!stored) {
          const key = bucketKey(cacheSalt, buckets, bucket);
          stored = cache.get<Record<string, Stored>>(CACHE, key) ?? {};
          onDisk.set(key, Object.keys(stored).sort().join(' '));
        }
        found = Object.hasOwn(stored, page.key) ? fromStored(stored[page.key]) : undefined;
      }
      if (found) next.set(page.key, found);
      else missing.push(page);
    }
  }
  const fresh = new Set(missing);
  // Only text and headings are read: the bodies' links need not be resolved again. A batch at a
  // time: a whole body is many times what is kept of it (the corpus's 10,000 bodies are 170 million
  // characters), and only what is kept need stay.
  for (let at = 0; at < missing.length; at += LOAD_BATCH) {
    const batch = missing.slice(at, at + LOAD_BATCH);
    const unread = taken ? batch.filter((page) => !taken.has(page.key)) : batch;
    const bodies = unread.length ? await texts(unread.map((page) => page.file)) : undefined;
    for (const page of batch) next.set(page.key, taken?.get(page.key) ?? keptOf(page, page.section, bodies?.get(page.file)));
  }
  if (cache && !sameProcess) {
    for (const [bucket, list] of byBucket) {
      const key = bucketKey(cacheSalt, buckets, bucket);
      const keys = list.map((page) => page.key).sort();
      const signature = keys.join(' ');
      if (onDisk.get(key) === signature && !list.some((page) => fresh.has(page))) continue;
      const entry: Record<string, Stored> = {};
      for (const pageKey of keys) entry[pageKey] = toStored(next.get(pageKey)!);
      if (cache.set(CACHE, key, entry)) onDisk.set(key, signature);
    }
  }
  // A one-shot build's records go once the index is made: at 10,000 pages they were over 100 MB
  // held to the end of the build, when the reuse manifest and the stamp are written (its peak).
  remembered = lastRun ? new Map() : next;
  const cached = pages.map((page) => next.get(page.key)!);
  const { manifest, files } = buildSearchIndex(
    cached.map((page) => page.records),
    cached.map((page) => page.terms),
  );
  return [
    ...files.map((file) => ({ path: `${DIR}/${file.name}`, contents: file.contents, hashedName: true })),
    { path: MANIFEST_PATH, contents: JSON.stringify(manifest) },
  ];
}

/** The index being built on another thread, by the input `start` was given (emit takes it from there). */
const begun = new WeakMap<EmitInput, Promise<EmittedFile[]>>();

/** The thread cutting the records as the pages render (`watchBodies` from dist/), by the input it was given. */
const streamed = new WeakMap<EmitInput, RecordStream>();

/** FOLIO_SEARCH_THREAD=0 keeps the whole index in `emit`, on the main thread, reading the bodies back (the tests compare the ways). */
const offThread = () => process.env.FOLIO_SEARCH_THREAD !== '0';

export const searchEmitter: Emitter = {
  name: 'search',
  fingerprint: (input) => {
    if (!searchOptionsOf(input.config)) return 'off';
    return hashOf('search-v2', ...indexedRoutes(input).map((page) => page.key)).slice(0, 20);
  },
  // A one-shot build whose bodies are all in memory (a cold build of a site up to ~1,000 pages)
  // builds its index in a worker thread while this one renders the pages: the worker gets the
  // bodies' text and headings, reads and writes the same cache buckets, and sends the files back.
  // A larger site's bodies live in the cache: `watchBodies` sends them to the thread as they render.
  start: (input) => {
    if (!searchOptionsOf(input.config) || remembered.size > 0 || !offThread()) return undefined;
    const file = workerEntry('search-worker');
    if (!file) return undefined;
    const pages = jobPagesOf(indexedRoutes(input));
    const held = input.heldText(pages.map((page) => page.file));
    if (!held || pages.length === 0) return undefined;
    const texts: SearchWorkerJob['texts'] = new Map();
    for (const [source, body] of held) texts.set(source, { html: body.html, headings: body.headings });
    const job: SearchWorkerJob = { pages, cacheDir: input.cache?.persistent ? input.cache.dir : undefined, cacheSalt: input.cacheSalt ?? '', texts };
    const { result, stop } = runInWorker<SearchWorkerJob, EmittedFile[]>(file, job);
    result.catch(() => {});
    begun.set(input, result);
    return () => {
      begun.delete(input);
      stop();
    };
  },
  // A larger one-shot build (bodies in the cache, this thread rendering alone) sends each body
  // renderPages has in hand to a thread of its own (record-stream.ts), which cuts the page's records
  // as it comes and builds the index at the end, instead of this thread reading every body back
  // after the pages and cutting them itself (10,000 pages: ~4 s of this thread's time, the records
  // no longer in its heap; bench/PROFILE.md). Only the pages whose cache bucket is missing (a cold
  // build, or a bucket of changed pages): those in a bucket that is there are most likely in it,
  // and are looked up there first (`indexFiles`), not cut again whenever a page renders (every page
  // does when the sidebar changes). From source (no worker entry), `emit` reads the bodies back.
  watchBodies: (input) => {
    if (!searchOptionsOf(input.config) || remembered.size > 0 || !offThread()) return undefined;
    const worker = workerEntry('search-worker');
    if (!worker) return undefined;
    const indexed = indexedRoutes(input);
    const buckets = bucketsFor(indexed.length);
    const stored = new Map<string, boolean>();
    const isStored = (bucket: string) => {
      let known = stored.get(bucket);
      if (known === undefined) stored.set(bucket, (known = input.cache?.has(CACHE, bucketKey(input.cacheSalt ?? '', buckets, bucket)) ?? false));
      return known;
    };
    const cut = indexed.filter((page) => !isStored(bucketOf(page.key, buckets)));
    if (cut.length === 0) return undefined;
    const files = new Set(cut.map((page) => page.route.source!.file));
    const job = {
      pages: jobPagesOf(indexed),
      cut: cut.map((page) => page.key),
      cacheDir: input.cache?.persistent ? input.cache.dir : undefined,
      cacheSalt: input.cacheSalt ?? '',
    };
    const stream = new RecordStream(worker, job, (need) => input.loadText(need));
    streamed.set(input, stream);
    return {
      onBody: (file, body) => {
        if (files.has(file)) stream.send(file, body);
      },
      stop: () => {
        streamed.delete(input);
        stream.stop();
      },
    };
  },
  emit: async (input): Promise<EmittedFile[]> => {
    if (!searchOptionsOf(input.config)) return [];
    const early = begun.get(input);
    if (early) {
      begun.delete(input);
      return early;
    }
    const stream = streamed.get(input);
    if (stream) {
      streamed.delete(input);
      return stream.end();
    }
    return indexFiles({ pages: jobPagesOf(indexedRoutes(input)), cache: input.cache, cacheSalt: input.cacheSalt ?? '', lastRun: input.lastRun }, (files) =>
      input.loadText(files),
    );
  },
};

/** What the worker is sent: the pages, their bodies' text and headings, and where the cache is. */
export interface SearchWorkerJob {
  pages: IndexJob['pages'];
  cacheDir: string | undefined;
  cacheSalt: string;
  texts: Map<string, Pick<CompiledContent, 'html' | 'headings'>>;
}
