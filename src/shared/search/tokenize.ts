/**
 * The search tokeniser, shared by the indexer (Node) and the query side (browser) so both cut
 * text the same way. A word is kept whole, lower-cased, and also split into its camelCase,
 * snake_case and kebab-case parts: `loadConfigFile` → loadconfigfile, load, config, file.
 */

/** Words too common to tell pages apart: not indexed, ignored in queries. */
const STOP = new Set('a an and are as at be by for from in is it of on or that the this to was with'.split(' '));

/** Letters or digits, joined by `_`, `-` or `.` inside a word (`snake_case`, `request-reply`, `v0.2`). */
const WORD = /[\p{L}\p{N}]+(?:[_.-][\p{L}\p{N}]+)*/gu;
/** The parts of one camelCase run: `HTTPServer` → HTTP, Server; `v2Beta` → v, 2, Beta. */
const PART = /\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+|\p{L}+/gu;
// The same for ASCII text, several times faster than the Unicode classes (most text is ASCII).
const ASCII_WORD = /[A-Za-z0-9]+(?:[_.-][A-Za-z0-9]+)*/g;
const ASCII_PART = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;
const NOT_ASCII = /[^\x00-\x7f]/;
const SIMPLE = /^[a-z]+$/;

export interface Token {
  term: string;
  /** A part of a longer word (counts less than a whole word). */
  part: boolean;
}

/** The words of a text, as written (case kept: the parts need it). */
export function wordsOf(text: string): string[] {
  return text.match(NOT_ASCII.test(text) ? WORD : ASCII_WORD) ?? [];
}

export function normalise(word: string): string {
  const lower = word.toLowerCase();
  return NOT_ASCII.test(lower) ? lower.normalize('NFKD').replace(/\p{M}/gu, '') : lower;
}

export function indexable(term: string): boolean {
  return term.length >= 2 && term.length <= 40 && !STOP.has(term);
}

/**
 * Calls `emit` with the tokens of one word: the whole word, then its parts when it has more than
 * one (and a plural's singular). A callback, not a list: the indexer tokenises a whole site.
 */
export function eachTokenOfWord(word: string, emit: (term: string, part: boolean) => void): void {
  // Most words: lower-case letters only, one token (and maybe a singular).
  if (SIMPLE.test(word)) {
    if (!indexable(word)) return;
    emit(word, false);
    const singular = singularOf(word);
    if (singular) emit(singular, true);
    return;
  }
  const whole = normalise(word);
  const wholeOk = indexable(whole);
  if (wholeOk) emit(whole, false);
  const parts: string[] = [];
  const pattern = NOT_ASCII.test(word) ? PART : ASCII_PART;
  for (const piece of word.split(/[_.-]/)) for (const part of piece.match(pattern) ?? []) parts.push(normalise(part));
  if (parts.length > 1) for (const part of parts) if (indexable(part) && part !== whole) emit(part, true);
  // A plural also counts as its singular, as a part: "payload" finds "payloads" (a little lower).
  const singular = singularOf(whole);
  if (singular && !parts.includes(singular)) emit(singular, true);
}

export function tokensOfWord(word: string): Token[] {
  const tokens: Token[] = [];
  eachTokenOfWord(word, (term, part) => tokens.push({ term, part }));
  return tokens;
}

/** The singular of a plain English plural ("payloads" → "payload", "entries" → "entry"), else undefined. */
export function singularOf(word: string): string | undefined {
  if (word.length < 5 || !(SIMPLE.test(word) || /^\p{Ll}+$/u.test(word)) || /(?:ss|us|is|ous)$/.test(word)) return undefined;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s')) return word.slice(0, -1);
  return undefined;
}

export function eachToken(text: string, emit: (term: string, part: boolean) => void): void {
  for (const word of wordsOf(text)) eachTokenOfWord(word, emit);
}

export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  eachToken(text, (term, part) => tokens.push({ term, part }));
  return tokens;
}

/** Which shard a term lives in: its first two characters, or three when that shard was split. */
export function shardKeyOf(term: string, shards: Readonly<Record<string, unknown>>): string {
  const three = term.slice(0, 3);
  return three.length === 3 && three in shards ? three : term.slice(0, 2);
}
