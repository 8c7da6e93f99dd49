/**
 * The config's bundle is kept between builds (load-config.ts): a build whose config and the files
 * it imports are as they were skips esbuild; any change to what esbuild read, to the names beside
 * those files, or to a tsconfig.json above them bundles it again, and the pages show the new value.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSealed, writeSealed } from '../../src/core/cache.js';
import { buildSite, fixtureCopies, readOut, runCli, type CapturedBuild } from '../support/fixtures.js';

const fixture = fixtureCopies();
const titleOf = (root: string) => /<title>([^<]*)<\/title>/.exec(readOut(root, 'docs/getting-started/index.html'))?.[1] ?? '';
const loadLine = (build: CapturedBuild) => build.stdout.split('\n').find((line) => line.includes('loadConfig')) ?? '';

describe('the config bundle kept between builds', () => {
  let root: string;
  let configFile: string;
  beforeAll(() => {
    root = fixture('docs-basic');
    configFile = path.join(root, 'site.config.ts');
    const config = readFileSync(configFile, 'utf8')
      .replace(
        "import { defineConfig } from 'folio';",
        "import { defineConfig } from 'folio';\nimport { siteTitle } from './site-title';\nimport { tagline } from '#tagline';",
      )
      .replace("title: 'Fixture Docs',", 'title: siteTitle,')
      .replace("copyright: 'Copyright © 2025 Fixture'", 'copyright: tagline');
    expect(config).toContain('title: siteTitle');
    expect(config).toContain('copyright: tagline');
    writeFileSync(configFile, config);
    writeFileSync(path.join(root, 'site-title.ts'), "export const siteTitle = 'Kept Title One';\n");
    writeFileSync(path.join(root, 'tagline-a.ts'), "export const tagline = 'Tagline from A';\n");
    writeFileSync(path.join(root, 'tagline-b.ts'), "export const tagline = 'Tagline from B';\n");
    writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { paths: { '#tagline': ['./tagline-a.ts'] } } }));
  });

  it('is used again when nothing it was made of changed, and made again for every change to its sources', async () => {
    const first = await buildSite(root);
    expect(first.ok, first.stderr).toBe(true);
    expect(loadLine(first)).not.toMatch(/bundle kept/);
    expect(titleOf(root)).toContain('Kept Title One');

    const again = await buildSite(root);
    expect(again.upToDate).toBe(true);
    expect(loadLine(again)).toMatch(/bundle kept/);

    // A file the config imports.
    writeFileSync(path.join(root, 'site-title.ts'), "export const siteTitle = 'Kept Title Two';\n");
    const edited = await buildSite(root);
    expect(edited.ok, edited.stderr).toBe(true);
    expect(loadLine(edited)).not.toMatch(/bundle kept/);
    expect(edited.upToDate).toBeUndefined();
    expect(titleOf(root)).toContain('Kept Title Two');
    expect(loadLine(await buildSite(root))).toMatch(/bundle kept/);

    // A new file that `./site-title` now means (esbuild tries .tsx before .ts).
    writeFileSync(path.join(root, 'site-title.tsx'), "export const siteTitle = 'Kept Title Three';\n");
    const shadowed = await buildSite(root);
    expect(loadLine(shadowed)).not.toMatch(/bundle kept/);
    expect(titleOf(root)).toContain('Kept Title Three');
    rmSync(path.join(root, 'site-title.tsx'));
    const unshadowed = await buildSite(root);
    expect(loadLine(unshadowed)).not.toMatch(/bundle kept/);
    expect(titleOf(root)).toContain('Kept Title Two');

    // The tsconfig.json that maps `#tagline`.
    expect(readOut(root, 'index.html')).toContain('Tagline from A');
    writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { paths: { '#tagline': ['./tagline-b.ts'] } } }));
    const remapped = await buildSite(root);
    expect(loadLine(remapped)).not.toMatch(/bundle kept/);
    expect(readOut(root, 'index.html')).toContain('Tagline from B');
  });

  it('is not used when its record names something other than a regular file (a device is never read)', async () => {
    await buildSite(root);
    const file = path.join(root, '.folio-cache', 'config-bundle.json');
    const record = JSON.parse(readSealed(file) ?? '') as { inputs: string[] };
    writeSealed(file, JSON.stringify({ ...record, inputs: [...record.inputs, '/dev/zero'] }));
    const build = await buildSite(root);
    expect(build.ok, build.stderr).toBe(true);
    expect(loadLine(build)).not.toMatch(/bundle kept/);
    expect(loadLine(await buildSite(root))).toMatch(/bundle kept/);
  });

  it('is not used when its file in the cache was changed', async () => {
    await buildSite(root);
    const cacheDir = path.join(root, '.folio-cache');
    const record = JSON.parse(readSealed(path.join(cacheDir, 'config-bundle.json')) ?? '') as { hash: string };
    const bundle = path.join(cacheDir, `config-${record.hash}.mjs`);
    writeFileSync(bundle, readFileSync(bundle, 'utf8').replace('Kept Title Two', 'Tampered Title'));
    const build = await buildSite(root);
    expect(build.ok, build.stderr).toBe(true);
    expect(loadLine(build)).not.toMatch(/bundle kept/);
    expect(titleOf(root)).toContain('Kept Title Two');
    expect(readFileSync(bundle, 'utf8')).not.toContain('Tampered Title');
  });

  // A process of its own per build: Node keeps a module it imported by its URL, so a second build
  // in one process (a test, `folio serve`) gets the value the kept bundle gave the first time.
  it('validates the value again when the same bundle gives another one, and reports an invalid one', () => {
    const config = readFileSync(configFile, 'utf8');
    writeFileSync(
      configFile,
      config
        .replace('title: siteTitle,', "title: process.env.FOLIO_TEST_SITE_TITLE ?? siteTitle,\n  baseUrl: process.env.FOLIO_TEST_BASE_URL ?? '/',")
        .replace("baseUrl: '/',\n  favicon", 'favicon'),
    );
    const cli = (env: Record<string, string>) => runCli(['build', '--root', root], { env });
    const line = (output: string) => output.split('\n').find((entry) => entry.includes('loadConfig')) ?? '';

    const first = cli({ FOLIO_TEST_SITE_TITLE: 'Title From The Environment' });
    expect(first.status, first.output).toBe(0);
    expect(titleOf(root)).toContain('Title From The Environment');
    const same = cli({ FOLIO_TEST_SITE_TITLE: 'Title From The Environment' });
    expect(line(same.output)).toMatch(/bundle kept/);
    expect(same.output).toMatch(/Nothing changed/);

    const second = cli({ FOLIO_TEST_SITE_TITLE: 'Another Title From The Environment' });
    expect(second.status, second.output).toBe(0);
    expect(line(second.output)).toMatch(/bundle kept/);
    expect(second.output).toMatch(/checkInputs .*config or folio changed/);
    expect(titleOf(root)).toContain('Another Title From The Environment');

    const invalid = cli({ FOLIO_TEST_SITE_TITLE: 'Another Title From The Environment', FOLIO_TEST_BASE_URL: 'docs' });
    expect(invalid.status).not.toBe(0);
    expect(invalid.output).toMatch(/CONFIG_INVALID/);
    expect(invalid.output).toMatch(/baseUrl/);
    expect(titleOf(root)).toContain('Another Title From The Environment');
  });
});
