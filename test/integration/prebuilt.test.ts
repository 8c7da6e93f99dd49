/**
 * The default theme's bundles made with folio (scripts/build-self.mjs → dist/prebuilt/,
 * src/assets/prebuilt.ts): a site that bundles nothing of its own uses them, byte for byte what its
 * own build would make; a site with files of its own does not; a record is used only while the
 * files it was made of are as they were, and only folio's build writes one.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashOf } from '../../src/core/hash.js';
import { corpusSite, fixtureCopies, removeDir, repoRoot, runCli, treeHash } from '../support/fixtures.js';

const prebuiltDir = path.join(repoRoot, 'dist/prebuilt');
const cacheFiles = (site: string, folder: string) => {
  const dir = path.join(site, '.folio-cache', folder);
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : [];
};

describe("folio's prebuilt bundles of the default theme", () => {
  const sites: string[] = [];
  afterAll(() => {
    for (const site of sites) removeDir(site);
  });

  it('build-self made the client and the server bundle', () => {
    const files = readdirSync(prebuiltDir);
    expect(files.filter((file) => /^client-[0-9a-f]{24}\.json$/.test(file))).toHaveLength(1);
    expect(files.filter((file) => /^server-[0-9a-f]{24}\.json$/.test(file))).toHaveLength(1);
    expect(files.filter((file) => /^server-[0-9a-f]{16}\.mjs$/.test(file))).toHaveLength(1);
  });

  it('a site with no bundle of its own uses them: none made in its cache, out/ byte for byte as with its own (FOLIO_PREBUILT=0)', () => {
    const site = corpusSite(30);
    sites.push(site);
    const own = runCli(['build', '--root', site, '--out', 'own'], { env: { FOLIO_PREBUILT: '0' } });
    expect(own.status, own.output).toBe(0);
    // Its own build bundled the client (bundle/) and the server (server/).
    expect(cacheFiles(site, 'server').some((file) => file.endsWith('.mjs'))).toBe(true);
    expect(cacheFiles(site, 'bundle').some((file) => file.endsWith('.json'))).toBe(true);
    rmSync(path.join(site, '.folio-cache'), { recursive: true, force: true });

    const built = runCli(['build', '--root', site], { env: { FOLIO_PREBUILT: '' } });
    expect(built.status, built.output).toBe(0);
    expect(cacheFiles(site, 'server')).toEqual([]);
    expect(cacheFiles(site, 'bundle')).toEqual([]);
    const out = treeHash(path.join(site, 'out'));
    expect(Object.keys(out).filter((file) => /^assets\/client-.*\.js$/.test(file))).toHaveLength(1);
    expect(out).toEqual(treeHash(path.join(site, 'own')));

    // Nothing changed: the next build is up to date (the prebuilt bundles' files are among its inputs).
    const again = runCli(['build', '--root', site]);
    expect(again.status, again.output).toBe(0);
    expect(again.output).toMatch(/up to date|nothing changed/i);
  });

  it('a site with a theme file of its own bundles its own client and server', () => {
    const site = fixtureCopies()('docusaurus-compat');
    const themeFiles = existsSync(path.join(site, 'src/theme')) ? readdirSync(path.join(site, 'src/theme')) : [];
    expect(themeFiles.length, 'the fixture replaces a theme component').toBeGreaterThan(0);
    const built = runCli(['build', '--root', site]);
    expect(built.status, built.output).toBe(0);
    expect(cacheFiles(site, 'server').some((file) => file.endsWith('.mjs'))).toBe(true);
    expect(cacheFiles(site, 'bundle').some((file) => file.endsWith('.json'))).toBe(true);
  });

  it('a record is used only while its files are as they were, and names files inside folio only', async () => {
    const { lookupPrebuilt } = await import('../../src/assets/prebuilt.js');
    const key = `test${process.pid}${Date.now().toString(16)}`.slice(0, 24);
    const file = path.join(prebuiltDir, `client-${key}.json`);
    const write = (record: object) => writeFileSync(file, JSON.stringify(record));
    const inputs = ['package.json'];
    const inputsHash = hashOf('package.json', readFileSync(path.join(repoRoot, 'package.json')));
    try {
      write({ inputs, inputsHash, files: [], extra: { made: 'here' } });
      expect(lookupPrebuilt('client', key)?.extra).toEqual({ made: 'here' });
      // The file changed since (another hash): a miss.
      write({ inputs, inputsHash: hashOf('package.json', 'another text'), files: [], extra: {} });
      expect(lookupPrebuilt('client', key)).toBeUndefined();
      // A file out of folio's folder: a miss, not read.
      write({ inputs: ['../outside.txt'], inputsHash, files: [], extra: {} });
      expect(lookupPrebuilt('client', key)).toBeUndefined();
      // Damaged: a miss.
      writeFileSync(file, '{"inputs": [');
      expect(lookupPrebuilt('client', key)).toBeUndefined();
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('only a build that names dist/prebuilt/ in FOLIO_PREBUILD_DIR writes one', async () => {
    const { storePrebuilt } = await import('../../src/assets/prebuilt.js');
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'folio-prebuild-elsewhere-'));
    const before = readdirSync(prebuiltDir).sort();
    const saved = process.env.FOLIO_PREBUILD_DIR;
    try {
      for (const value of [undefined, elsewhere, path.join(elsewhere, '..', path.basename(elsewhere))]) {
        if (value === undefined) delete process.env.FOLIO_PREBUILD_DIR;
        else process.env.FOLIO_PREBUILD_DIR = value;
        storePrebuilt('client', 'abcdef0123456789abcdef01', { inputs: [path.join(repoRoot, 'package.json')], files: [], extra: {} });
      }
      expect(readdirSync(elsewhere)).toEqual([]);
      expect(readdirSync(prebuiltDir).sort()).toEqual(before);
    } finally {
      if (saved === undefined) delete process.env.FOLIO_PREBUILD_DIR;
      else process.env.FOLIO_PREBUILD_DIR = saved;
      removeDir(elsewhere);
    }
  });
});

describe('which sites take them (prebuiltKey)', () => {
  it('a site with a .tsx page, a theme file or customCss has no key; the base URL, search and memos are part of it', async () => {
    const { prebuiltKey } = await import('../../src/assets/prebuilt.js');
    const theme = { root: '/site', assetsUrl: '/assets', overrides: {}, customCss: [] };
    const key = prebuiltKey('client', { pages: [], theme, settings: 'true' });
    expect(key).toMatch(/^[0-9a-f]{24}$/);
    expect(prebuiltKey('client', { pages: [{}], theme, settings: 'true' })).toBeUndefined();
    expect(prebuiltKey('client', { pages: [], theme: { ...theme, overrides: { Navbar: '/site/src/theme/Navbar.tsx' } }, settings: 'true' })).toBeUndefined();
    expect(prebuiltKey('client', { pages: [], theme: { ...theme, customCss: ['/site/custom.css'] }, settings: 'true' })).toBeUndefined();
    expect(prebuiltKey('client', { pages: [], theme: undefined, settings: 'true' })).toBeUndefined();
    expect(prebuiltKey('client', { pages: [], theme: { ...theme, assetsUrl: '/base/assets' }, settings: 'true' })).not.toBe(key);
    expect(prebuiltKey('client', { pages: [], theme, settings: 'false' })).not.toBe(key);
    expect(prebuiltKey('server', { pages: [], theme, settings: 'true' })).not.toBe(key);
    // Where the site is does not matter.
    expect(prebuiltKey('client', { pages: [], theme: { ...theme, root: '/elsewhere' }, settings: 'true' })).toBe(key);
  });
});
