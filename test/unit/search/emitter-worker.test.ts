/**
 * The index a build from scratch makes on a worker thread (search.ts `runWorkerJob`) reads the
 * bodies from the cache folder and must come out byte for byte as the one made on the main
 * thread from bodies in memory; a body that no longer verifies sends the work back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Cache } from '../../../src/core/cache.js';
import type { CompiledContent } from '../../../src/markdown/compile.js';
import { storeCompiled } from '../../../src/markdown/compile.js';
import type { SearchSection } from '../../../src/emitters/search/records.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function body(i: number): CompiledContent {
  return {
    html: `<p>Page ${i} sets up the Kafka channel.</p><h2 id="payloads">Payloads</h2><p>Validate payload${i} with zod before <code>publish()</code>.</p><h3 id="headers">Headers</h3><p>Typed headers for page ${i}.</p>`,
    hasTruncate: false,
    headings: [
      { id: 'payloads', text: 'Payloads', depth: 2 },
      { id: 'headers', text: 'Headers', depth: 3 },
    ],
    ids: ['payloads', 'headers'],
    links: [],
    images: [],
    words: 20,
    summary: `Page ${i} sets up the Kafka channel.`,
    usedMdx: false,
  } as CompiledContent;
}

const pages = Array.from({ length: 12 }, (_, i) => ({
  key: `key-${String(i).padStart(2, '0')}`,
  title: `Page ${i}`,
  path: `/docs/page-${i}`,
  section: (i % 3 === 0 ? 'blog' : 'docs') as SearchSection,
  file: `/site/docs/page-${i}.md`,
}));

async function freshSearch() {
  vi.resetModules();
  return import('../../../src/emitters/search/search.js');
}

describe('search index on a worker thread', () => {
  it('gives the same files from bodies read out of the cache folder as from bodies in memory', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'folio-search-worker-'));
    dirs.push(cacheDir);
    const cache = new Cache(cacheDir, { memory: false });
    const bodies: Record<string, string | Pick<CompiledContent, 'html' | 'headings'>> = {};
    pages.forEach((page, i) => {
      // Half in the cache (a lean body), half handed over (a page held in memory).
      if (i % 2 === 0) {
        storeCompiled(cache, `body-${i}`, body(i));
        bodies[page.file] = `body-${i}`;
      } else bodies[page.file] = { html: body(i).html, headings: body(i).headings };
    });
    const onWorker = await (await freshSearch()).runWorkerJob({ pages, bodies, cacheDir, cacheSalt: 'salt' });

    const here = await (await freshSearch()).indexPages({
      pages,
      cacheSalt: 'salt',
      writeBuckets: false,
      bodiesOf: async (missing) => new Map(missing.map((page) => [page.file, body(pages.findIndex((one) => one.file === page.file))])),
    });
    expect(onWorker).toBeDefined();
    expect(onWorker!.files.length).toBeGreaterThan(1);
    expect(onWorker).toEqual(here);
    // What the worker found is searchable: the terms of the bodies are in the index files.
    expect(onWorker!.files.some((file) => file.contents.includes('payload11'))).toBe(true);
  });

  it('gives up (the main thread builds the index) when a body is not in the cache folder', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'folio-search-worker-'));
    dirs.push(cacheDir);
    const bodies = Object.fromEntries(pages.map((page, i) => [page.file, `never-stored-${i}`]));
    expect(await (await freshSearch()).runWorkerJob({ pages, bodies, cacheDir, cacheSalt: 'salt' })).toBeUndefined();
  });
});
