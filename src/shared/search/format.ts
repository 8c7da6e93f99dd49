/**
 * The search index as files (written by src/emitters/search, read by src/client/search):
 *
 * - `search/manifest.json` (fixed name, small): shard keys → file, record chunks, the record
 *   count and average length (BM25's global statistics);
 * - `search/t-<key>-<hash>.json`: the postings of every term starting with `<key>` (2 or 3 chars);
 * - `search/h-<hash>.json`, on a site whose heads fit in HEADS_MAX characters: every page's title,
 *   URL, label and sections' headings and anchors, fetched when search opens;
 * - `search/r-<n>-<hash>.json`: a run of pages with their sections' text (and, without a heads
 *   file, their heads as well).
 *
 * A query fetches the manifest, one shard per query word and the record chunks its top results
 * sit in, never the whole index. With a heads file the results are shown from the shards alone
 * (titles and sections, ranked) while the chunks with their excerpts are on their way: each file
 * a query waits for costs the browser ~10 ms even on a local server, and a query's pages are
 * spread over most chunks. Shard files hold no global statistic: their contents depend only
 * on their own terms' postings, so an edit of one page rewrites only the shards of the terms it
 * had or has (the browser computes BM25 with the manifest's figures).
 */

export const INDEX_VERSION = 3;
export const MANIFEST_PATH = '/assets/search/manifest.json';

/** A record (one section of one page) as one number: page id × RECORD_PAGE + section index. */
export const RECORD_PAGE = 65_536;

export interface SearchManifest {
  v: number;
  /** Number of records (sections) in the index. */
  n: number;
  /** Average record length in words. */
  avg: number;
  /** Shard key (first 2 or 3 characters of a term) → file name in /assets/search/. */
  shards: Record<string, string>;
  /** Record chunk files in page order, each with the id of its first page. */
  chunks: [firstPage: number, file: string][];
  /** The heads file (SearchHeads), when the site has one: its chunks then hold text only. */
  heads?: string;
  /**
   * The characters outside ASCII in the pages' titles and headings (whole grapheme clusters, each
   * once, at most GLYPHS_MAX), absent when there are none. The dialog lays them out hidden, in
   * the results' styles, while nothing is typed yet: the fonts the browser has to look for (an
   * emoji's, a script the page's font lacks) are found before the results need them, not in the
   * results' first layout (this site's 13 emoji: 28 → 6 ms, median of 9).
   */
  glyphs?: string;
}

/** At most this many grapheme clusters in SearchManifest.glyphs (a font is found once for many). */
export const GLYPHS_MAX = 256;

/** The heads of a small site's pages in one file: see the top. */
export const HEADS_MAX = 64_000;

export type PageHead = [title: string, url: string, label: string, sections: [heading: string, anchor: string][]];

export interface SearchHeads {
  pages: PageHead[];
}

/**
 * Term → `[df, …postings]`: df is the number of records that have the term (more than the
 * postings when only the best were kept); then per posting five numbers, `page gap, section,
 * body count × 2, field bonus × 4, record length`.
 */
export type SearchShard = Record<string, number[]>;

/** BM25's parameters: the indexer picks a term's best postings with them, the browser scores. */
export const K1 = 1.2;
export const B = 0.75;

/** Numbers per posting in a shard. */
export const POSTING = 5;

/**
 * A chunk's pages from its first on. Without a heads file: [title, url (route path, without the
 * base URL), section label, sections]; with one: each page's sections' text, in the same order.
 */
export type SearchChunk =
  | { pages: [title: string, url: string, label: string, sections: [heading: string, anchor: string, text: string][]][] }
  | { texts: string[][] };
