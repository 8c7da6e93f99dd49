/**
 * Cache entries are sealed with their length and a checksum of their bytes: the text comes back
 * exactly, and any damage (a flipped byte, a cut, a foreign file) reads as a miss, never as text.
 */
import { describe, expect, it } from 'vitest';
import { seal, unseal } from '../../../src/core/cache.js';
import { checksum } from '../../../src/core/hash.js';

const texts = ['', 'plain ascii', 'é ü ß — “quotes” 🚀 and 中文', 'a\nb\r\nc\0d', 'x'.repeat(100_000) + 'é'];

describe('sealed cache entries', () => {
  it('give back every text exactly', () => {
    for (const text of texts) expect(unseal(seal(text))).toBe(text);
  });

  it('give back a text too large for the reused buffer, and small ones after it', () => {
    const large = 'é'.repeat(6_000_000) + 'the end';
    expect(unseal(seal(large))).toBe(large);
    for (const text of texts) expect(unseal(seal(text))).toBe(text);
  });

  it('checksum the same for a text and its UTF-8 bytes (entries written before stay readable)', () => {
    for (const text of texts) expect(checksum(text)).toBe(checksum(Buffer.from(text)));
  });

  it('read as a miss when damaged', () => {
    const sealed = seal('the body of a page, with é in it');
    const flipped = Buffer.from(sealed);
    flipped[flipped.length - 3] ^= 1;
    expect(unseal(flipped)).toBeUndefined();
    expect(unseal(sealed.subarray(0, sealed.length - 1))).toBeUndefined();
    expect(unseal(Buffer.concat([sealed, Buffer.from('x')]))).toBeUndefined();
    expect(unseal(Buffer.from('{"not":"sealed"}\n{}'))).toBeUndefined();
    expect(unseal(Buffer.from('no newline at all'))).toBeUndefined();
    expect(unseal(Buffer.alloc(0))).toBeUndefined();
  });
});
