/**
 * Reads a `Range` request header the way RFC 9110 §14 asks, before sirv
 * sees it: sirv trusts the header (`bytes=100-50` made its file stream
 * throw and took the server down; `bytes=-50` sent 51 bytes). A request
 * for one satisfiable range gets that range; one whose ranges all lie past
 * the end (or ends before it starts) gets 416; anything else (bad syntax,
 * another unit, several ranges) is ignored, so the whole file is sent with
 * 200, as the RFC allows.
 */

export type RangeRequest =
  /** Serve the whole representation (no Range header, or one that is ignored). */
  | { kind: 'full' }
  /** No byte of the file is asked for: 416, with a Content-Range giving the size. */
  | { kind: 'unsatisfiable' }
  /** Bytes start..end, both included, end < size. */
  | { kind: 'range'; start: number; end: number };

const DIGITS = /^\d+$/;

/** The one range of `header` for a file of `size` bytes. */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'full' };
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return { kind: 'full' };
  const specs = match[1].split(',').map((spec) => spec.trim());
  // Several ranges would need a multipart answer: the whole file is a valid answer too.
  if (specs.length !== 1) return { kind: 'full' };
  const dash = specs[0].indexOf('-');
  if (dash < 0) return { kind: 'full' };
  const first = specs[0].slice(0, dash).trim();
  const last = specs[0].slice(dash + 1).trim();
  if (first === '') {
    // Suffix range: the last N bytes.
    if (!DIGITS.test(last)) return { kind: 'full' };
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - length), end: size - 1 };
  }
  if (!DIGITS.test(first) || (last !== '' && !DIGITS.test(last))) return { kind: 'full' };
  // Digits beyond 2^53 lose precision but keep their order of magnitude: still past any file's end.
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  // RFC 9110 calls a range ending before it starts invalid; like nginx and express, answer 416
  // (not 200) so that a client asking for nothing does not receive the whole file.
  if (end < start) return { kind: 'unsatisfiable' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end: Math.min(end, size - 1) };
}
