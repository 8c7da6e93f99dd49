/**
 * The search index in watch mode (BuildSession, what `folio serve` runs): an edit of one page
 * rewrites the index files of the terms that page touches, its record chunk and the manifest,
 * not every file (shards hold no global statistic); the files it keeps are not written again;
 * and the result is still byte for byte what a build from scratch writes.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../src/build/incremental/staging.js';
import { BuildSession } from '../../src/build/session.js';
import { createLogger } from '../../src/core/logger.js';
import { copyFixture, removeDir } from '../support/fixtures.js';

const logger = createLogger({ write: () => {}, writeError: () => {} });
const now = () => new Date('2026-01-01T00:00:00Z');
let site: string;

/** Made-up words with many different first letters, so the index has many shard files. */
const SYLLABLES = ['ba', 'ce', 'di', 'fo', 'gu', 'ha', 'je', 'ki', 'lo', 'mu', 'ne', 'pi', 'qua', 'ro', 'su', 'te', 'vi', 'wo', 'xa', 'yo', 'ze'];
const word = (n: number) =>
  SYLLABLES[n % SYLLABLES.length] + SYLLABLES[Math.floor(n / SYLLABLES.length) % SYLLABLES.length] + SYLLABLES[(n * 7) % SYLLABLES.length];
const prose = (seed: number, count: number) => Array.from({ length: count }, (_, i) => word(seed * 31 + i * 13)).join(' ');

const searchFiles = (out: string) => readdirSync(path.join(out, 'assets/search')).sort();

beforeAll(async () => {
  site = copyFixture('dev-site');
  const dir = path.join(site, 'content/docs/many');
  mkdirSync(dir, { recursive: true });
  for (let page = 0; page < 60; page++) {
    const sections = [0, 1, 2].map((n) => `## Part ${word(page * 3 + n)}\n\n${prose(page * 3 + n, 60)}.\n`).join('\n');
    writeFileSync(path.join(dir, `page-${page}.md`), `---\ntitle: Page ${word(page)}\n---\n\n${prose(page, 40)}.\n\n${sections}`);
  }
}, 60_000);

afterAll(() => removeDir(site));

describe('search index in watch mode', () => {
  it('an edit of one page rewrites only some index files, and matches a build from scratch', async () => {
    const session = new BuildSession({ root: site, logger, now });
    expect((await session.build()).ok).toBe(true);
    const out = path.join(site, 'out');
    const before = searchFiles(out);
    // The file itself (inode and modification time): a file written again is a new one.
    const identity = (name: string) => {
      const stat = statSync(path.join(out, 'assets/search', name));
      return `${stat.ino}:${stat.mtimeMs}`;
    };
    const identities = new Map(before.map((name) => [name, identity(name)]));
    expect(before.length).toBeGreaterThan(20);

    const file = path.join(site, 'content/docs/many/page-17.md');
    // A long section (the average record length moves: every score of the old format changed).
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n## Late note\n\nThe zephyrine option arrives. ${'Zephyrine again. '.repeat(100)}\n`);
    const result = await session.update([{ path: file, type: 'change' }]);
    expect(result.ok, String(!result.ok && result.error)).toBe(true);

    const after = searchFiles(out);
    const kept = after.filter((name) => before.includes(name));
    const written = after.filter((name) => !before.includes(name));
    // The manifest keeps its name; the page's chunk and the shards of its new words are new files.
    expect(written.length).toBeGreaterThan(0);
    expect(written.some((name) => name.startsWith('r-'))).toBe(true);
    expect(written.length).toBeLessThan(before.length / 4);
    expect(kept.length).toBeGreaterThan((before.length * 3) / 4);
    for (const name of kept.filter((name) => name !== 'manifest.json')) expect(identity(name), name).toBe(identities.get(name));
    // Nothing stale is left: the index in out/ is the one a build from scratch writes.
    const fresh = new BuildSession({ root: site, outDir: 'out-fresh', logger, now });
    expect((await fresh.build()).ok).toBe(true);
    const freshDir = path.join(site, 'out-fresh/assets/search');
    expect(after).toEqual(searchFiles(path.join(site, 'out-fresh')));
    for (const name of listFiles(freshDir))
      expect(readFileSync(path.join(out, 'assets/search', name), 'utf8'), name).toBe(readFileSync(path.join(freshDir, name), 'utf8'));
  }, 120_000);
});
