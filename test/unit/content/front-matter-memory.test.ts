/**
 * A page's front matter values hold no part of the file they were read from: a string captured or
 * sliced from the file's text is a view of it in V8, and a page's title, description and tags are
 * kept to the end of the build (its route, sidebar label, neighbours' links, breadcrumbs), so each
 * would keep its whole file alive.
 */
import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../../src/content/front-matter.js';
import { heapAfterGc } from '../../support/heap.js';

/** About 1 MB of markdown, in words under 13 characters (V8 copies those, whatever their origin). */
const bodyOf = (i: number) => Array.from({ length: 100_000 }, (_, w) => `w${(w * 7 + i) % 5000} `).join('');

describe('front matter values', () => {
  // The plain kind (read without YAML) and the kind js-yaml reads (a nested value, a date).
  const heads = {
    plain: (i: number) =>
      `---\ntitle: "Configuring the generator for page ${i}"\ndescription: Generating typed payloads for channel ${i}\ntags: [asyncapi-documents, generated-payloads-${i}]\n---\n`,
    yaml: (i: number) =>
      `---\ntitle: "Configuring the generator for page ${i}"\ndescription: >-\n  Generating typed payloads\n  for channel ${i}\ntags:\n  - asyncapi-documents\n  - generated-payloads-${i}\nlast_update:\n  date: 2026-01-0${(i % 9) + 1}\n---\n`,
  };

  for (const [kind, head] of Object.entries(heads)) {
    it(`keep none of the file they were read from (${kind})`, () => {
      const files = 24;
      const before = heapAfterGc();
      let sources: string[] | undefined = Array.from({ length: files }, (_, i) => `${head(i)}${bodyOf(i)}`);
      const kept = sources.map((source, i) => parseFrontMatter({ source, file: `/site/docs/page-${i}.md` }).data);
      expect(kept[5].title).toBe('Configuring the generator for page 5');
      expect(kept[5].description).toBe('Generating typed payloads for channel 5');
      expect(kept[5].tags).toEqual(['asyncapi-documents', 'generated-payloads-5']);
      sources = undefined;
      // The files were 24 × 2 MB (one byte a character in V8: about 1 MB each); what is kept is a few strings each.
      expect(heapAfterGc() - before).toBeLessThan(2_000_000);
      expect(kept).toHaveLength(files);
    });
  }
});
