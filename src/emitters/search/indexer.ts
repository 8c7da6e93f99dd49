/**
 * Builds the search index files (format: src/shared/search/format.ts) from the pages' records.
 * A shard holds, per term, its document frequency and per posting what BM25 needs (body count,
 * a heading/title bonus, the record's length); the record count and average length go in the
 * manifest and the browser scores (k1 1.2, b 0.75). So a shard's file depends only on its own
 * terms' postings: an edit of one page changes the shards of that page's terms and its record
 * chunk, not every file (watch mode writes less, and a browser keeps the rest in its cache).
 *
 * For the same reason, files are cut by content, not by running sizes: record ids are (page,
 * section), small shards are packed with their neighbours up to a key that ends a pack (by a hash
 * of the key) and chunks of pages end at a page whose URL ends one; a size cap bounds both, and
 * a change of size moves a boundary only up to the next such key.
 *
 * Each term keeps its best MAX_POSTINGS records (a query shows a handful), which bounds a shard
 * on large sites; a shard over SPLIT_BYTES is split by the third character.
 *
 * Large sites have millions of (term, record) pairs: they are kept in flat typed arrays, not in
 * a Map or an array per record, which the garbage collector would spend most of the time on.
 */
import { hashOf } from '../../core/hash.js';
import { B, INDEX_VERSION, K1, RECORD_PAGE, type SearchChunk, type SearchManifest } from '../../shared/search/format.js';
import { eachToken, eachTokenOfWord, wordsOf } from '../../shared/search/tokenize.js';
import type { PageRecords } from './records.js';

const TITLE_BOOST = 4;
const HEADING_BOOST = 1.5;
const PART_WEIGHT = 0.5;
const MAX_POSTINGS = 1000;
const SPLIT_BYTES = 48_000;
/** A chunk of pages ends at a page that ends one once it has CHUNK_MIN characters, and always past CHUNK_MAX. */
const CHUNK_MIN = 6_000;
const CHUNK_MAX = 16_000;
/** Text kept per section for its excerpt (all of it is indexed): a query fetches less. */
export const STORED_TEXT = 500;
/** Packs of small shards: ended by a key that ends one once PACK_MIN bytes are in, always past PACK_BYTES. */
const PACK_MIN = 4_000;
const PACK_BYTES = 12_000;

export interface IndexFile {
  /** File name inside /assets/search/. */
  name: string;
  contents: string;
}

/** Shard keys become file names: keep [a-z0-9], spell anything else as its code point. */
const fileKey = (key: string) => [...key].map((char) => (/^[a-z0-9]$/.test(char) ? char : `_${char.codePointAt(0)!.toString(16)}`)).join('');
const named = (prefix: string, contents: string): IndexFile => ({ name: `${prefix}-${hashOf(contents).slice(0, 10)}.json`, contents });

/** A cheap hash of a string (FNV-1a): which keys and pages end a pack or chunk. */
function ends(text: string, every: number): boolean {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % every === 0;
}

/** Growable flat columns of (term, record, body count, bonus) pairs. */
class Pairs {
  length = 0;
  term: Int32Array;
  record: Int32Array;
  count: Float32Array;
  bonus: Float32Array;
  /** `capacity`: the number of pairs when known (growing copies the columns again and again). */
  constructor(capacity = 1 << 14) {
    const size = Math.max(16, capacity);
    this.term = new Int32Array(size);
    this.record = new Int32Array(size);
    this.count = new Float32Array(size);
    this.bonus = new Float32Array(size);
  }
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

/**
 * The terms of a page, per section: `[length in words, the terms joined by spaces, body count × 2
 * and bonus × 4 of each term in turn]`. The costly part of indexing (tokenising), kept with the
 * page's records in the cache so that only changed pages are tokenised again.
 */
export type PageTerms = [length: number, terms: string, weights: number[]][];

/**
 * The tokens of a word, flat (`term, part, term, part…`), remembered: words repeat (a site uses a
 * few thousand words again and again), and a lookup is cheaper than the tokeniser's expressions.
 * Bounded: cleared when it holds MEMO_WORDS words.
 */
const memo = new Map<string, (string | boolean)[]>();
const MEMO_WORDS = 200_000;
function tokensOf(word: string): (string | boolean)[] {
  let tokens = memo.get(word);
  if (!tokens) {
    if (memo.size >= MEMO_WORDS) memo.clear();
    const found: (string | boolean)[] = [];
    eachTokenOfWord(word, (term, part) => found.push(term, part));
    memo.set(word, (tokens = found));
  }
  return tokens;
}

export function termsOfPage(page: PageRecords): PageTerms {
  const tf = new Map<string, number>();
  const bonus = new Map<string, number>();
  // A record id is page × RECORD_PAGE + section: sections past that are left out.
  return page.sections.slice(0, RECORD_PAGE).map((section, position) => {
    tf.clear();
    bonus.clear();
    let length = 0;
    for (const word of wordsOf(section.text)) {
      const tokens = tokensOf(word);
      for (let i = 0; i < tokens.length; i += 2) {
        const term = tokens[i] as string;
        const part = tokens[i + 1] as boolean;
        tf.set(term, (tf.get(term) ?? 0) + (part ? PART_WEIGHT : 1));
        if (!part) length++;
      }
    }
    // A heading or title word counts once, as a bonus of its own (not as more body
    // frequency, which BM25 saturates): a page titled "Kafka" outranks a long page about it.
    const add = (text: string, weight: number) =>
      eachToken(text, (term, part) => {
        bonus.set(term, Math.max(bonus.get(term) ?? 0, part ? weight * PART_WEIGHT : weight));
      });
    add(section.heading, HEADING_BOOST);
    if (position === 0) add(page.title, TITLE_BOOST);
    const terms: string[] = [];
    const weights: number[] = [];
    for (const [term, count] of tf) {
      terms.push(term);
      weights.push(Math.round(count * 2), Math.round((bonus.get(term) ?? 0) * 4));
    }
    for (const [term, value] of bonus) {
      if (tf.has(term)) continue;
      terms.push(term);
      weights.push(0, Math.round(value * 4));
    }
    return [length, terms.join(' '), weights];
  });
}

/** The index of these pages; `pageTerms` (termsOfPage of each, in the same order) when known. */
export function buildSearchIndex(pages: readonly PageRecords[], pageTerms?: readonly PageTerms[]): { manifest: SearchManifest; files: IndexFile[] } {
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
  const pageTermsOf = pageTerms?.length === pages.length ? pageTerms : pages.map(termsOfPage);
  let known = 0;
  for (const page of pageTermsOf) for (const section of page) known += section[2].length / 2;
  const pairs = new Pairs(known);
  // Per record (numbered in order here): its page, its section in the page, its length.
  const recordPage: number[] = [];
  const recordSection: number[] = [];
  const lengths: number[] = [];
  let record = 0;
  pages.forEach((_page, pageId) => {
    pageTermsOf[pageId].forEach(([length, words, weights], position) => {
      if (words)
        words.split(' ').forEach((term, i) => {
          pairs.push(idOf(term), record, weights[2 * i] / 2, weights[2 * i + 1] / 4);
        });
      recordPage.push(pageId);
      recordSection.push(position);
      lengths.push(length);
      record++;
    });
  });
  const total = record;
  const average = lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, total) || 1;

  // Group the pairs by term (a stable counting sort: records stay in order within a term).
  const starts = new Int32Array(terms.length + 1);
  for (let i = 0; i < pairs.length; i++) starts[pairs.term[i] + 1]++;
  for (let t = 0; t < terms.length; t++) starts[t + 1] += starts[t];
  const next = starts.slice(0, terms.length);
  const order = new Int32Array(pairs.length);
  for (let i = 0; i < pairs.length; i++) order[next[pairs.term[i]]++] = i;

  // Each term's postings as JSON text ("term":[df,…]), by shard key.
  const shards = new Map<string, { term: string; json: string }[]>();
  const scores = new Float64Array(total);
  for (const term of [...terms].sort()) {
    const t = termIds.get(term)!;
    const from = starts[t];
    const to = starts[t + 1];
    const df = to - from;
    // Over MAX_POSTINGS: only the records scoring at least the MAX_POSTINGS-th best, by a score
    // from this term's own postings (their average length): the choice stays local to the shard.
    let threshold = -1;
    if (df > MAX_POSTINGS) {
      let sum = 0;
      for (let k = from; k < to; k++) sum += lengths[pairs.record[order[k]]];
      const local = sum / df || 1;
      for (let k = from; k < to; k++) {
        const i = order[k];
        const count = pairs.count[i];
        const norm = K1 * (1 - B + (B * lengths[pairs.record[i]]) / local);
        scores[k - from] = (count > 0 ? (count * (K1 + 1)) / (count + norm) : 0) + pairs.bonus[i];
      }
      threshold = scores.slice(0, df).sort()[df - MAX_POSTINGS];
    }
    const out: number[] = [df];
    let lastPage = 0;
    let kept = 0;
    for (let k = from; k < to && kept < MAX_POSTINGS; k++) {
      if (threshold >= 0 && scores[k - from] < threshold) continue;
      const i = order[k];
      const id = pairs.record[i];
      out.push(recordPage[id] - lastPage, recordSection[id], pairs.count[i] * 2, pairs.bonus[i] * 4, lengths[id]);
      lastPage = recordPage[id];
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
    // A large shard has a file of its own.
    if (size > PACK_BYTES) flushPack();
    pack.keys.push(key);
    for (const entry of entries) pack.parts.push(entry.json);
    pack.size += size;
    if (pack.size > PACK_BYTES || (pack.size >= PACK_MIN && ends(key, 4))) flushPack();
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

  // Record chunks: runs of whole pages, ended by a page whose URL ends one (see the top).
  const chunks: [number, string][] = [];
  let chunk: SearchChunk = { pages: [] };
  let first = 0;
  let size = 0;
  const flush = (nextPage: number) => {
    if (!chunk.pages.length) return;
    const file = named(`r-${first}`, JSON.stringify(chunk));
    files.push(file);
    chunks.push([first, file.name]);
    chunk = { pages: [] };
    first = nextPage;
    size = 0;
  };
  pages.forEach((page, pageId) => {
    const sections = page.sections.slice(0, RECORD_PAGE).map((section): [string, string, string] => {
      const text = section.text.slice(0, STORED_TEXT);
      size += text.length + section.heading.length + section.anchor.length + 10;
      return [section.heading, section.anchor, text];
    });
    chunk.pages.push([page.title, page.url, page.label, sections]);
    size += page.title.length + page.url.length + 20;
    if (size > CHUNK_MAX || (size >= CHUNK_MIN && ends(page.url, 3))) flush(pageId + 1);
  });
  flush(pages.length);
  const manifest: SearchManifest = { v: INDEX_VERSION, n: total, avg: Math.round(average * 1000) / 1000, shards: manifestShards, chunks };
  return { manifest, files };
}
