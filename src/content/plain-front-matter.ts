/**
 * The front matter most pages have, read without YAML: top-level `key: value` lines whose values
 * are a quoted string without escapes, a plain string that starts with a letter, a decimal integer,
 * `true`/`false`, or a one-line list of such words (`[cli, reference]`). Anything else (nesting,
 * block lists, dates, `null`, multi-line strings, escapes, comments after a value, tabs, a repeated
 * key) is not answered here: the caller gives that front matter to gray-matter and js-yaml, and so
 * does every file this reads differently. A test compares both on every front matter of the
 * corpus, the fixtures, this site and a generated set of odd ones (test/unit/content).
 *
 * The answer is what js-yaml's default schema (through gray-matter) gives for the same text: the
 * same values, keys in the same order. Reading a front matter this way is ~20× cheaper, and a build
 * whose files all take it does not load gray-matter and js-yaml (~25 ms).
 */

import { detached } from '../core/detached.js';

/** A key js-yaml reads as the same string (no quotes, no `?`, not `__proto__`). */
const KEY = /^([A-Za-z_][A-Za-z0-9_-]*):( +)(.*)$/;
/** A plain scalar js-yaml reads as a string in block context: a letter first; no `:`, `#`, quote, tab or control character. */
const PLAIN = /^[A-Za-z][^:#"'\t\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]*$/;
/** The same inside a one-line list (flow context, where `,[]{}` are indicators too). */
const FLOW_PLAIN = /^[A-Za-z][^:#"'\t,[\]{}\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]*$/;
/** A decimal integer js-yaml reads exactly as Number() does (no sign but `-`, no leading zero, no `_`, not -0). */
const INTEGER = /^(?:0|-?[1-9][0-9]{0,14})$/;
const BOOLEAN: Record<string, boolean> = { true: true, True: true, TRUE: true, false: false, False: false, FALSE: false };
/** Plain words js-yaml reads as null: not answered here. */
const NULL = /^(?:null|Null|NULL)$/;
/** A quoted string with nothing to unescape and no character js-yaml refuses or folds. */
const DOUBLE_QUOTED = /^"([^"\\\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]*)"$/;
const SINGLE_QUOTED = /^'([^'\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]*)'$/;
/** js-yaml refuses a document with any of these (its PATTERN_NON_PRINTABLE): left to it, with its error. */
const NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;

/** A value of one line, or undefined when only js-yaml can say. */
function scalar(text: string, flow: boolean): unknown {
  if (INTEGER.test(text)) return Number(text);
  if (Object.hasOwn(BOOLEAN, text)) return BOOLEAN[text];
  if (NULL.test(text)) return undefined;
  if ((flow ? FLOW_PLAIN : PLAIN).test(text)) return text.endsWith(' ') ? undefined : text;
  return undefined;
}

function value(text: string): unknown {
  const double = DOUBLE_QUOTED.exec(text);
  if (double) return double[1];
  const single = SINGLE_QUOTED.exec(text);
  if (single) return single[1];
  if (text.startsWith('[')) {
    if (!text.endsWith(']')) return undefined;
    const inner = text.slice(1, -1).trim();
    if (inner === '') return [];
    const items: unknown[] = [];
    for (const part of inner.split(',')) {
      const item = scalar(part.trim(), true);
      if (item === undefined) return undefined;
      items.push(item);
    }
    return items;
  }
  return scalar(text, false);
}

/**
 * A value with its strings copied out of the file's text: a string cut from it (a capture, a slice)
 * is a view that keeps the whole file alive, and a page's title, label and description are kept
 * to the end of the build (at 10,000 pages, the titles alone kept 36 MB of sources).
 */
function ownStrings(parsed: unknown): unknown {
  if (typeof parsed === 'string') return detached(parsed);
  if (Array.isArray(parsed)) return parsed.map((item) => (typeof item === 'string' ? detached(item) : item));
  return parsed;
}

/**
 * The data of a front matter block (the text between the `---` lines, as gray-matter cuts it:
 * starting with the newline after the opening `---`), or undefined when it is not of the plain kind.
 */
export function plainFrontMatter(block: string): Record<string, unknown> | undefined {
  if (NON_PRINTABLE.test(block) || block.includes('\r')) return undefined;
  const data: Record<string, unknown> = {};
  let keys = 0;
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith('#') || /^ +$/.test(line)) continue;
    const pair = KEY.exec(line);
    if (!pair) return undefined;
    const [, key, , raw] = pair;
    if (key === '__proto__' || Object.hasOwn(data, key)) return undefined;
    // Spaces after a value are not part of it; a tab is left to js-yaml.
    const text = raw.replace(/ +$/, '');
    if (text === '' || text.includes('\t')) return undefined;
    const parsed = value(text);
    if (parsed === undefined) return undefined;
    data[key] = ownStrings(parsed);
    keys++;
  }
  // Only comments and blank lines: gray-matter's "empty" front matter, which its caller handles.
  return keys > 0 ? data : undefined;
}
