/**
 * Globs as Docusaurus writes them (`**\/_*.{md,mdx}`, `**\/__tests__/**`), for `docs.exclude`
 * and the search's `exclude`: `**` any number of folders, `*` and `?` within one name, `{a,b}`
 * alternatives. Matched against a `/`-separated path. Names starting with `.` are never content
 * (the walk does not list them), so no dot rule is needed here.
 *
 * Not a regular expression: a glob is the site author's input, and a backtracking regex of
 * `*****…x` or `**\/**\/…/y` ran for minutes. This matcher works segment by segment, with a
 * memo over (glob segment, path segment) and the linear star algorithm inside a segment, so
 * its time is bounded by the product of the two lengths.
 */

export interface Glob {
  test(relPath: string): boolean;
}

/** At most this many alternatives per segment once braces are expanded (`{a,b}{c,d}` is 4). */
const MAX_ALTERNATIVES = 256;

export function compileGlob(glob: string): Glob {
  // `**/` is zero or more folders; consecutive ones are one; a trailing `**` is everything below.
  const segments = glob.split('/').filter((segment, index, all) => !(segment === '**' && all[index - 1] === '**'));
  const alternatives = segments.map((segment) => (segment === '**' ? null : expandBraces(segment)));
  return {
    test(relPath) {
      const parts = relPath.split('/');
      const memo = new Map<number, boolean>();
      const match = (g: number, p: number): boolean => {
        const key = g * (parts.length + 1) + p;
        const known = memo.get(key);
        if (known !== undefined) return known;
        let result: boolean;
        if (g === alternatives.length) result = p === parts.length;
        else {
          const options = alternatives[g];
          // A trailing `**` is what lies below a folder: one name at least (`_drafts/**` is not `_drafts`).
          if (options === null && g === alternatives.length - 1) result = p < parts.length;
          else if (options === null) {
            result = false;
            for (let q = p; q <= parts.length && !result; q++) result = match(g + 1, q);
          } else result = p < parts.length && options.some((option) => matchName(option, parts[p])) && match(g + 1, p + 1);
        }
        memo.set(key, result);
        return result;
      };
      return match(0, 0);
    },
  };
}

/** Whether a relative path (posix) matches any of the globs. */
export function matchesAny(relPath: string, globs: readonly Glob[]): boolean {
  return globs.some((glob) => glob.test(relPath));
}

/** `*` and `?` within one name, by the greedy algorithm with one backtrack point: linear-ish, never exponential. */
function matchName(pattern: string, name: string): boolean {
  let p = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    if (p < pattern.length && (pattern[p] === '?' || pattern[p] === name[n])) {
      p++;
      n++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = n;
    } else if (star >= 0) {
      p = star + 1;
      n = ++resume;
    } else return false;
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}

/** `{a,b}` alternatives of one name, nested too; braces that do not pair up are plain characters. */
function expandBraces(segment: string): string[] {
  const open = segment.indexOf('{');
  if (open < 0) return [segment];
  let depth = 0;
  let close = -1;
  const commas: number[] = [];
  for (let i = open; i < segment.length && close < 0; i++) {
    if (segment[i] === '{') depth++;
    else if (segment[i] === '}' && --depth === 0) close = i;
    else if (segment[i] === ',' && depth === 1) commas.push(i);
  }
  if (close < 0) return [segment];
  const bounds = [open, ...commas, close];
  const head = segment.slice(0, open);
  const tails = expandBraces(segment.slice(close + 1));
  const out: string[] = [];
  for (let i = 0; i < bounds.length - 1; i++)
    for (const middle of expandBraces(segment.slice(bounds[i] + 1, bounds[i + 1])))
      for (const tail of tails) if (out.length < MAX_ALTERNATIVES) out.push(head + middle + tail);
  return out;
}
