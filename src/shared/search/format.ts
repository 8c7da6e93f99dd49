/**
 * The search index as files (written by src/emitters/search, read by src/client/search):
 *
 * - `search/manifest.json` (fixed name, small): shard keys → file, record chunks, page sizes;
 * - `search/t-<key>-<hash>.json`: the postings of every term starting with `<key>` (2 or 3 chars);
 * - `search/r-<n>-<hash>.json`: a run of records (sections) with their pages' titles and URLs.
 *
 * A query fetches the manifest, one shard per query word and the record chunks its top results
 * sit in, never the whole index.
 */

export const INDEX_VERSION = 1;
export const MANIFEST_PATH = '/assets/search/manifest.json';

export interface SearchManifest {
  v: number;
  /** Shard key (first 2 or 3 characters of a term) → file name in /assets/search/. */
  shards: Record<string, string>;
  /** Record chunk files in order, each with the id of its first record. */
  chunks: [first: number, file: string][];
  /** Number of records of each page, in page order: record ids are handed out page by page. */
  pages: number[];
}

/**
 * Term → postings, flat: record id gaps and precomputed scores alternating
 * (`[id0, score0, id1 - id0, score1, …]`). Scores are BM25 with field boosts, ×100, rounded.
 */
export type SearchShard = Record<string, number[]>;

export interface SearchChunk {
  /** Page id → [title, url (route path, without the base URL), section label]. */
  pages: Record<string, [title: string, url: string, label: string]>;
  /** Records in id order from the chunk's first: [page id, heading ('' for the intro), anchor, text]. */
  records: [page: number, heading: string, anchor: string, text: string][];
}
