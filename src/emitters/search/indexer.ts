/**
 * Builds the search index files (format: src/shared/search/format.ts) from the pages' records.
 * Scores are computed here, once: BM25 (k1 1.2, b 0.75) over each record's text, plus a bonus
 * (times the term's idf) when the term is in the record's heading or, for a page's intro, in the
 * page title; so the browser only adds numbers. Each term keeps its best MAX_POSTINGS records (a
 * query shows a handful), which bounds a shard on large sites; a shard over SPLIT_BYTES is split
 * by the third character, and small neighbouring shards share a file.
 *
 * Large sites have millions of (term, record) pairs: they are kept in flat typed arrays, not in
 * a Map or an array per record, which the garbage collector would spend most of the time on.
 */
import { hashOf } from '../../core/hash.js';
import { INDEX_VERSION, type SearchChunk, type SearchManifest } from '../../shared/search/format.js';
import { eachToken } from '../../shared/search/tokenize.js';
import type { PageRecords } from './records.js';

const K1 = 1.2;
const B = 0.75;
const TITLE_BOOST = 4;
const HEADING_BOOST = 1.5;
const PART_WEIGHT = 0.5;
const MAX_POSTINGS = 1000;
const SPLIT_BYTES = 48_000;
const CHUNK_CHARS = 4_000;
/** Text kept per section for its excerpt (all of it is indexed): a query fetches less. */
const STORED_TEXT = 1_500;
const PACK_BYTES = 12_000;

export interface IndexFile {
  /** File name inside /assets/search/. */
  name: string;
  contents: string;
}

/** Shard keys become file names: keep [a-z0-9], spell anything else as its code point. */
const fileKey = (key: string) => [...key].map((char) => (/^[a-z0-9]$/.test(char) ? char : `_${char.codePointAt(0)!.toString(16)}`)).join('');
const named = (prefix: string, contents: string): IndexFile => ({ name: `${prefix}-${hashOf(contents).slice(0, 10)}.json`, contents });

/** Growable flat columns of (term, record, body count, bonus) pairs. */
class Pairs {
  length = 0;
  term = new Int32Array(1 << 14);
  record = new Int32Array(1 << 14);
  count = new Float32Array(1 << 14);
  bonus = new Float32Array(1 << 14);
  push(term: number, record: number, count: number, bonus: number): void {
    if (this.length === this.term.length) {
      const grow = <T extends Int32Array | Float32Array>(array: T): T => {
        const bigger = new (array.constructor as new (size: number) => T)(array.length * 2);
        bigger.set(array);
        return bigger;
      };
      this.term = grow(this.term);
      this.record = grow(this.record);
      this.count = grow(this.count);
      this.bonus = grow(this.bonus);
    }
    const at = this.length++;
    this.term[at] = term;
    this.record[at] = record;
    this.count[at] = count;
    this.bonus[at] = bonus;
  }
}

export function buildSearchIndex(pages: readonly PageRecords[]): { manifest: SearchManifest; files: IndexFile[] } {
  const termIds = new Map<string, number>();
  const terms: string[] = [];
  const idOf = (term: string) => {
    let id = termIds.get(term);
    if (id === undefined) {
      id = terms.length;
      termIds.set(term, id);
      terms.push(term);
    }
    return id;
  };
  const pairs = new Pairs();
  const lengths: number[] = [];
  // Reused for every record: term id → body count, term id → heading/title bonus.
  const tf = new Map<number, number>();
  const bonus = new Map<number, number>();
  let record = 0;
  for (const page of pages) {
    page.sections.forEach((section, position) => {
      tf.clear();
      bonus.clear();
      let length = 0;
      eachToken(section.text, (term, part) => {
        const id = idOf(term);
        tf.set(id, (tf.get(id) ?? 0) + (part ? PART_WEIGHT : 1));
        if (!part) length++;
      });
      // A heading or title word counts once, as a bonus of its own (not as more body
      // frequency, which BM25 saturates): a page titled "Kafka" outranks a long page about it.
      const add = (text: string, weight: number) =>
        eachToken(text, (term, part) => {
          const id = idOf(term);
          bonus.set(id, Math.max(bonus.get(id) ?? 0, part ? weight * PART_WEIGHT : weight));
        });
      add(section.heading, HEADING_BOOST);
      if (position === 0) add(page.title, TITLE_BOOST);
      for (const [id, count] of tf) pairs.push(id, record, count, bonus.get(id) ?? 0);
      for (const [id, value] of bonus) if (!tf.has(id)) pairs.push(id, record, 0, value);
      lengths.push(length);
      record++;
    });
  }
  const total = record;
  const average = lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, total) || 1;
  const norms = Float64Array.from(lengths, (length) => K1 * (1 - B + (B * length) / average));

  // Group the pairs by term (a stable counting sort: records stay in order within a term).
  const starts = new Int32Array(terms.length + 1);
  for (let i = 0; i < pairs.length; i++) starts[pairs.term[i] + 1]++;
  for (let t = 0; t < terms.length; t++) starts[t + 1] += starts[t];
  const next = starts.slice(0, terms.length);
  const order = new Int32Array(pairs.length);
  for (let i = 0; i < pairs.length; i++) order[next[pairs.term[i]]++] = i;

  // Each term's postings as JSON text ("term":[gap,score,…]), by shard key.
  const shards = new Map<string, { term: string; json: string }[]>();
  const scores = new Float64Array(total);
  for (const term of [...terms].sort()) {
    const t = termIds.get(term)!;
    const from = starts[t];
    const to = starts[t + 1];
    const df = to - from;
    const idf = Math.log(1 + (total - df + 0.5) / (df + 0.5));
    for (let k = from; k < to; k++) {
      const i = order[k];
      const count = pairs.count[i];
      const body = count > 0 ? (count * (K1 + 1)) / (count + norms[pairs.record[i]]) : 0;
      scores[k - from] = Math.max(1, Math.round(100 * idf * (body + pairs.bonus[i])));
    }
    // Over MAX_POSTINGS: only records scoring at least the MAX_POSTINGS-th best score.
    let threshold = 0;
    if (df > MAX_POSTINGS) threshold = scores.slice(0, df).sort()[df - MAX_POSTINGS];
    const out: number[] = [];
    let last = 0;
    let kept = 0;
    for (let k = from; k < to && kept < MAX_POSTINGS; k++) {
      const score = scores[k - from];
      if (score < threshold) continue;
      const id = pairs.record[order[k]];
      out.push(id - last, score);
      last = id;
      kept++;
    }
    const key = term.slice(0, 2);
    let list = shards.get(key);
    if (!list) shards.set(key, (list = []));
    list.push({ term, json: `${JSON.stringify(term)}:[${out.join(',')}]` });
  }

  const files: IndexFile[] = [];
  const manifestShards: Record<string, string> = {};
  // Small shards of neighbouring keys share a file (a small site would otherwise write hundreds of
  // tiny files); the manifest names the file of every key.
  let pack: { keys: string[]; parts: string[]; size: number } = { keys: [], parts: [], size: 0 };
  const flushPack = () => {
    if (!pack.keys.length) return;
    const file = named(`t-${fileKey(pack.keys[0])}`, `{${pack.parts.join(',')}}`);
    files.push(file);
    for (const key of pack.keys) manifestShards[key] = file.name;
    pack = { keys: [], parts: [], size: 0 };
  };
  const addShard = (key: string, entries: { json: string }[]) => {
    const size = entries.reduce((sum, entry) => sum + entry.json.length + 1, 0);
    if (pack.size + size > PACK_BYTES) flushPack();
    pack.keys.push(key);
    for (const entry of entries) pack.parts.push(entry.json);
    pack.size += size;
  };
  for (const [key, entries] of shards) {
    const size = entries.reduce((sum, entry) => sum + entry.json.length + 1, 0);
    if (size <= SPLIT_BYTES) {
      addShard(key, entries);
      continue;
    }
    // Too big: terms of 3+ characters go to a shard per third character; 2-letter terms stay.
    const split = new Map<string, { json: string }[]>([[key, []]]);
    for (const entry of entries) {
      const sub = entry.term.length > 2 ? entry.term.slice(0, 3) : key;
      let target = split.get(sub);
      if (!target) split.set(sub, (target = []));
      target.push(entry);
    }
    for (const [sub, part] of split) addShard(sub, part);
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
      const text = section.text.slice(0, STORED_TEXT);
      chunk.records.push([pageId, section.heading, section.anchor, text]);
      size += text.length + section.heading.length + 20;
      id++;
    }
  });
  flush();
  const manifest: SearchManifest = { v: INDEX_VERSION, shards: manifestShards, chunks, pages: pages.map((page) => page.sections.length) };
  return { manifest, files };
}
