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
import { hashOf } from '../../core/hash.js';
import { MANIFEST_PATH } from '../../shared/search/format.js';
import type { Route } from '../../routes/types.js';
import type { EmitInput, EmittedFile, Emitter } from '../types.js';
import { buildSearchIndex, STORED_TEXT, termsOfPage, type PageTerms } from './indexer.js';
import { pageRecordsOf, searchOptionsOf, searchSectionOf, type PageRecords, type SearchSection } from './records.js';

const DIR = MANIFEST_PATH.slice(0, MANIFEST_PATH.lastIndexOf('/'));

interface Indexed {
  route: Route;
  section: SearchSection;
  key: string;
}

function indexedRoutes({ config, table, bodies }: Pick<EmitInput, 'config' | 'table' | 'bodies'>): Indexed[] {
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
interface Cached {
  records: PageRecords;
  terms: PageTerms;
}

/** By page key, kept between runs in one process; entries of pages gone are dropped each run. */
let remembered = new Map<string, Cached>();

const CACHE = 'search';
const cacheKey = (input: EmitInput, page: Indexed) => hashOf('search-records-3', input.cacheSalt ?? '', page.key).slice(0, 32);

export const searchEmitter: Emitter = {
  name: 'search',
  fingerprint: (input) => {
    if (!searchOptionsOf(input.config)) return 'off';
    return hashOf('search-v2', ...indexedRoutes(input).map((page) => page.key)).slice(0, 20);
  },
  emit: async (input): Promise<EmittedFile[]> => {
    if (!searchOptionsOf(input.config)) return [];
    const pages = indexedRoutes(input);
    const next = new Map<string, Cached>();
    const missing: Indexed[] = [];
    for (const page of pages) {
      const found = remembered.get(page.key) ?? input.cache?.get<Cached>(CACHE, cacheKey(input, page));
      if (found) next.set(page.key, found);
      else missing.push(page);
    }
    await input.load(missing.map((page) => page.route.source!.file));
    for (const page of missing) {
      const records = pageRecordsOf(page.route, page.section, input.compiled.get(page.route.source!.file));
      // Once tokenised, only the text an excerpt shows is kept.
      const found = {
        records: { ...records, sections: records.sections.map((section) => ({ ...section, text: section.text.slice(0, STORED_TEXT) })) },
        terms: termsOfPage(records),
      };
      next.set(page.key, found);
      input.cache?.set(CACHE, cacheKey(input, page), found);
    }
    remembered = next;
    const cached = pages.map((page) => next.get(page.key)!);
    const { manifest, files } = buildSearchIndex(
      cached.map((page) => page.records),
      cached.map((page) => page.terms),
    );
    return [
      ...files.map((file) => ({ path: `${DIR}/${file.name}`, contents: file.contents, hashedName: true })),
      { path: MANIFEST_PATH, contents: JSON.stringify(manifest) },
    ];
  },
};
