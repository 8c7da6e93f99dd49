/**
 * Builds the search index files (format: src/shared/search/format.ts) from the pages' records.
 * Scores are computed here, once: BM25 (k1 1.2, b 0.75) over each record's text, plus a bonus
 * (times the term's idf) when the term is in the record's heading or, for a page's intro, in the
 * page title; so the browser only adds numbers. Each term keeps its best MAX_POSTINGS records (a query shows a handful),
 * which bounds a shard on large sites; a shard over SPLIT_BYTES is split by the third character.
 */
import { hashOf } from '../../core/hash.js';
import { INDEX_VERSION, type SearchChunk, type SearchManifest, type SearchShard } from '../../shared/search/format.js';
import { eachToken } from '../../shared/search/tokenize.js';
import type { PageRecords } from './records.js';

const K1 = 1.2;
const B = 0.75;
const TITLE_BOOST = 4;
const HEADING_BOOST = 1.5;
const PART_WEIGHT = 0.5;
const MAX_POSTINGS = 1000;
const SPLIT_BYTES = 48_000;
const CHUNK_CHARS = 12_000;
const PACK_BYTES = 12_000;

/** The MAX_POSTINGS best-scored records of a flat [id, score, …] list, in id order. */
function prune(list: number[]): number[] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < list.length; i += 2) pairs.push([list[i], list[i + 1]]);
  pairs.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return pairs
    .slice(0, MAX_POSTINGS)
    .sort((a, b) => a[0] - b[0])
    .flat();
}

/** About the JSON size of a shard, without serialising it. */
function sizeOf(shard: SearchShard): number {
  let size = 0;
  for (const term in shard) size += term.length + 4 + shard[term].length * 3;
  return size;
}

export interface IndexFile {
  /** File name inside /assets/search/. */
  name: string;
  contents: string;
}

/** Shard keys become file names: keep [a-z0-9], spell anything else as its code point. */
const fileKey = (key: string) => [...key].map((char) => (/^[a-z0-9]$/.test(char) ? char : `_${char.codePointAt(0)!.toString(16)}`)).join('');
const named = (prefix: string, contents: string): IndexFile => ({ name: `${prefix}-${hashOf(contents).slice(0, 10)}.json`, contents });

export function buildSearchIndex(pages: readonly PageRecords[]): { manifest: SearchManifest; files: IndexFile[] } {
  // Per record: body term frequencies, and the terms of its heading and (intro only) page title.
  const frequencies: Map<string, number>[] = [];
  const fields: Map<string, number>[] = [];
  const lengths: number[] = [];
  for (const page of pages) {
    page.sections.forEach((section, position) => {
      const tf = new Map<string, number>();
      let length = 0;
      eachToken(section.text, (term, part) => {
        tf.set(term, (tf.get(term) ?? 0) + (part ? PART_WEIGHT : 1));
        if (!part) length++;
      });
      // A heading or title word counts once, as a bonus of its own (not as more body
      // frequency, which BM25 saturates): a page titled "Kafka" outranks a long page about it.
      const bonus = new Map<string, number>();
      const add = (text: string, weight: number) =>
        eachToken(text, (term, part) => bonus.set(term, Math.max(bonus.get(term) ?? 0, part ? weight * PART_WEIGHT : weight)));
      add(section.heading, HEADING_BOOST);
      if (position === 0) add(page.title, TITLE_BOOST);
      for (const term of bonus.keys()) if (!tf.has(term)) tf.set(term, 0);
      frequencies.push(tf);
      fields.push(bonus);
      lengths.push(length);
    });
  }
  const total = frequencies.length;
  const average = lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, total) || 1;
  // Term → [id, weighted count, id, weighted count, …] in record order.
  const postings = new Map<string, number[]>();
  frequencies.forEach((tf, id) => {
    for (const [term, count] of tf) {
      const list = postings.get(term);
      if (list) list.push(id, count);
      else postings.set(term, [id, count]);
    }
  });
  const norms = lengths.map((length) => K1 * (1 - B + (B * length) / average));
  const shards = new Map<string, SearchShard>();
  for (const term of [...postings.keys()].sort()) {
    const list = postings.get(term)!;
    const df = list.length / 2;
    const idf = Math.log(1 + (total - df + 0.5) / (df + 0.5));
    for (let i = 0; i < list.length; i += 2) {
      const id = list[i];
      const count = list[i + 1];
      const body = count > 0 ? (count * (K1 + 1)) / (count + norms[id]) : 0;
      list[i + 1] = Math.max(1, Math.round(100 * idf * (body + (fields[id].get(term) ?? 0))));
    }
    const kept = df > MAX_POSTINGS ? prune(list) : list;
    // Ids as gaps from the previous one: smaller numbers, smaller files.
    for (let i = kept.length - 2; i > 0; i -= 2) kept[i] -= kept[i - 2];
    const key = term.slice(0, 2);
    let shard = shards.get(key);
    if (!shard) shards.set(key, (shard = {}));
    shard[term] = kept;
  }
  const files: IndexFile[] = [];
  const manifestShards: Record<string, string> = {};
  // Small shards of neighbouring keys share a file (a small site would otherwise write hundreds of
  // tiny files); the manifest names the file of every key.
  let pack: { keys: string[]; terms: SearchShard; size: number } = { keys: [], terms: {}, size: 0 };
  const flushPack = () => {
    if (!pack.keys.length) return;
    const file = named(`t-${fileKey(pack.keys[0])}`, JSON.stringify(pack.terms));
    files.push(file);
    for (const key of pack.keys) manifestShards[key] = file.name;
    pack = { keys: [], terms: {}, size: 0 };
  };
  const addShard = (key: string, shard: SearchShard, size: number) => {
    if (pack.size + size > PACK_BYTES) flushPack();
    pack.keys.push(key);
    Object.assign(pack.terms, shard);
    pack.size += size;
  };
  for (const [key, shard] of shards) {
    const size = sizeOf(shard);
    if (size <= SPLIT_BYTES) {
      addShard(key, shard, size);
      continue;
    }
    // Too big: terms of 3+ characters go to a shard per third character; 2-letter terms stay.
    const split = new Map<string, SearchShard>([[key, {}]]);
    for (const [term, list] of Object.entries(shard)) {
      const sub = term.length > 2 ? term.slice(0, 3) : key;
      let target = split.get(sub);
      if (!target) split.set(sub, (target = {}));
      target[term] = list;
    }
    for (const [sub, part] of split) addShard(sub, part, sizeOf(part));
  }
  flushPack();
  // Record chunks: consecutive records until about CHUNK_CHARS of text.
  const chunks: [number, string][] = [];
  let chunk: SearchChunk = { pages: {}, records: [] };
  let first = 0;
  let size = 0;
  let id = 0;
  const flush = () => {
    if (!chunk.records.length) return;
    const file = named(`r-${chunks.length}`, JSON.stringify(chunk));
    files.push(file);
    chunks.push([first, file.name]);
    chunk = { pages: {}, records: [] };
    first = id;
    size = 0;
  };
  pages.forEach((page, pageId) => {
    for (const section of page.sections) {
      if (size > CHUNK_CHARS) flush();
      chunk.pages[pageId] ??= [page.title, page.url, page.label];
      chunk.records.push([pageId, section.heading, section.anchor, section.text]);
      size += section.text.length + section.heading.length + 20;
      id++;
    }
  });
  flush();
  const manifest: SearchManifest = { v: INDEX_VERSION, shards: manifestShards, chunks, pages: pages.map((page) => page.sections.length) };
  return { manifest, files };
}
