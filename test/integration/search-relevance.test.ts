/**
 * Search relevance on this repository's site: 20 queries a reader would type, each with the
 * page they want among the first 3 results. The engine runs in Node on the index the build wrote.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSearch } from '../../src/shared/search/engine.js';
import { buildSite, removeDir, repoRoot } from '../support/fixtures.js';

let outDir: string;
let engine: ReturnType<typeof createSearch>;

beforeAll(async () => {
  outDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'folio-search-')), 'out');
  const result = await buildSite(repoRoot, { outDir, quiet: true });
  if (!result.ok) throw new Error(String(result.error));
  engine = createSearch(async (file) => JSON.parse(readFileSync(path.join(outDir, 'assets/search', file), 'utf8')));
}, 240_000);
afterAll(() => removeDir(path.dirname(outDir)));

// [query, the page wanted (a prefix ending in * matches any page under it)]
const QUERIES: [string, string][] = [
  ['kafka', '/docs/protocols/kafka'],
  ['payload validation', '/docs/generators/payloads'],
  ['nats request reply', '/docs/protocols/nats'],
  ['migrate v0', '/docs/migrations/v0'],
  ['zod', '/docs/api/variables/zod*'],
  ['headers generator', '/docs/generators/headers'],
  ['typscript', '/docs/integrations/typescript'],
  ['loadConfigFile', '/docs/api/functions/loadConfigFile'],
  ['realizeGeneratorContext', '/docs/api/functions/realizeGeneratorContext'],
  ['install cli', '/docs/getting-started'],
  ['asyncapi client generator', '/docs/generators/client'],
  ['contributing', '/docs/contributing'],
  ['custom generator', '/docs/generators/custom'],
  ['configuration file', '/docs/configurations'],
  ['mqtt', '/docs/protocols/mqtt'],
  ['eventsource', '/docs/protocols/eventsource'],
  ['openapi', '/docs/inputs/openapi'],
  ['nextjs', '/docs/integrations/nextjs'],
  ['http client', '/docs/protocols/http_client'],
  ['dynamic channel routing', '/blog/asyncapi-parameters-generator'],
];

it.each(QUERIES)('"%s" finds %s in the first 3 results', async (query, wanted) => {
  const urls = (await engine.search(query, { limit: 3 })).map((result) => result.url);
  const match = (url: string) => (wanted.endsWith('*') ? url.startsWith(wanted.slice(0, -1)) : url === wanted);
  expect(urls.some(match), `results: ${urls.join(', ')}`).toBe(true);
});
