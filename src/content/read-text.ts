/**
 * Reading content files as text. Every markdown, category and blog metadata
 * file goes through `readText`, so that all of them share the same rules:
 * a leading byte-order mark is dropped, bytes that are not UTF-8 (a file
 * saved as Latin-1 or Windows-1252) are reported once, naming the line and
 * column of the first one, instead of silently turning into U+FFFD, and a
 * file that cannot be read is a catalogue error naming it, not a stack.
 */
import { readFileSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import type { Warning } from '../core/warnings.js';
import { asFolioError, fsError, isFsError, type FolioError } from '../errors/index.js';

export type Warn = (warning: Warning) => void;

export function readText(file: string, { warn }: { warn?: Warn } = {}): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw readError(error, file);
  }
  if (!isUtf8(bytes)) warn?.(notUtf8Warning(file, bytes));
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

/**
 * EACCES, EISDIR (a folder named like a file), ENOENT (removed meanwhile): FS_* errors naming the
 * file. (Node leaves the path out of some of them, EISDIR from a read among them.)
 */
export function readError(error: unknown, file: string): FolioError {
  return isFsError(error) ? fsError(error, { path: file }) : asFolioError(error);
}

function notUtf8Warning(file: string, bytes: Buffer): Warning {
  const offset = firstInvalidByte(bytes);
  const advice = 'the file is not UTF-8 (saved as Latin-1 or Windows-1252?) and such bytes show as "\uFFFD" on the page: save it as UTF-8';
  if (offset < 0) return { code: 'CONTENT_NOT_UTF8', message: advice, location: { file } };
  // (lastIndexOf counts a negative start from the end: a bad first byte starts line 1.)
  const lineStart = offset === 0 ? 0 : bytes.lastIndexOf(0x0a, offset - 1) + 1;
  const line = countNewlines(bytes, offset) + 1;
  // Columns count characters: decode what precedes the bad byte on its line (valid UTF-8 by construction).
  const column =
    [
      ...bytes
        .subarray(lineStart, offset)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    ].length + 1;
  const hex = bytes[offset].toString(16).toUpperCase().padStart(2, '0');
  return {
    code: 'CONTENT_NOT_UTF8',
    message: `byte 0x${hex} is not UTF-8; ${advice}`,
    location: { file, line, column },
  };
}

function countNewlines(bytes: Buffer, end: number): number {
  let count = 0;
  for (let i = bytes.indexOf(0x0a); i >= 0 && i < end; i = bytes.indexOf(0x0a, i + 1)) count++;
  return count;
}

/** Offset of the first byte that does not belong to a well-formed UTF-8 sequence (RFC 3629). */
export function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let min = 0x80;
    let max = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      // No overlong forms (E0 A0..) and no UTF-16 surrogates (ED 80..9F).
      if (b === 0xe0) min = 0xa0;
      if (b === 0xed) max = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) min = 0x90;
      if (b === 0xf4) max = 0x8f;
    } else return i;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      const [low, high] = k === 1 ? [min, max] : [0x80, 0xbf];
      if (next === undefined || next < low || next > high) return i;
    }
    i += length;
  }
  return -1;
}
