/**
 * The query side of search, for the browser (src/client/search) and for Node (tests, bench):
 * fetches the manifest, the shards of the query's words and the record chunks of the top
 * results through `load`, and ranks pages by how many query words they match, then by score.
 *
 * Each query word is matched whole, by its camelCase/snake parts, as a prefix when it is the
 * last word still being typed, and when nothing else matches, fuzzily (edit distance 1 from 5
 * letters, 2 from 8) among the terms of its shard: "typscript" finds typescript.
 */
import { B, K1, POSTING, RECORD_PAGE, type PageHead, type SearchChunk, type SearchHeads, type SearchManifest, type SearchShard } from './format.js';
import { normalise, shardKeyOf, tokensOfWord, wordsOf } from './tokenize.js';

export interface ExcerptPart {
  text: string;
  mark: boolean;
}

export interface SectionResult {
  heading: string;
  anchor: string;
  /** Route path with `#anchor` (without the base URL). */
  url: string;
  /** null while the text is on its way (Answer.early). */
  excerpt: ExcerptPart[] | null;
}

export interface PageResult {
  title: string;
  url: string;
  label: string;
  /** Excerpt of the page's intro when it matched (empty when it did not); null while the text is on its way (Answer.early). */
  excerpt: ExcerptPart[] | null;
  sections: SectionResult[];
}

/**
 * A query's results: `full` with every excerpt; `early`, on a site with a heads file (format.ts),
 * the same pages and sections in the same order with the excerpts still null, as soon as the
 * shards are in (undefined without a heads file or when `full` came first).
 */
export interface Answer {
  early: Promise<PageResult[] | undefined>;
  full: Promise<PageResult[]>;
}

export type Loader = (file: string) => Promise<unknown>;

interface WordMatch {
  /** Record id → score for this word. */
  scores: Map<number, number>;
  /** Terms found for the word (to highlight). */
  terms: string[];
}

const PREFIX_WEIGHT = 0.8;
const PART_WEIGHT = 0.6;
const FUZZY_WEIGHT = 0.5;
const MAX_EXPANSIONS = 24;

/**
 * Edit distance between a and b, a swap of two neighbouring letters counting as one edit
 * ("bundel" → bundle), or max + 1 when it is larger than max.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j], before[j - 2] + 1);
      best = Math.min(best, row[j]);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length];
}

/**
 * Adds a term's postings to `into` (record id → best score): BM25 from the posting's body count
 * and record length with the manifest's record count and average length, plus the field bonus,
 * both times the term's idf.
 */
function decode(postings: number[], into: Map<number, number>, weight: number, index: SearchManifest): void {
  const df = postings[0];
  const idf = Math.log(1 + (index.n - df + 0.5) / (df + 0.5));
  let page = 0;
  for (let i = 1; i + POSTING <= postings.length; i += POSTING) {
    page += postings[i];
    const id = page * RECORD_PAGE + postings[i + 1];
    const count = postings[i + 2] / 2;
    const norm = K1 * (1 - B + (B * postings[i + 4]) / index.avg);
    const body = count > 0 ? (count * (K1 + 1)) / (count + norm) : 0;
    const score = 100 * idf * (body + postings[i + 3] / 4) * weight;
    if (score > (into.get(id) ?? 0)) into.set(id, score);
  }
}

/** How many records have the term: the most frequent completions are tried first. */
const frequency = (postings: number[]) => postings[0];

export interface EngineOptions {
  /**
   * Awaited after the early results are told and before the record chunks are asked for: the
   * browser passes "after the next paint", so that the chunks' fetches (several at once) do not
   * compete with the results' render on a small machine. Without it the chunks are asked for at once.
   */
  afterEarly?: () => Promise<void>;
}

export function createSearch(load: Loader, { afterEarly }: EngineOptions = {}) {
  let manifest: Promise<SearchManifest> | undefined;
  const files = new Map<string, Promise<unknown>>();
  const file = <T>(name: string): Promise<T> => {
    let pending = files.get(name);
    if (!pending) {
      pending = load(name);
      // A failed fetch is forgotten: the next query tries again.
      pending.catch(() => files.delete(name));
      files.set(name, pending);
    }
    return pending as Promise<T>;
  };
  /** The manifest once it is here: a query then asks for its shards at once, not a task later. */
  let manifestValue: SearchManifest | undefined;
  const getManifest = () => {
    if (!manifest) {
      const pending = load('manifest.json') as Promise<SearchManifest>;
      manifest = pending;
      pending.then(
        (value) => {
          if (manifest === pending) manifestValue = value;
        },
        () => {
          if (manifest === pending) manifest = undefined;
        },
      );
    }
    return manifest;
  };
  const pageOf = (record: number): number => Math.floor(record / RECORD_PAGE);

  async function matchWord(word: string, prefix: boolean, index: SearchManifest): Promise<WordMatch | undefined> {
    const tokens = tokensOfWord(word);
    const whole = normalise(word);
    if (!tokens.length && !(prefix && whole.length >= 2)) return undefined;
    const keys = new Set([whole, ...tokens.map((token) => token.term)].filter((term) => term.length >= 2).map((term) => shardKeyOf(term, index.shards)));
    const shards = new Map<string, SearchShard>();
    await Promise.all(
      [...keys].map(async (key) => {
        const name = index.shards[key];
        if (name) shards.set(key, await file<SearchShard>(name));
      }),
    );
    const shardFor = (term: string) => shards.get(shardKeyOf(term, index.shards));
    const scores = new Map<number, number>();
    const terms: string[] = [];
    const shard = shardFor(whole);
    const exact = shard?.[whole];
    if (exact) {
      decode(exact, scores, 1, index);
      terms.push(whole);
    }
    if (prefix && shard) {
      const longer = Object.keys(shard).filter((term) => term.length > whole.length && term.startsWith(whole));
      // The most frequent completions first (longest postings), a bounded number of them.
      longer.sort((a, b) => frequency(shard[b]) - frequency(shard[a]));
      for (const term of longer.slice(0, MAX_EXPANSIONS)) {
        decode(shard[term], scores, PREFIX_WEIGHT, index);
        terms.push(term);
      }
    }
    const parts = tokens.filter((token) => token.part);
    if (parts.length) {
      // A record matches by parts when it has every part.
      const partScores = parts.map((part) => {
        const found = new Map<number, number>();
        const postings = shardFor(part.term)?.[part.term];
        if (postings) decode(postings, found, 1, index);
        return found;
      });
      for (const [id, first] of partScores[0]) {
        let sum = first;
        let all = true;
        for (const other of partScores.slice(1)) {
          const score = other.get(id);
          if (score === undefined) {
            all = false;
            break;
          }
          sum += score;
        }
        if (all) scores.set(id, Math.max(scores.get(id) ?? 0, (sum / parts.length) * PART_WEIGHT));
      }
      if (partScores.every((found) => found.size)) terms.push(...parts.map((part) => part.term));
    }
    if (!scores.size && shard && whole.length >= 5) {
      const max = whole.length >= 8 ? 2 : 1;
      const near = Object.keys(shard)
        .map((term) => [term, editDistance(whole, term, max)] as const)
        .filter(([, distance]) => distance <= max)
        .sort((a, b) => a[1] - b[1] || frequency(shard[b[0]]) - frequency(shard[a[0]]))
        .slice(0, MAX_EXPANSIONS);
      for (const [term, distance] of near) {
        decode(shard[term], scores, FUZZY_WEIGHT / distance, index);
        terms.push(term);
      }
    }
    return { scores, terms };
  }

  /**
   * Pages matching `query`, best first, with up to `sections` matching sections each (see Answer).
   * The latest query's answer is kept: the dialog asks as the reader types (its event handler),
   * and again when it renders; both get the same answer, and the shard fetches start in the
   * handler, before the browser's layout work for the render.
   */
  let last: { key: string; answer: Answer } | undefined;
  function answer(query: string, { limit = 8, sections = 3 }: { limit?: number; sections?: number } = {}): Answer {
    const key = `${limit}\0${sections}\0${query}`;
    if (last?.key === key) return last.answer;
    let tell: (results: PageResult[] | undefined) => void = () => {};
    const early = new Promise<PageResult[] | undefined>((resolve) => (tell = resolve));
    const full = run(query, limit, sections, tell);
    full.then(
      () => tell(undefined),
      () => tell(undefined),
    );
    const entry = { key, answer: { early, full } };
    last = entry;
    // A failure is not kept: the same query asks again.
    full.catch(() => {
      if (last === entry) last = undefined;
    });
    return entry.answer;
  }
  const search = (query: string, options?: { limit?: number; sections?: number }): Promise<PageResult[]> => answer(query, options).full;

  async function run(query: string, limit: number, sections: number, tell: (early: PageResult[]) => void): Promise<PageResult[]> {
    const index = manifestValue ?? (await getManifest());
    const words = [...new Set(wordsOf(query))].slice(0, 8);
    const typing = !/\s$/.test(query);
    const matches = (await Promise.all(words.map((word, i) => matchWord(word, typing && i === words.length - 1, index)))).filter(
      (match): match is WordMatch => match !== undefined,
    );
    if (!matches.length) return [];
    // Per record: its score and which words it matched; per page the same, over its records.
    const records = new Map<number, { score: number; words: number }>();
    matches.forEach((match, w) => {
      for (const [id, score] of match.scores) {
        const entry = records.get(id) ?? { score: 0, words: 0 };
        entry.score += score;
        entry.words |= 1 << w;
        records.set(id, entry);
      }
    });
    const pages = new Map<number, { best: number; rest: number; words: number; records: number[] }>();
    for (const [id, entry] of records) {
      const pageId = pageOf(id);
      const page = pages.get(pageId) ?? { best: 0, rest: 0, words: 0, records: [] };
      if (entry.score > page.best) {
        page.rest += page.best;
        page.best = entry.score;
      } else page.rest += entry.score;
      page.words |= entry.words;
      page.records.push(id);
      pages.set(pageId, page);
    }
    const count = (bits: number) => bits.toString(2).replace(/0/g, '').length;
    const ranked = [...pages.entries()]
      .map(([pageId, page]) => ({ pageId, ...page, matched: count(page.words), score: page.best + 0.2 * page.rest }))
      .sort((a, b) => b.matched - a.matched || b.score - a.score || a.pageId - b.pageId)
      .slice(0, limit);
    // Records to show: the page's intro (for its title) and its best sections.
    const shown = ranked.map((page) => {
      const intro = page.pageId * RECORD_PAGE;
      const best = page.records
        .filter((id) => id !== intro)
        .sort((a, b) => count(records.get(b)!.words) - count(records.get(a)!.words) || records.get(b)!.score - records.get(a)!.score || a - b)
        .slice(0, sections);
      return { page, intro, sections: best };
    });
    // The chunk holding a page: the last one starting at or before it.
    const chunkOf = (pageId: number) => {
      let low = 0;
      let high = index.chunks.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (index.chunks[middle][0] <= pageId) low = middle;
        else high = middle - 1;
      }
      return low;
    };
    const needed = new Set(shown.map((entry) => chunkOf(entry.page.pageId)));
    const chunks = new Map<number, SearchChunk>();
    const fetchTexts = () => Promise.all([...needed].map(async (n) => chunks.set(n, await file<SearchChunk>(index.chunks[n][1]))));
    const highlight = matches.flatMap((match) => match.terms);
    /** The results from each page's head, with the excerpts from `textOf` (null: not here yet). */
    const resultsOf = (headOf: (pageId: number) => PageHead, textOf: (pageId: number, section: number) => string | null) =>
      shown.map(({ page, intro, sections: ids }): PageResult => {
        const [title, url, label, heads] = headOf(page.pageId);
        const excerpt = (section: number) => {
          const text = textOf(page.pageId, section);
          return text === null ? null : excerptOf(text, highlight);
        };
        return {
          title,
          url,
          label,
          excerpt: records.has(intro) ? excerpt(0) : [],
          sections: ids.map((id) => {
            const [heading, anchor] = heads[id % RECORD_PAGE];
            return { heading, anchor, url: `${url}#${anchor}`, excerpt: excerpt(id % RECORD_PAGE) };
          }),
        };
      });
    const pageData = (pageId: number) => {
      const n = chunkOf(pageId);
      const chunk = chunks.get(n)!;
      const at = pageId - index.chunks[n][0];
      return 'texts' in chunk ? chunk.texts[at] : chunk.pages[at];
    };
    if (index.heads) {
      const { pages: heads } = await file<SearchHeads>(index.heads);
      tell(
        resultsOf(
          (pageId) => heads[pageId],
          () => null,
        ),
      );
      if (afterEarly) await afterEarly();
      await fetchTexts();
      return resultsOf(
        (pageId) => heads[pageId],
        (pageId, section) => (pageData(pageId) as string[])[section] ?? '',
      );
    }
    await fetchTexts();
    return resultsOf(
      (pageId) => {
        const [title, url, label, sections] = pageData(pageId) as Extract<SearchChunk, { pages: unknown }>['pages'][number];
        return [title, url, label, sections.map(([heading, anchor]) => [heading, anchor])];
      },
      (pageId, section) => (pageData(pageId) as Extract<SearchChunk, { pages: unknown }>['pages'][number])[3][section]?.[2] ?? '',
    );
  }

  /**
   * Starts fetching the manifest and the heads (on opening search, before anything is typed);
   * resolves with the manifest, or undefined when it could not be had (a query then says so).
   */
  const prepare = (): Promise<SearchManifest | undefined> =>
    getManifest().then(
      (index) => {
        if (index.heads) file(index.heads).catch(() => {});
        return index;
      },
      () => undefined,
    );

  return { search, answer, prepare };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * About `size` characters of `text` around the first hit of a term (at the start of a word),
 * with every hit marked. Without a hit, the start of the text.
 */
export function excerptOf(text: string, terms: readonly string[], size = 160): ExcerptPart[] {
  const sorted = [...new Set(terms)].filter(Boolean).sort((a, b) => b.length - a.length);
  const pattern = sorted.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${sorted.map(escapeRegExp).join('|')})`, 'giu') : undefined;
  const first = pattern ? text.search(pattern) : -1;
  let start = first < 0 ? 0 : Math.max(0, first - Math.floor(size / 3));
  // Start at a word boundary.
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < first) start = space + 1;
  }
  let end = Math.min(text.length, start + size);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + size / 2) end = space;
  }
  const slice = text.slice(start, end);
  const parts: ExcerptPart[] = [];
  const push = (part: string, mark: boolean) => {
    if (part) parts.push({ text: part, mark });
  };
  if (start > 0) push('… ', false);
  let at = 0;
  if (pattern) {
    for (const found of slice.matchAll(pattern)) {
      push(slice.slice(at, found.index), false);
      push(found[0], true);
      at = found.index! + found[0].length;
    }
  }
  push(slice.slice(at), false);
  if (end < text.length) push(' …', false);
  return parts;
}
