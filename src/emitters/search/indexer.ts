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
import { B, GLYPHS_MAX, HEADS_MAX, INDEX_VERSION, K1, RECORD_PAGE, type PageHead, type SearchManifest } from '../../shared/search/format.js';
import { eachTokenOfWord, wordsOf } from '../../shared/search/tokenize.js';
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

/**
 * The `nth` smallest of `values[0..length)` (0-based), as sorting them would give; reorders them
 * (quickselect: linear on average, where a sort of a frequent term's scores was most of the time).
 */
function nthSmallest(values: Float64Array, length: number, nth: number): number {
  let low = 0;
  let high = length - 1;
  while (low < high) {
    const pivot = values[(low + high) >> 1];
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const swap = values[i];
        values[i++] = values[j];
        values[j--] = swap;
      }
    }
    if (nth <= j) high = j;
    else if (nth >= i) low = i;
    else return values[nth];
  }
  return values[nth];
}

/**
 * The terms of a page, per section: its length in words, its terms and each term's weight, a
 * weight being `body count × 2 × BONUS_SPAN + bonus × 4` (one number per term, not two). The
 * costly part of indexing (tokenising), kept with the page's records in the cache so that only
 * changed pages are tokenised again.
 *
 * Held as term ids of a vocabulary in one typed array per page, not as arrays of strings and
 * numbers per section: at 10,000 pages those were 290,000 arrays holding 6.6 million terms and
 * as many weights (106 MB of heap the garbage collector went through on every full collection,
 * and a Map lookup per term when the index was built). `data` is laid out as: the number of
 * sections; per section its length and its number of terms; every section's term ids in turn;
 * then their weights in the same order.
 */
export interface PageTerms {
  vocabulary: Vocabulary;
  data: Int32Array;
}
/** A page's terms per section, by name: `[length in words, the terms, each term's weight]` (what the cache stores). */
export type SectionTerms = [length: number, terms: string[], weights: number[]];

/** Term names by id, and ids by name: one per process until it holds MAX_TERMS (then a new one). */
interface Vocabulary {
  ids: Map<string, number>;
  names: string[];
}

/** A weight's bonus × 4 is at most TITLE_BOOST × 4 = 16: below BONUS_SPAN. */
export const BONUS_SPAN = 32;
const countOfWeight = (weight: number) => Math.floor(weight / BONUS_SPAN) / 2;
const bonusOfWeight = (weight: number) => (weight % BONUS_SPAN) / 4;

/**
 * Tokenising a site is millions of words, most of them seen before: every word met is kept with
 * its tokens as term ids (`id × 2 + 1` for a part), so a known word costs one Map lookup, and the
 * counts of a section live in arrays indexed by term id, not in a Map per section. Words are cut
 * by the regular expression engine (wordsOf) and looked up in a Map, both native, until the
 * process has tokenised SCAN_AFTER characters; past that, ASCII text is scanned by hand and its
 * words looked up in a table of their characters (eachAsciiWord): faster on a large site, once
 * compiled, but slower in the one cold build of a small one. The terms handed out are ids of the
 * vocabulary, which the index builder uses as they are. Bounded: the memo is dropped between two
 * pages once it holds MEMO_WORDS words, and a new vocabulary begun once MAX_TERMS terms are known
 * (terms cut before it are looked up in the new one by name when the index is built).
 */
const MEMO_WORDS = 200_000;
const NOT_ASCII = /[^\x00-\x7f]/;
const MAX_TERMS = 1_000_000;
let vocabulary: Vocabulary = { ids: new Map(), names: [] };
let memo = new Map<string, number[]>();
/** Per term id: the section's body count, its bonus, and in which section (a stamp) they were set. */
let tf = new Float64Array(1 << 12);
let bonus = new Float64Array(1 << 12);
let seen = new Int32Array(1 << 12);
let stamp = 0;
function grow<T extends Float64Array | Int32Array>(array: T, size: number): T {
  const bigger = new (array.constructor as new (size: number) => T)(size);
  bigger.set(array);
  return bigger;
}

function termId(term: string): number {
  let id = vocabulary.ids.get(term);
  if (id === undefined) {
    id = vocabulary.names.length;
    vocabulary.ids.set(term, id);
    vocabulary.names.push(term);
    if (id >= tf.length) {
      tf = grow(tf, tf.length * 2);
      bonus = grow(bonus, bonus.length * 2);
      seen = grow(seen, seen.length * 2);
    }
  }
  return id;
}

/**
 * The memo of ASCII words on a large site: an open-addressing hash table over the words'
 * characters, so a word seen before costs a scan of its characters, not a string (the regular
 * expression's match) and a Map lookup that hashes it: at 10,000 pages those strings were most of
 * the garbage collector's work. Entries: hash, start in `pool` (the words' characters), length.
 */
let slots = new Int32Array(1 << 12);
let entryHash = new Int32Array(1 << 10);
let entryStart = new Int32Array(1 << 10);
let entryLength = new Int32Array(1 << 10);
let entryTokens: number[][] = [];
let pool = new Uint8Array(1 << 14);
let poolUsed = 0;
/** ASCII_WORD's classes (tokenize.ts) by char code: 1 a letter or digit, 2 a joiner (`_`, `.`, `-`). */
const WORD_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) WORD_CLASS[c] = /[A-Za-z0-9]/.test(String.fromCharCode(c)) ? 1 : /[_.-]/.test(String.fromCharCode(c)) ? 2 : 0;
/**
 * Characters tokenised by this process before the table is used: below that (a small site's one
 * cold build) the native regular expression and Map win, as the table's code is not compiled yet.
 */
const SCAN_AFTER = 2_000_000;
let tokenised = 0;
/**
 * Slots looked at before a word is given up on and memoised in the Map instead: words written to
 * share a hash (FNV-1a is easy to collide on purpose) cannot make a lookup, or the table, quadratic.
 */
const MAX_PROBES = 64;

function clearWordTable(): void {
  slots = new Int32Array(1 << 12);
  entryTokens = [];
  poolUsed = 0;
}

/** The tokens of text[start, end), a word whose FNV-1a hash is `hash`: from the table, or tokenised and added. */
function tokensAt(text: string, start: number, end: number, hash: number): number[] {
  const length = end - start;
  let mask = slots.length - 1;
  let slot = hash & mask;
  let probes = 0;
  for (let entry = slots[slot] - 1; entry >= 0; entry = slots[slot] - 1) {
    if (entryHash[entry] === hash && entryLength[entry] === length) {
      const at = entryStart[entry];
      let k = 0;
      while (k < length && pool[at + k] === text.charCodeAt(start + k)) k++;
      if (k === length) return entryTokens[entry];
    }
    if (++probes > MAX_PROBES) return memoised(text.slice(start, end));
    slot = (slot + 1) & mask;
  }
  const found = tokensOfNewWord(text.slice(start, end));
  const entry = entryTokens.length;
  if (entry >= entryHash.length) {
    entryHash = grow(entryHash, entryHash.length * 2);
    entryStart = grow(entryStart, entryStart.length * 2);
    entryLength = grow(entryLength, entryLength.length * 2);
  }
  if (poolUsed + length > pool.length) {
    const bigger = new Uint8Array(Math.max(pool.length * 2, poolUsed + length));
    bigger.set(pool);
    pool = bigger;
  }
  for (let k = 0; k < length; k++) pool[poolUsed + k] = text.charCodeAt(start + k);
  entryHash[entry] = hash;
  entryStart[entry] = poolUsed;
  entryLength[entry] = length;
  entryTokens.push(found);
  poolUsed += length;
  slots[slot] = entry + 1;
  // At most half full: rehash into twice the slots.
  if ((entry + 1) * 2 > slots.length) {
    slots = new Int32Array(slots.length * 2);
    mask = slots.length - 1;
    for (let e = 0; e <= entry; e++) {
      let at = entryHash[e] & mask;
      while (slots[at] !== 0) at = (at + 1) & mask;
      slots[at] = e + 1;
    }
  }
  return found;
}

/** The words of an ASCII text as ASCII_WORD cuts them (tokenize.ts), each hashed as it is scanned. */
function eachAsciiWord(text: string, each: (tokens: number[]) => void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (WORD_CLASS[c] !== 1) {
      i++;
      continue;
    }
    const start = i;
    let hash = 0x811c9dc5 | 0;
    do {
      hash = Math.imul(hash ^ c, 0x01000193);
      c = ++i < n ? text.charCodeAt(i) : 0;
    } while (WORD_CLASS[c] === 1);
    // A joiner followed by a letter or digit goes on the word.
    while (WORD_CLASS[c] === 2 && i + 1 < n && WORD_CLASS[text.charCodeAt(i + 1)] === 1) {
      do {
        hash = Math.imul(hash ^ c, 0x01000193);
        c = ++i < n ? text.charCodeAt(i) : 0;
      } while (WORD_CLASS[c] === 1);
    }
    each(tokensAt(text, start, i, hash));
  }
}

/** A word's tokens as term ids (`id × 2 + 1` for a part). */
function tokensOfNewWord(word: string): number[] {
  const found: number[] = [];
  eachTokenOfWord(word, (term, part) => found.push(termId(term) * 2 + (part ? 1 : 0)));
  return found;
}

/** A word's tokens from the Map memo, tokenised and added when it is not there. */
function memoised(word: string): number[] {
  let tokens = memo.get(word);
  if (!tokens) memo.set(word, (tokens = tokensOfNewWord(word)));
  return tokens;
}

/** Calls `each` with the tokens of every word of `text` (wordsOf, tokenize.ts). */
function eachWord(text: string, each: (tokens: number[]) => void): void {
  if (tokenised > SCAN_AFTER && !NOT_ASCII.test(text)) {
    eachAsciiWord(text, each);
    return;
  }
  tokenised += text.length;
  for (const word of wordsOf(text)) each(memoised(word));
}

/** Begins a new vocabulary, as filling MAX_TERMS does (the terms already cut keep theirs). */
export function forgetVocabulary(): void {
  vocabulary = { ids: new Map(), names: [] };
  memo = new Map();
  clearWordTable();
}

/** A page's term ids and weights as termsOfPage gathers them (grown, reused from page to page). */
let pageIds = new Int32Array(1 << 12);
let pageWeights = new Int32Array(1 << 12);

export function termsOfPage(page: PageRecords): PageTerms {
  if (vocabulary.names.length >= MAX_TERMS) forgetVocabulary();
  else if (memo.size + entryTokens.length >= MEMO_WORDS) {
    memo = new Map();
    clearWordTable();
  }
  // A record id is page × RECORD_PAGE + section: sections past that are left out.
  const sections = page.sections.slice(0, RECORD_PAGE);
  const heads = new Int32Array(1 + sections.length * 2);
  heads[0] = sections.length;
  let count = 0;
  sections.forEach((section, position) => {
    // Stamps tell this section's entries from older ones (no clearing).
    if (++stamp === 0x7fffffff) {
      seen.fill(0);
      stamp = 1;
    }
    const order: number[] = [];
    let length = 0;
    eachWord(section.text, (tokens) => {
      for (let i = 0; i < tokens.length; i++) {
        const id = tokens[i] >> 1;
        const part = tokens[i] & 1;
        if (seen[id] !== stamp) {
          seen[id] = stamp;
          tf[id] = 0;
          bonus[id] = 0;
          order.push(id);
        }
        tf[id] += part ? PART_WEIGHT : 1;
        if (!part) length++;
      }
    });
    const bodyTerms = order.length;
    // A heading or title word counts once, as a bonus of its own (not as more body
    // frequency, which BM25 saturates): a page titled "Kafka" outranks a long page about it.
    const add = (text: string, weight: number) =>
      eachWord(text, (tokens) => {
        for (let i = 0; i < tokens.length; i++) {
          const id = tokens[i] >> 1;
          const value = tokens[i] & 1 ? weight * PART_WEIGHT : weight;
          if (seen[id] !== stamp) {
            seen[id] = stamp;
            tf[id] = 0;
            bonus[id] = 0;
            order.push(id);
          }
          if (value > bonus[id]) bonus[id] = value;
        }
      });
    add(section.heading, HEADING_BOOST);
    if (position === 0) add(page.title, TITLE_BOOST);
    heads[1 + position * 2] = length;
    heads[2 + position * 2] = order.length;
    if (count + order.length > pageIds.length) {
      const size = Math.max(pageIds.length * 2, count + order.length);
      pageIds = grow(pageIds, size);
      pageWeights = grow(pageWeights, size);
    }
    for (let i = 0; i < order.length; i++) {
      const id = order[i];
      pageIds[count + i] = id;
      pageWeights[count + i] = (i < bodyTerms ? Math.round(tf[id] * 2) * BONUS_SPAN : 0) + Math.round(bonus[id] * 4);
    }
    count += order.length;
  });
  // Sized once: this array is kept (with the page's records).
  const data = new Int32Array(heads.length + count * 2);
  data.set(heads);
  data.set(pageIds.subarray(0, count), heads.length);
  data.set(pageWeights.subarray(0, count), heads.length + count);
  return { vocabulary, data };
}

/** Calls `each` with every section of a page's terms: its length, and where its ids and weights are in `data`. */
function eachSection(terms: PageTerms, each: (length: number, ids: number, weights: number, count: number) => void): void {
  const { data } = terms;
  const sections = data[0];
  let total = 0;
  for (let k = 0; k < sections; k++) total += data[2 + k * 2];
  let ids = 1 + sections * 2;
  let weights = ids + total;
  for (let k = 0; k < sections; k++) {
    const count = data[2 + k * 2];
    each(data[1 + k * 2], ids, weights, count);
    ids += count;
    weights += count;
  }
}

/** A page's terms by name, per section (what the cache stores: names mean the same in every process). */
export function sectionTermsOf(terms: PageTerms): SectionTerms[] {
  return joinedTermsOf(terms, (words) => words);
}

/** The same with each section's terms joined by `join` (the cache's entry: one string per section). */
export function joinedTermsOf<T>(terms: PageTerms, join: (words: string[]) => T): [length: number, terms: T, weights: number[]][] {
  const {
    data,
    vocabulary: { names },
  } = terms;
  const sections: [number, T, number[]][] = [];
  eachSection(terms, (length, ids, weights, count) => {
    const words: string[] = new Array(count);
    const numbers: number[] = new Array(count);
    for (let i = 0; i < count; i++) {
      words[i] = names[data[ids + i]];
      numbers[i] = data[weights + i];
    }
    sections.push([length, join(words), numbers]);
  });
  return sections;
}

/** Terms by name (sectionTermsOf, read back from the cache) as term ids of this process's vocabulary. */
export function termsFromSections(sections: readonly SectionTerms[]): PageTerms {
  if (vocabulary.names.length >= MAX_TERMS) forgetVocabulary();
  let count = 0;
  for (const [, words] of sections) count += words.length;
  const data = new Int32Array(1 + sections.length * 2 + count * 2);
  data[0] = sections.length;
  let ids = 1 + sections.length * 2;
  let weights = ids + count;
  sections.forEach(([length, words, numbers], k) => {
    data[1 + k * 2] = length;
    data[2 + k * 2] = words.length;
    for (let i = 0; i < words.length; i++) {
      data[ids++] = termId(words[i]);
      data[weights++] = numbers[i];
    }
  });
  return { vocabulary, data };
}

/**
 * A cluster of characters drawn as one: a pair of regional indicators (a flag), or a character
 * outside ASCII (or an ASCII one that a mark or selector follows, a keycap's digit) with its
 * marks, variation selectors, skin tones, tag characters and what zero-width joiners join on.
 * A regular expression, not Intl.Segmenter: Node 20's segmenter is quadratic in the text's length
 * (a 40,000-character heading took 96 s); this is linear, and exact enough to find fonts by.
 */
const CLUSTER =
  /\p{RI}\p{RI}|(?:[^\x00-\x7f]|[\x00-\x7f](?=\p{M}|\uFE0F|\u20E3))(?:\p{M}|\u200C|\uFE0E|\uFE0F|\u20E3|[\u{1F3FB}-\u{1F3FF}]|[\u{E0020}-\u{E007F}]|\u200D[^\x00-\x7f])*/gu;

/**
 * SearchManifest.glyphs: the clusters (CLUSTER) with a character outside ASCII in the titles and
 * headings, each once, in the order met, at most GLYPHS_MAX.
 */
export function glyphsOf(pages: readonly PageRecords[]): string {
  const found = new Set<string>();
  const add = (text: string) => {
    if (!NOT_ASCII.test(text)) return;
    for (const [cluster] of text.matchAll(CLUSTER)) {
      if (/\S/u.test(cluster)) found.add(cluster);
      if (found.size >= GLYPHS_MAX) return;
    }
  };
  for (const page of pages) {
    add(page.title);
    for (const section of page.sections.slice(0, RECORD_PAGE)) {
      if (found.size >= GLYPHS_MAX) break;
      add(section.heading);
    }
    if (found.size >= GLYPHS_MAX) break;
  }
  return [...found].join('');
}

/**
 * Every (term, record) pair of the pages, grouped by term: per term (in `starts` order of the
 * dictionary's ids) its records in order and their weights. A function of its own so that the
 * pairs in page order (two arrays as long as the grouped ones: 48 MB at 10,000 pages) are garbage
 * once grouped, before the shards' JSON is written.
 */
function postingsByTerm(pageTermsOf: readonly PageTerms[]) {
  let known = 0;
  for (const { data } of pageTermsOf) for (let k = 0; k < data[0]; k++) known += data[2 + k * 2];
  const pairTerm = new Int32Array(known);
  const pairWeight = new Int32Array(known);
  // Per record (numbered in order here): its page, its section in the page, its length.
  const recordPage: number[] = [];
  const recordSection: number[] = [];
  const lengths: number[] = [];
  const recordEnd: number[] = [];
  let pair = 0;
  let lengthSum = 0;
  for (let pageId = 0; pageId < pageTermsOf.length; pageId++) {
    const page = pageTermsOf[pageId];
    const { data } = page;
    // Terms of an earlier vocabulary (one that filled up meanwhile) are looked up by name in this one.
    const names = page.vocabulary === vocabulary ? undefined : page.vocabulary.names;
    let position = 0;
    eachSection(page, (length, ids, weights, count) => {
      for (let i = 0; i < count; i++) {
        pairTerm[pair] = names ? termId(names[data[ids + i]]) : data[ids + i];
        pairWeight[pair++] = data[weights + i];
      }
      recordPage.push(pageId);
      recordSection.push(position++);
      lengths.push(length);
      recordEnd.push(pair);
      lengthSum += length;
    });
  }
  const total = recordPage.length;
  const average = lengthSum / Math.max(1, total) || 1;

  // Group the pairs by term (a stable counting sort: records stay in order within a term), into
  // columns read in order from here on.
  // Term ids are the vocabulary's (termsOfPage): some may have no pair in this index.
  const { names } = vocabulary;
  const size = names.length;
  const starts = new Int32Array(size + 1);
  for (let i = 0; i < pair; i++) starts[pairTerm[i] + 1]++;
  const terms: string[] = [];
  for (let t = 0; t < size; t++) {
    if (starts[t + 1]) terms.push(names[t]);
    starts[t + 1] += starts[t];
  }
  const next = starts.slice(0, size);
  const byRecord = new Int32Array(pair);
  const byWeight = new Int32Array(pair);
  for (let record = 0, i = 0; record < total; record++) {
    for (const end = recordEnd[record]; i < end; i++) {
      const k = next[pairTerm[i]]++;
      byRecord[k] = record;
      byWeight[k] = pairWeight[i];
    }
  }
  return { recordPage, recordSection, lengths, total, average, terms, starts, byRecord, byWeight };
}

/** The index of these pages; `pageTerms` (termsOfPage of each, in the same order) when known. */
export function buildSearchIndex(
  pages: readonly PageRecords[],
  pageTerms?: readonly PageTerms[],
  /** Heads up to this many characters get a file of their own (format.ts; tests set it). */
  headsMax = HEADS_MAX,
): { manifest: SearchManifest; files: IndexFile[] } {
  const pageTermsOf = pageTerms?.length === pages.length ? pageTerms : pages.map(termsOfPage);
  const { recordPage, recordSection, lengths, total, average, terms, starts, byRecord, byWeight } = postingsByTerm(pageTermsOf);

  // Each term's postings as JSON text ("term":[df,…]), by shard key.
  const shards = new Map<string, { term: string; json: string }[]>();
  const scores = new Float64Array(total);
  const picked = new Float64Array(total);
  // One array for every term's numbers, joined into its JSON text.
  const out: number[] = [];
  for (const term of terms.sort()) {
    const t = vocabulary.ids.get(term)!;
    const from = starts[t];
    const to = starts[t + 1];
    const df = to - from;
    // Over MAX_POSTINGS: only the records scoring at least the MAX_POSTINGS-th best, by a score
    // from this term's own postings (their average length): the choice stays local to the shard.
    let threshold = -1;
    if (df > MAX_POSTINGS) {
      let sum = 0;
      for (let k = from; k < to; k++) sum += lengths[byRecord[k]];
      const local = sum / df || 1;
      for (let k = from; k < to; k++) {
        const count = countOfWeight(byWeight[k]);
        const norm = K1 * (1 - B + (B * lengths[byRecord[k]]) / local);
        scores[k - from] = (count > 0 ? (count * (K1 + 1)) / (count + norm) : 0) + bonusOfWeight(byWeight[k]);
      }
      picked.set(scores.subarray(0, df));
      threshold = nthSmallest(picked, df, df - MAX_POSTINGS);
    }
    out.length = 0;
    out.push(df);
    let lastPage = 0;
    let kept = 0;
    for (let k = from; k < to && kept < MAX_POSTINGS; k++) {
      if (threshold >= 0 && scores[k - from] < threshold) continue;
      const id = byRecord[k];
      const weight = byWeight[k];
      out.push(recordPage[id] - lastPage, recordSection[id], Math.floor(weight / BONUS_SPAN), weight % BONUS_SPAN, lengths[id]);
      lastPage = recordPage[id];
      kept++;
    }
    const json = `${JSON.stringify(term)}:[${out.join(',')}]`;
    const key = term.slice(0, 2);
    let list = shards.get(key);
    if (!list) shards.set(key, (list = []));
    list.push({ term, json });
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
    // Its terms' JSON is in a file's text from here on: let the parts go as the files are made.
    shards.delete(key);
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

  // Heads in a file of their own when they are small enough (format.ts): the chunks then hold text only.
  const heads = pages.map(
    (page): PageHead => [page.title, page.url, page.label, page.sections.slice(0, RECORD_PAGE).map((section) => [section.heading, section.anchor])],
  );
  // Its JSON, page by page, given up on as soon as it is too long (a large site's would be megabytes).
  const headParts: string[] = [];
  let headsLength = '{"pages":[]}'.length;
  for (const head of heads) {
    const part = JSON.stringify(head);
    headsLength += part.length + (headParts.length ? 1 : 0);
    if (headsLength > headsMax) break;
    headParts.push(part);
  }
  const headsFile = headsLength <= headsMax ? named('h', `{"pages":[${headParts.join(',')}]}`) : undefined;
  if (headsFile) files.push(headsFile);

  // Record chunks: runs of whole pages, ended by a page whose URL ends one (see the top).
  const chunks: [number, string][] = [];
  let chunk: unknown[] = [];
  let first = 0;
  let size = 0;
  const flush = (nextPage: number) => {
    if (!chunk.length) return;
    const file = named(`r-${first}`, JSON.stringify(headsFile ? { texts: chunk } : { pages: chunk }));
    files.push(file);
    chunks.push([first, file.name]);
    chunk = [];
    first = nextPage;
    size = 0;
  };
  pages.forEach((page, pageId) => {
    const texts = page.sections.slice(0, RECORD_PAGE).map((section) => section.text.slice(0, STORED_TEXT));
    if (headsFile) {
      chunk.push(texts);
      for (const text of texts) size += text.length + 4;
    } else {
      const [title, url, label, sections] = heads[pageId];
      chunk.push([title, url, label, sections.map(([heading, anchor], i) => [heading, anchor, texts[i]])]);
      sections.forEach(([heading, anchor], i) => (size += texts[i].length + heading.length + anchor.length + 10));
      size += title.length + url.length + 20;
    }
    if (size > CHUNK_MAX || (size >= CHUNK_MIN && ends(page.url, 3))) flush(pageId + 1);
  });
  flush(pages.length);
  const glyphs = glyphsOf(pages);
  const manifest: SearchManifest = {
    v: INDEX_VERSION,
    n: total,
    avg: Math.round(average * 1000) / 1000,
    shards: manifestShards,
    chunks,
    ...(headsFile ? { heads: headsFile.name } : {}),
    ...(glyphs ? { glyphs } : {}),
  };
  return { manifest, files };
}
