/**
 * Range headers as RFC 9110 §14 reads them, for a 200-byte file: sirv
 * trusted them (a backwards range took the server down, a suffix range sent
 * one byte too many).
 */
import { describe, expect, it } from 'vitest';
import { parseRange } from '../../../src/dev/range.js';

const SIZE = 200;

describe('parseRange', () => {
  it('reads first-last, open and suffix ranges, clamping the end to the file', () => {
    expect(parseRange('bytes=0-99', SIZE)).toEqual({ kind: 'range', start: 0, end: 99 });
    expect(parseRange('bytes=150-', SIZE)).toEqual({ kind: 'range', start: 150, end: SIZE - 1 });
    expect(parseRange('bytes=0-99999999999999999999', SIZE)).toEqual({ kind: 'range', start: 0, end: SIZE - 1 });
    // The last 50 bytes: 150..199, 50 of them (not 51).
    expect(parseRange('bytes=-50', SIZE)).toEqual({ kind: 'range', start: 150, end: 199 });
    expect(parseRange('bytes=-5000', SIZE)).toEqual({ kind: 'range', start: 0, end: SIZE - 1 });
    expect(parseRange('BYTES = 10 - 19', SIZE)).toEqual({ kind: 'range', start: 10, end: 19 });
    expect(parseRange('bytes=199-199', SIZE)).toEqual({ kind: 'range', start: 199, end: 199 });
  });

  it('finds ranges that ask for no byte of the file unsatisfiable', () => {
    for (const header of ['bytes=200-', 'bytes=200-300', 'bytes=99999999999999999999-', 'bytes=-0', 'bytes=100-50']) {
      expect(parseRange(header, SIZE), header).toEqual({ kind: 'unsatisfiable' });
    }
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores what is not one byte range (the whole file is sent)', () => {
    for (const header of [
      undefined,
      '',
      'bytes',
      'bytes=',
      'bytes=-',
      'bytes=a-b',
      'bytes=1-2-3',
      'bytes=0x10-20',
      'bytes=-1-',
      'bytes=1.5-3',
      'bytes=-+5',
      'items=0-10',
      'bytes 0-10',
      'bytes=0-1,5-6',
      'bytes=0-1,',
      '\u0000bytes=0-1',
    ]) {
      expect(parseRange(header, SIZE), String(header)).toEqual({ kind: 'full' });
    }
  });
});
