/**
 * The search index as files (written by src/emitters/search, read by src/client/search):
 *
 * - `search/manifest.json` (fixed name, small): shard keys → file, record chunks, the record
 *   count and average length (BM25's global statistics);
 * - `search/t-<key>-<hash>.json`: the postings of every term starting with `<key>` (2 or 3 chars);
 * - `search/r-<n>-<hash>.json`: a run of pages with their sections' headings, anchors and text.
 *
 * A query fetches the manifest, one shard per query word and the record chunks its top results
 * sit in, never the whole index. Shard files hold no global statistic: their contents depend only
 * on their own terms' postings, so an edit of one page rewrites only the shards of the terms it
 * had or has (the browser computes BM25 with the manifest's figures).
 */

export const INDEX_VERSION = 2;
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

export interface SearchChunk {
  /** The chunk's pages from its first on: [title, url (route path, without the base URL), section label, sections]. */
  pages: [title: string, url: string, label: string, sections: [heading: string, anchor: string, text: string][]][];
}
