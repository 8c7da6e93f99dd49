/**
 * The terms the search emitter keeps of every page until the index is built (and, in `folio serve`,
 * between builds) are term ids in one typed array per page: as arrays of strings and of numbers
 * per section they were 106 MB of heap at 10,000 pages, which every full collection went through.
 * And terms cut before the vocabulary filled up (a new one is begun) index as terms cut after.
 */
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, forgetVocabulary, termsOfPage } from '../../../src/emitters/search/indexer.js';
import type { PageRecords } from '../../../src/emitters/search/records.js';
import { memoryAfterGc as used } from '../../support/heap.js';

const WORDS = Array.from({ length: 3000 }, (_, i) => `term${i.toString(36)}`);
const page = (p: number, sections = 10): PageRecords => ({
  title: `Page ${p}`,
  url: `/docs/p${p}`,
  label: 'Docs',
  sections: Array.from({ length: sections }, (_, s) => ({
    heading: s ? `Section ${s}` : '',
    anchor: s ? `s${s}` : '',
    text: Array.from({ length: 60 }, (_, w) => WORDS[(p * 131 + s * 17 + w * 7) % WORDS.length]).join(' '),
  })),
});

describe('the terms kept of each page', () => {
  it('take about eight bytes per term and weight, not arrays per section', () => {
    const pages = Array.from({ length: 2000 }, (_, p) => page(p));
    // The vocabulary is made once (its strings are not what is measured).
    termsOfPage(pages[0]);
    for (const p of pages.slice(0, 50)) termsOfPage(p);
    const before = used();
    const kept = pages.map(termsOfPage);
    const grown = used() - before;
    let entries = 0;
    for (const { data } of kept) for (let k = 0; k < data[0]; k++) entries += data[2 + k * 2];
    expect(entries).toBeGreaterThan(1_000_000);
    // 8 bytes per (term, weight) and a page's header; per-section arrays of strings and numbers
    // took 19 bytes per entry.
    expect(grown / entries).toBeLessThan(12);
    expect(kept).toHaveLength(2000);
  });

  it('index the same after a new vocabulary is begun between pages as when tokenised at once', () => {
    const pages = Array.from({ length: 40 }, (_, p) => page(p, 3));
    pages[7].sections[1].text += ' loadConfigFile HTTPServer payloads Über-Größe';
    const early = pages.slice(0, 20).map(termsOfPage);
    forgetVocabulary();
    const late = pages.slice(20).map(termsOfPage);
    const mixed = buildSearchIndex(pages, [...early, ...late]);
    forgetVocabulary();
    expect(mixed).toEqual(buildSearchIndex(pages));
  });
});
