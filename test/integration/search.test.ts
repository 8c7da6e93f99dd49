/**
 * Built-in search through the CLI: `folio build` writes the index (manifest, shards, record
 * chunks) and the /search page, out of the sitemap; `search: false` writes neither; and in
 * `folio serve` an edited page's new text is in the served index after the rebuild, read over
 * HTTP with the same engine the browser runs.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearch } from '../../src/shared/search/engine.js';
import { buildSite, copyFixture, readOut, removeDir } from '../support/fixtures.js';
import { connectEvents, startCli, type CliServer, type SseClient } from '../support/serve.js';

const roots: string[] = [];
afterAll(() => roots.forEach(removeDir));
const fixture = () => {
  const root = copyFixture('dev-site');
  roots.push(root);
  return root;
};

/** The engine reading an index over HTTP, as the browser does. */
const httpEngine = (origin: string) =>
  createSearch(async (file) => {
    const response = await fetch(`${origin}/assets/search/${file}`);
    if (!response.ok) throw new Error(`${file}: ${response.status}`);
    return response.json();
  });

describe('search in folio build', () => {
  it('writes the index and the /search page (noindex, not in the sitemap)', async () => {
    const root = fixture();
    const result = await buildSite(root);
    expect(result.ok).toBe(true);
    const manifest = JSON.parse(readOut(root, 'assets/search/manifest.json')) as { shards: Record<string, string>; chunks: [number, string][] };
    for (const file of [...Object.values(manifest.shards), ...manifest.chunks.map(([, name]) => name)]) {
      expect(file).toMatch(/^[tr]-[\w-]+-[0-9a-f]{10}\.json$/);
      expect(existsSync(path.join(root, 'out/assets/search', file))).toBe(true);
    }
    const page = readOut(root, 'search/index.html');
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page).toContain('Search needs JavaScript.');
    expect(page).toMatch(/<a href="\/search" class="search-button"/);
    expect(readOut(root, 'sitemap.xml')).not.toContain('/search');
  });

  it('search: false writes no index, no page and no button', async () => {
    const root = fixture();
    const config = path.join(root, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace('export default defineConfig({', 'export default defineConfig({\n  search: false,'));
    const result = await buildSite(root);
    expect(result.ok).toBe(true);
    expect(existsSync(path.join(root, 'out/assets/search'))).toBe(false);
    expect(existsSync(path.join(root, 'out/search/index.html'))).toBe(false);
    expect(readOut(root, 'index.html')).not.toContain('search-button');
    expect(readdirSync(path.join(root, 'out/assets')).some((file) => file.startsWith('search-'))).toBe(false);
  });
});

describe('search in folio serve', () => {
  let server: CliServer;
  let sse: SseClient;
  let root: string;
  beforeAll(async () => {
    root = fixture();
    server = await startCli(['serve', '--root', root, '--port', '0']);
    sse = await connectEvents(server.url);
  }, 120_000);
  afterAll(async () => {
    sse?.close();
    await server?.stop();
  });

  it('after an edit, the new text is found in the served index without a restart', async () => {
    expect(await httpEngine(server.url).search('quokkaberry ')).toEqual([]);
    const before = JSON.parse(await (await fetch(`${server.url}/assets/search/manifest.json`)).text()) as { shards: Record<string, string> };
    const after = sse.events.length;
    const file = path.join(root, 'content/docs/getting-started.md');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n## Fresh section\n\nThe quokkaberry flag is new.\n`);
    await sse.next({ after, match: (event) => event.name === 'update' });
    // A fresh engine (as after a reload): the manifest names the new shard files.
    const results = await httpEngine(server.url).search('quokkaberry ');
    expect(results.map((result) => result.url)).toEqual(['/docs/getting-started']);
    expect(results[0].sections[0]).toMatchObject({ heading: 'Fresh section', url: '/docs/getting-started#fresh-section' });
    const manifest = JSON.parse(await (await fetch(`${server.url}/assets/search/manifest.json`)).text()) as { shards: Record<string, string> };
    expect(manifest.shards.qu).not.toBe(before.shards.qu);
    // The old shard file is gone (the emitter's stale files are deleted).
    if (before.shards.qu) expect((await fetch(`${server.url}/assets/search/${before.shards.qu}`)).status).toBe(404);
  });
});
