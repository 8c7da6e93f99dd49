/**
 * What the search emitter keeps of a page holds none of its body: a string sliced or captured
 * from a body (an anchor, an excerpt's first characters) would keep the whole body alive in V8,
 * and the records of every page stay in memory to the end of the build (10,000 pages: 206 MB of
 * heap where 73 MB are needed).
 */
import { describe, expect, it } from 'vitest';
import type { Route } from '../../../src/routes/types.js';
import { keptOf } from '../../../src/emitters/search/search.js';
import { heapAfterGc } from '../../support/heap.js';

describe('kept search records', () => {
  it('hold no part of the bodies they were cut from', () => {
    const pages = 24;
    const size = 1_000_000;
    const before = heapAfterGc();
    let bodies: { html: string; headings: { id: string; text: string; depth: number }[] }[] | undefined = Array.from({ length: pages }, (_, i) => {
      // Words under 13 characters (copied by V8 whatever their origin); one body of about 1 MB each.
      const text = Array.from({ length: size / 10 }, (_, w) => `w${(w * 7 + i) % 5000} `).join('');
      const anchor = `configuring-the-generator-${i}`;
      return {
        html: `<p>Intro of page ${i}: ${text}</p><h2 id="${anchor}">Configuring the generator number ${i}</h2><p>${text}</p>`,
        headings: [{ id: anchor, text: `Configuring the generator number ${i}`, depth: 2 }],
      };
    });
    const route = (i: number) => ({ path: `/docs/page-${i}`, title: `Page ${i}` }) as Route;
    const kept = bodies.map((body, i) => keptOf(route(i), 'docs', body));
    expect(kept[3].records.sections.map((section) => section.anchor)).toEqual(['', 'configuring-the-generator-3']);
    expect(kept[3].records.sections[1].text.length).toBe(500);
    bodies = undefined;
    const grown = heapAfterGc() - before;
    // The bodies were 24 × 2 MB of text; what is kept is 24 × (two 500-character excerpts + 5,000 terms).
    expect(grown).toBeLessThan(8_000_000);
    expect(kept).toHaveLength(pages);
  });
});
