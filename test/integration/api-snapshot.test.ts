/**
 * The API snapshot (`api.snapshot`, `folio api-snapshot`): a build from a clean checkout takes
 * typedoc's model from the site's snapshot file while the API sources are those it was written
 * from, with the very output a typedoc run gives; anything else runs typedoc. The command writes
 * only over a snapshot of its own, and every path a snapshot names is checked before it is read.
 */
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readApiSnapshot } from '../../src/api/api-snapshot.js';
import { apiInputs } from '../../src/api/load-api.js';
import { loadConfig } from '../../src/config/load-config.js';
import { fixtureCopies, removeDir, repoRoot, runCli, treeHash } from '../support/fixtures.js';

const fixture = fixtureCopies();

/** The api-kinds fixture with `api.snapshot` set to `snapshot`. */
function siteWithSnapshot(snapshot: string): string {
  const root = fixture('api-kinds');
  const config = path.join(root, 'site.config.ts');
  const text = readFileSync(config, 'utf8');
  expect(text).toContain("sidebarLabel: 'Reference',");
  writeFileSync(config, text.replace("sidebarLabel: 'Reference',", `sidebarLabel: 'Reference',\n    snapshot: ${JSON.stringify(snapshot)},`));
  return root;
}

/** A build from a clean checkout: no cache, no output. */
function cleanBuild(root: string) {
  removeDir(path.join(root, '.folio-cache'));
  removeDir(path.join(root, 'out'));
  const result = runCli(['build'], { cwd: root });
  const stage = result.output.split('\n').find((line) => line.includes('api (typedoc)')) ?? '';
  return { ...result, stage };
}

describe('api.snapshot', () => {
  let root: string;
  let reference: Record<string, string>;
  beforeAll(() => {
    root = siteWithSnapshot('api/api-model.json');
    const first = cleanBuild(root);
    expect(first.status, first.output).toBe(0);
    // No snapshot yet: typedoc runs, and the stage line says how to write one.
    expect(first.stage).toContain('generated');
    expect(first.stage).toContain('the snapshot api/api-model.json does not exist yet: `folio api-snapshot` writes it');
    reference = treeHash(path.join(root, 'out'));
  });

  it('`folio api-snapshot` writes it, and a clean build takes the model from it with the output typedoc gives', () => {
    const written = runCli(['api-snapshot'], { cwd: root });
    expect(written.status, written.output).toBe(0);
    expect(written.output).toMatch(/Wrote the API snapshot api\/api-model\.json \(\d+ exports from \d+ files\)/);
    const snapshot = JSON.parse(readFileSync(path.join(root, 'api/api-model.json'), 'utf8'));
    expect(snapshot.folio).toBe('folio-api-snapshot-1');
    // Paths relative to the site: the file reads the same in any checkout.
    expect(JSON.stringify(snapshot).includes(root)).toBe(false);
    expect(snapshot.manifest.files).toContain('api/src/functions.ts');

    const build = cleanBuild(root);
    expect(build.status, build.output).toBe(0);
    expect(build.stage).toContain('from the snapshot api/api-model.json');
    expect(treeHash(path.join(root, 'out'))).toEqual(reference);
    // FOLIO_API_SNAPSHOT=0 (the benchmark's build with typedoc) leaves it unread.
    removeDir(path.join(root, '.folio-cache'));
    const unread = runCli(['build'], { cwd: root, env: { FOLIO_API_SNAPSHOT: '0' } });
    expect(unread.output).toMatch(/api \(typedoc\)\s+\S+ s?\s*\S*\s+generated/);
    expect(treeHash(path.join(root, 'out'))).toEqual(reference);
    removeDir(path.join(root, '.folio-cache'));
    expect(cleanBuild(root).stage).toContain('from the snapshot');
    // The next build finds the model in the cache the snapshot filled.
    const warm = runCli(['build', '--force'], { cwd: root });
    expect(warm.output).toMatch(/api \(typedoc\)\s+\S+ ms\s+cached/);
  });

  it('the same site in another folder takes it too', () => {
    const moved = mkdtempSync(path.join(os.tmpdir(), 'folio-moved-'));
    try {
      const copy = path.join(moved, 'site');
      runCli(['api-snapshot'], { cwd: root });
      expect(runCli(['build'], { cwd: root }).status).toBe(0);
      // cp -r without the cache and output: a fresh checkout of the same files.
      cpSync(root, copy, { recursive: true, filter: (src) => !/[\\/](out|\.folio-cache)([\\/]|$)/.test(src) });
      const build = cleanBuild(copy);
      expect(build.status, build.output).toBe(0);
      expect(build.stage).toContain('from the snapshot api/api-model.json');
      expect(treeHash(path.join(copy, 'out'))).toEqual(reference);
    } finally {
      removeDir(moved);
    }
  });

  it('a changed source: typedoc runs and the page is there; written again, the snapshot is taken again', () => {
    runCli(['api-snapshot'], { cwd: root });
    const source = path.join(root, 'api/src/functions.ts');
    const index = path.join(root, 'api/src/index.ts');
    const before = readFileSync(source, 'utf8');
    const indexBefore = readFileSync(index, 'utf8');
    appendFileSync(source, '\n/** Says farewell to a name. */\nexport function farewell(name: string): string {\n  return `Bye, ${name}`;\n}\n');
    appendFileSync(index, "export { farewell } from './functions.js';\n");
    try {
      const stale = cleanBuild(root);
      expect(stale.status, stale.output).toBe(0);
      expect(stale.stage).toContain('generated');
      expect(stale.stage).toContain('was made from other versions of the API sources');
      expect(existsSync(path.join(root, 'out/docs/api/functions/farewell/index.html'))).toBe(true);
      const changed = treeHash(path.join(root, 'out'));

      expect(runCli(['api-snapshot'], { cwd: root }).status).toBe(0);
      const renewed = cleanBuild(root);
      expect(renewed.stage).toContain('from the snapshot');
      expect(treeHash(path.join(root, 'out'))).toEqual(changed);
    } finally {
      writeFileSync(source, before);
      writeFileSync(index, indexBefore);
    }
  });

  it('a file that is not a snapshot: a warning naming it, a complete build, and the command leaves it alone', () => {
    const file = path.join(root, 'api/api-model.json');
    writeFileSync(file, 'my own notes, not JSON\n');
    const build = cleanBuild(root);
    expect(build.status, build.output).toBe(0);
    expect(build.output).toMatch(/warning API_SNAPSHOT_INVALID .*api\/api-model\.json: api\.snapshot api\/api-model\.json is not JSON: typedoc ran instead/);
    expect(treeHash(path.join(root, 'out'))).toEqual(reference);

    const refused = runCli(['api-snapshot'], { cwd: root });
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('API_SNAPSHOT_REFUSED');
    expect(refused.output).toContain('api/api-model.json exists and is not an API snapshot folio wrote; it was left as it is');
    expect(readFileSync(file, 'utf8')).toBe('my own notes, not JSON\n');
    rmSync(file);
  });

  it('a snapshot naming a device or an absolute path is refused before anything is read from it', () => {
    expect(runCli(['api-snapshot'], { cwd: root }).status).toBe(0);
    const file = path.join(root, 'api/api-model.json');
    const good = readFileSync(file, 'utf8');
    const zero = path.relative(root, '/dev/zero');
    for (const [entry, reason] of [
      [zero, `names ${zero}, which is not a source file`],
      ['/etc/hostname', 'names "/etc/hostname", which is not a path relative to the site root'],
    ]) {
      const snapshot = JSON.parse(good);
      snapshot.manifest.files[0] = entry;
      writeFileSync(file, JSON.stringify(snapshot));
      const build = cleanBuild(root);
      expect(build.status, build.output).toBe(0);
      expect(build.output).toContain(reason);
      expect(build.stage).toContain('generated');
      expect(treeHash(path.join(root, 'out'))).toEqual(reference);
    }
    writeFileSync(file, good);
  });
});

describe('api.snapshot in a folder of the sources', () => {
  it('records itself in that folder’s listing, so a clean build still takes it', () => {
    const root = siteWithSnapshot('api/src/api-model.json');
    const written = runCli(['api-snapshot'], { cwd: root });
    expect(written.status, written.output).toBe(0);
    const build = cleanBuild(root);
    expect(build.status, build.output).toBe(0);
    expect(build.stage).toContain('from the snapshot api/src/api-model.json');
  });
});

describe('api.snapshot paths and the command without one', () => {
  for (const [value, problem] of [
    ['../elsewhere.json', 'is outside the site root'],
    ['/tmp/model.json', 'is an absolute path'],
    ['api/api-model.txt', 'does not end in .json'],
  ]) {
    it(`"${value}": ${problem}`, () => {
      const root = siteWithSnapshot(value);
      for (const command of [['build'], ['api-snapshot']]) {
        const result = runCli(command, { cwd: root });
        expect(result.status).toBe(1);
        expect(result.output).toContain('CONFIG_INVALID');
        expect(result.output).toContain(`api.snapshot "${value}" ${problem}`);
      }
      expect(existsSync(path.resolve(root, value))).toBe(false);
    });
  }

  it('a folder of the path that is a link out of the site: refused, nothing written there', () => {
    const root = siteWithSnapshot('linked/api-model.json');
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'folio-elsewhere-'));
    try {
      symlinkSync(elsewhere, path.join(root, 'linked'));
      for (const command of [['api-snapshot'], ['build']]) {
        const result = runCli(command, { cwd: root });
        expect(result.status).toBe(1);
        expect(result.output).toContain('api.snapshot "linked/api-model.json" is outside the site root through a symbolic link');
      }
      expect(readdirSync(elsewhere)).toEqual([]);
    } finally {
      removeDir(elsewhere);
    }
  });

  it('`folio api-snapshot` on a site without api.snapshot says what to set', () => {
    const root = fixture('api-kinds');
    const result = runCli(['api-snapshot'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.output).toContain('api.snapshot is not set: there is no file to write the snapshot to');
    expect(result.output).toContain("snapshot: 'content/api/api-model.json'");
  });
});

describe("this site's snapshot", () => {
  it('is of content/api as it is now (after changing the API, run `node bin/folio api-snapshot`)', async () => {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'folio-config-'));
    try {
      const loaded = await loadConfig({ root: repoRoot, cacheDir });
      const inputs = apiInputs({ config: loaded.config, root: repoRoot, configFile: loaded.file });
      expect(inputs.snapshot).toBe(path.join(repoRoot, 'content/api/api-model.json'));
      const read = readApiSnapshot({ file: inputs.snapshot!, root: repoRoot, inputKey: inputs.key });
      expect(read.status, 'reason' in read ? read.reason : '').toBe('current');
    } finally {
      removeDir(cacheDir);
    }
  });
});
