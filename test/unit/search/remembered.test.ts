/**
 * The search emitter keeps each page's records and terms in memory for the next run in the same
 * process (an edit in `folio serve`), where only changed pages are cut again; a one-shot build has
 * no next run and keeps nothing (at 10,000 pages the records were over 100 MB held to its end).
 */
import { describe, expect, it } from 'vitest';
import { indexFiles, type IndexJob } from '../../../src/emitters/search/search.js';

const pages: IndexJob['pages'] = Array.from({ length: 5 }, (_, i) => ({
  key: `key-${i}`,
  path: `/docs/p${i}`,
  title: `Page ${i}`,
  section: 'docs',
  file: `/site/docs/p${i}.md`,
}));

/** Runs the emitter's index step and says which bodies it read. */
async function run(lastRun: boolean) {
  const read: string[] = [];
  const files = await indexFiles({ pages, cacheSalt: 'test', lastRun }, async (wanted) => {
    read.push(...wanted);
    return new Map(wanted.map((file) => [file, { html: `<p>Body of ${file} about payloads</p>`, headings: [] }]));
  });
  return { read, files };
}

describe('the records of indexed pages', () => {
  it('are kept for a later run in the same process, and not after a one-shot build', async () => {
    const first = await run(false);
    expect(first.read).toHaveLength(5);
    // A session's next run reads no body: every page's records are in memory.
    const again = await run(true);
    expect(again.read).toEqual([]);
    expect(again.files).toEqual(first.files);
    // That run was the last: nothing is kept, and a later one reads every body again.
    const after = await run(false);
    expect(after.read).toHaveLength(5);
    expect(after.files).toEqual(first.files);
  });
});
