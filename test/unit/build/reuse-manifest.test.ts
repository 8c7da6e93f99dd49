/**
 * The reuse manifest (reuse-output.ts) gives back every page's record as it was written, links and
 * ids included, while each repeated href and id is stored once; a manifest whose table does not
 * hold an index it names, or of the earlier shape, reuses nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seal } from '../../../src/core/cache.js';
import { manifestFile, readManifest, type ReuseManifest, writeManifest } from '../../../src/build/incremental/reuse-output.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'folio-manifest-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function manifestOf(pages: number): ReuseManifest {
  const outDir = path.join(dir, 'out');
  const theme = Array.from({ length: 40 }, (_, i) => `/docs/section-${i}/a-page-with-a-long-name-${i}`);
  const routes: ReuseManifest['routes'] = {};
  for (let p = 0; p < pages; p++) {
    routes[`/docs/page-${p}`] = {
      fingerprint: `fp${p}`,
      files: [`docs/page-${p}/index.html`, `assets/data/page-${p}.json`],
      links: {
        path: `/docs/page-${p}`,
        origin: `/site/docs/page-${p}.md`,
        contentLinks: [{ href: `./page-${p + 1}.md`, line: 3, column: 1 }],
        hrefs: [...theme, `/docs/page-${p + 1}`, '#intro'],
        ids: ['sidebar-docs', `heading-${p}`, 'intro'],
        ...(p % 7 === 0 ? { heldIds: [`held-${p}`, 'intro'] } : {}),
      },
    };
  }
  return { outDir, routes };
}

describe('the reuse manifest', () => {
  it('reads back every record as written, with the stats taken, each repeated link stored once', () => {
    const manifest = manifestOf(200);
    const outputs = Object.fromEntries(
      Object.values(manifest.routes).flatMap((route) => route.files.map((file) => [path.join(manifest.outDir, file), '12:34'])),
    );
    writeManifest(dir, manifest, outputs);
    const read = readManifest(dir, manifest.outDir);
    const expected = structuredClone(manifest.routes);
    for (const route of Object.values(expected)) route.stats = ['12:34', '12:34'];
    expect(read).toEqual({ outDir: manifest.outDir, routes: expected });
    // The 40 theme links of every page are in the file once, not 200 times.
    const text = readFileSync(manifestFile(dir, manifest.outDir), 'utf8');
    expect(text.split('a-page-with-a-long-name-7"').length - 1).toBe(1);
    expect(text.length).toBeLessThan(JSON.stringify(expected).length / 3);
  });

  it('reuses nothing from a manifest that names a link its table lacks, or of the shape before', () => {
    const manifest = manifestOf(3);
    writeManifest(dir, manifest, {});
    const file = manifestFile(dir, manifest.outDir);
    const stored = JSON.parse(readFileSync(file, 'utf8').replace(/^[^\n]*\n/, ''));
    stored.routes['/docs/page-1'].links.hrefs.push(stored.strings.length + 5);
    writeFileSync(file, seal(JSON.stringify(stored)));
    expect(readManifest(dir, manifest.outDir)).toBeUndefined();
    writeFileSync(file, seal(JSON.stringify(manifest)));
    expect(readManifest(dir, manifest.outDir)).toBeUndefined();
  });
});
