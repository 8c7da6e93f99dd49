/**
 * A page's word count (its reading time) is counted in one pass over the text (countWords) instead
 * of cutting every word out with a regular expression: the two must agree on any text.
 */
import { describe, expect, it } from 'vitest';
import { countWords } from '../../../src/markdown/compile.js';
import { random } from '../../support/tricky-markdown.js';

const byExpression = (text: string) => text.match(/[\p{L}\p{N}_'’-]+/gu)?.length ?? 0;

// ASCII word and non-word characters, accented and CJK letters, Arabic-Indic digits, an astral
// letter (𝐀) and an astral symbol (an emoji), lone surrogates, the typographic apostrophe, spaces.
const PIECES = [
  'a',
  'Z',
  '7',
  '_',
  "'",
  '’',
  '-',
  ' ',
  '\n',
  '.',
  ',',
  '`',
  '*',
  'é',
  'ß',
  'ж',
  '漢',
  '٣',
  '𝐀',
  '😀',
  '\uD800',
  '\uDC00',
  '\u00A0',
  '«',
  '»',
  '—',
];

describe('countWords', () => {
  it('agrees with the regular expression on 5,000 generated texts', () => {
    const next = random(2026);
    for (let round = 0; round < 5000; round++) {
      let text = '';
      const length = Math.floor(next() * 40);
      for (let i = 0; i < length; i++) text += PIECES[Math.floor(next() * PIECES.length)];
      expect(countWords(text), JSON.stringify(text)).toBe(byExpression(text));
    }
  });

  it('counts words as a reader would', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('Generate typed payloads, parameters and headers.')).toBe(6);
    expect(countWords("don't re-run the generator’s cache")).toBe(5);
    expect(countWords('AsyncAPI 3.0 — Kafka, NATS, MQTT')).toBe(6);
    expect(countWords('漢字 and 𝐀𝐁 😀 done')).toBe(4);
  });
});
