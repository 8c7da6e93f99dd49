/**
 * folio never deletes or overwrites what the user wrote: an output folder
 * that is, contains or sits inside the site's sources is refused before the
 * build writes anything; an existing folder is replaced only when folio can
 * prove it wrote it; temporary folders of killed builds are removed by the
 * next build, and only those. Each refused build is checked against the
 * whole site: every source file byte-identical afterwards.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutputPath, realPathOf } from '../../src/build/output-guard.js';
import { OUTPUT_MARKER, PROOF_FILES, removeStaleTemps } from '../../src/build/output.js';
import { copyFixture, fixturesDir, removeDir, repoRoot, runCli, treeHash } from '../support/fixtures.js';

/** The site's files other than folio's own output and cache, with their hashes. */
function sources(site: string): Record<string, string> {
  return Object.fromEntries(Object.entries(treeHash(site)).filter(([file]) => !/^(out|\.folio-cache)(\/|$)/.test(file)));
}

const temps = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('.folio-tmp-'));

describe('an output folder that collides with the site is refused before anything is written', () => {
  // The site sits in a folder of its own, so `--out ..` points at a folder this test owns.
  let parent: string;
  let site: string;
  let before: Record<string, string>;
  beforeAll(() => {
    parent = mkdtempSync(path.join(os.tmpdir(), 'folio-outsafety-'));
    site = path.join(parent, 'site');
    cpSync(path.join(fixturesDir, 'dev-site'), site, { recursive: true });
    writeFileSync(path.join(parent, 'keep-me.txt'), 'a file beside the site\n');
    expect(runCli(['build'], { cwd: site }).status).toBe(0);
    before = sources(parent);
  });
  afterAll(() => removeDir(parent));

  const cases: [string, RegExp][] = [
    ['content', /--out content would contain the docs folder/],
    ['content/docs', /--out content\/docs is the docs folder/],
    ['content/docs/guides', /is inside the docs folder/],
    ['content/blog', /is the blog folder/],
    ['content/static', /is the static folder/],
    ['content/pages', /is the pages folder/],
    ['.', /--out \. is the site root/],
    ['..', /is a folder above the site root/],
    ['../..', /is a folder above the site root/],
    ['site.config.ts', /is the config file/],
    ['.folio-cache', /is folio's cache folder/],
    ['.folio-cache/x', /is inside folio's cache folder/],
  ];
  for (const [out, message] of cases) {
    it(`--out ${out}`, () => {
      const result = runCli(['build', '--out', out], { cwd: site });
      expect(result.status).toBe(1);
      expect(result.output).toContain('error OUTPUT_COLLIDES The output folder collides with the site');
      expect(result.output).toMatch(message);
      expect(result.output).not.toMatch(/\n\s+at /);
      expect(sources(parent)).toEqual(before);
      expect(temps(site)).toEqual([]);
      expect(temps(parent)).toEqual([]);
    });
  }

  it('a symbolic link to a source folder is no way around it', () => {
    const link = path.join(parent, 'link-to-docs');
    symlinkSync(path.join(site, 'content', 'docs'), link);
    try {
      const result = runCli(['build', '--out', link], { cwd: site });
      expect(result.status).toBe(1);
      expect(result.output).toContain('OUTPUT_COLLIDES');
    } finally {
      rmSync(link);
    }
    expect(sources(parent)).toEqual(before);
  });

  it('a folder beside the site is fine', () => {
    const result = runCli(['build', '--out', '../public'], { cwd: site });
    expect(result.status).toBe(0);
    expect(existsSync(path.join(parent, 'public', 'index.html'))).toBe(true);
    expect(existsSync(path.join(parent, 'public', OUTPUT_MARKER))).toBe(true);
    expect(readFileSync(path.join(parent, 'keep-me.txt'), 'utf8')).toBe('a file beside the site\n');
    rmSync(path.join(parent, 'public'), { recursive: true });
  });
});

describe('the filesystem root and the home folder are refused (checked without building)', () => {
  const guard = (outDir: string) => () => checkOutputPath({ root: path.join(os.tmpdir(), 'some-site'), outDir, option: '--out', sources: [] });
  it('refuses /', () => expect(guard(path.parse(process.cwd()).root)).toThrow(/is the filesystem root/));
  it('refuses the home folder', () => expect(guard(os.homedir())).toThrow(/is your home folder/));
  it('compares real paths', () => {
    expect(realPathOf(path.join(os.tmpdir(), 'does', 'not', 'exist'))).toBe(path.join(realPathOf(os.tmpdir()), 'does', 'not', 'exist'));
  });
});

describe('an existing folder is replaced only when folio wrote it', () => {
  let root: string;
  beforeAll(() => {
    root = copyFixture('blog-basic');
  });
  afterAll(() => removeDir(root));

  it('refuses a folder of the user and leaves it as it was', () => {
    mkdirSync(path.join(root, 'mine'));
    writeFileSync(path.join(root, 'mine', 'notes.txt'), 'my notes\n');
    const result = runCli(['build', '--out', 'mine'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.output).toContain('error OUTPUT_NOT_FOLIO The output folder was not written by folio');
    expect(result.output).toMatch(/--out mine is a folder that folio did not write/);
    expect(result.output).toMatch(/hint .*--out with another folder, or move or delete this one yourself/);
    expect(readdirSync(path.join(root, 'mine'))).toEqual(['notes.txt']);
    expect(temps(root)).toEqual([]);
  });

  it('refuses a file', () => {
    writeFileSync(path.join(root, 'a-file'), 'text\n');
    const result = runCli(['build', '--out', 'a-file'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/--out a-file is a file/);
    expect(readFileSync(path.join(root, 'a-file'), 'utf8')).toBe('text\n');
  });

  it('builds into an empty folder, and replaces its own output on the next build', () => {
    mkdirSync(path.join(root, 'empty'));
    expect(runCli(['build', '--out', 'empty'], { cwd: root }).status).toBe(0);
    expect(existsSync(path.join(root, 'empty', OUTPUT_MARKER))).toBe(true);
    expect(runCli(['build', '--out', 'empty', '--force'], { cwd: root }).status).toBe(0);
    expect(existsSync(path.join(root, 'empty', 'index.html'))).toBe(true);
  });

  it("replaces an output of a folio from before the marker (routes.json and 404.html in folio's shape)", () => {
    expect(runCli(['build'], { cwd: root }).status).toBe(0);
    rmSync(path.join(root, 'out', OUTPUT_MARKER));
    const result = runCli(['build', '--force'], { cwd: root });
    expect(result.status).toBe(0);
    expect(existsSync(path.join(root, 'out', OUTPUT_MARKER))).toBe(true);
  });

  it('does not take a look-alike for its output (a routes.json of another shape)', () => {
    mkdirSync(path.join(root, 'lookalike'));
    writeFileSync(path.join(root, 'lookalike', 'routes.json'), '{"routes": []}');
    writeFileSync(path.join(root, 'lookalike', '404.html'), '<h1>gone</h1>');
    const result = runCli(['build', '--out', 'lookalike'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.output).toContain('OUTPUT_NOT_FOLIO');
    expect(readdirSync(path.join(root, 'lookalike')).sort()).toEqual(['404.html', 'routes.json']);
  });
});

describe('temporary folders of killed builds', () => {
  let root: string;
  beforeAll(() => {
    root = copyFixture('blog-basic');
  });
  afterAll(() => removeDir(root));

  it('are removed by the next build when their process is gone and they hold the marker; others stay', async () => {
    const dead = await deadPid();
    const stale = path.join(root, `.folio-tmp-out-${dead}-0123abcd`);
    const staleOld = path.join(root, `.folio-tmp-out-${dead}-4567abcd-old`);
    const staleEmpty = path.join(root, `.folio-tmp-out-${dead}-89abcdef`);
    const alive = path.join(root, `.folio-tmp-out-${process.pid}-0123abcd`);
    const unmarked = path.join(root, `.folio-tmp-out-${dead}-fedcba98`);
    const otherName = path.join(root, '.folio-tmp-elsewhere-1-0123abcd');
    for (const dir of [stale, staleOld, alive, otherName]) {
      mkdirSync(path.join(dir, 'docs'), { recursive: true });
      writeFileSync(path.join(dir, OUTPUT_MARKER), '{}');
      writeFileSync(path.join(dir, 'docs', 'index.html'), '<p>half a build</p>');
    }
    mkdirSync(staleEmpty);
    mkdirSync(unmarked);
    writeFileSync(path.join(unmarked, 'notes.txt'), 'not folio output\n');
    const result = runCli(['build'], { cwd: root });
    expect(result.status).toBe(0);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(staleOld)).toBe(false);
    expect(existsSync(staleEmpty)).toBe(false);
    expect(existsSync(alive)).toBe(true);
    expect(readFileSync(path.join(unmarked, 'notes.txt'), 'utf8')).toBe('not folio output\n');
    expect(existsSync(otherName)).toBe(true);
    // And the function alone never throws, whatever it meets.
    expect(removeStaleTemps(path.join(root, 'out'))).toEqual([]);
    for (const dir of [alive, unmarked, otherName]) rmSync(dir, { recursive: true });
  });

  it('a deletion of an old output cut short anywhere among its proof files leaves a folder the next build removes', async () => {
    const dead = await deadPid();
    // An old output's proof files, and what a kill leaves of them after each step of the deletion (in its order).
    const proofs = [...PROOF_FILES];
    const routes = JSON.stringify([{ path: '/', key: '/-1', chunk: '/assets/data/index-1.json' }]);
    const dirs = proofs.map((_, cut) => {
      const dir = path.join(root, `.folio-tmp-out-${dead}-${(0x10000000 + cut).toString(16)}-old`);
      mkdirSync(dir);
      for (const name of proofs.slice(cut)) writeFileSync(path.join(dir, name), name === 'routes.json' ? routes : '<p>x</p>');
      return dir;
    });
    expect(removeStaleTemps(path.join(root, 'out')).sort()).toEqual([...dirs].sort());
    for (const dir of dirs) expect(existsSync(dir)).toBe(false);
  });

  it('a swap lock left by a build killed before it wrote its pid is taken over (no 30 s wait, no failure)', () => {
    expect(runCli(['build'], { cwd: root }).status).toBe(0);
    const lock = path.join(root, '.folio-tmp-out.lock');
    mkdirSync(lock);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    const result = runCli(['build', '--force'], { cwd: root });
    expect(result.status, result.output).toBe(0);
    expect(temps(root)).toEqual([]);
  });

  it('SIGKILL at any stage keeps out/ intact, and the next build leaves no temporary folder', async () => {
    expect(runCli(['build'], { cwd: root }).status).toBe(0);
    const good = treeHash(path.join(root, 'out'));
    for (const delayMs of [150, 400, 650, 900, 1150, 1400]) {
      await killedBuild({ cwd: root, delayMs, signal: 'SIGKILL' });
      expect(treeHash(path.join(root, 'out'))).toEqual(good);
    }
    await killedBuild({ cwd: root, delayMs: 700, signal: 'SIGINT' });
    expect(treeHash(path.join(root, 'out'))).toEqual(good);
    const result = runCli(['build', '--force'], { cwd: root });
    expect(result.status).toBe(0);
    expect(temps(root)).toEqual([]);
    expect(treeHash(path.join(root, 'out'))).toEqual(good);
  });
});

/** A process id that is not running: a child that has exited. */
function deadPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', '0']);
    child.on('exit', () => resolve(child.pid!));
  });
}

function killedBuild({ cwd, delayMs, signal }: { cwd: string; delayMs: number; signal: NodeJS.Signals }): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin/folio'), 'build', '--force'], { cwd, stdio: 'ignore' });
    const timer = setTimeout(() => child.kill(signal), delayMs);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describe('symbolic links in the static folder', () => {
  it('a link out of the site is left out with a warning: nothing is written through it, nothing outside is published', () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'folio-staticlink-'));
    try {
      const site = path.join(parent, 'site');
      const victim = path.join(parent, 'victim');
      mkdirSync(victim);
      writeFileSync(path.join(victim, 'mine.txt'), 'a file of the user, outside the site\n');
      mkdirSync(path.join(site, 'content/docs'), { recursive: true });
      mkdirSync(path.join(site, 'content/static/img'), { recursive: true });
      writeFileSync(path.join(site, 'content/static/img/logo.txt'), 'logo\n');
      writeFileSync(path.join(site, 'site.config.ts'), "export default { title: 'Links', url: 'https://links.example.org', docs: {} };\n");
      writeFileSync(path.join(site, 'content/docs/intro.md'), '---\ntitle: Intro\n---\n\nHello.\n');
      // `docs` in the static folder points out of the site, right where the docs pages are written.
      symlinkSync(victim, path.join(site, 'content/static/docs'));
      // A link inside the site is copied as the files it points to; a loop is left out.
      symlinkSync(path.join(site, 'content/static/img'), path.join(site, 'content/static/images'));
      symlinkSync('.', path.join(site, 'content/static/img/again'));
      const before = treeHash(victim);
      const result = runCli(['build'], { cwd: site });
      expect(result.status, result.output).toBe(0);
      expect(treeHash(victim)).toEqual(before);
      expect(result.stderr).toMatch(/warning STATIC_LINK_SKIPPED content\/static\/docs: a symbolic link to .*victim points out of the site/);
      expect(result.stderr).toMatch(/warning STATIC_LINK_SKIPPED content\/static\/img\/again: .* points back into a folder it sits in/);
      expect(lstatSync(path.join(site, 'out/docs')).isSymbolicLink()).toBe(false);
      expect(readFileSync(path.join(site, 'out/docs/intro/index.html'), 'utf8')).toContain('Hello.');
      expect(existsSync(path.join(site, 'out/docs/mine.txt'))).toBe(false);
      expect(lstatSync(path.join(site, 'out/images')).isSymbolicLink()).toBe(false);
      expect(readFileSync(path.join(site, 'out/images/logo.txt'), 'utf8')).toBe('logo\n');
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

/**
 * A build that failed on what it was to write: the error and what it says (the site's own paths, not
 * the temporary output folder's), the previous out/ as it was, no temporary folder left.
 */
function expectFailed(
  result: ReturnType<typeof runCli>,
  { site, before, error, says }: { site: string; before: Record<string, string>; error: string; says: string },
) {
  expect(result.status, result.output).toBe(1);
  expect(result.stderr).toContain(error);
  expect(result.stderr).toContain(says);
  expect(result.stderr).not.toContain('.folio-tmp-');
  expect(treeHash(path.join(site, 'out'))).toEqual(before);
  expect(temps(site)).toEqual([]);
}

describe("the pages' folders, made while the compile runs (FolderSink.makeFoldersAhead)", () => {
  const emptyFolders = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isDirectory() && readdirSync(path.join(entry.parentPath, entry.name)).length === 0)
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));

  it('a build from scratch leaves no empty folder in the output', () => {
    const site = copyFixture('docs-basic');
    try {
      const result = runCli(['build'], { cwd: site });
      expect(result.status, result.output).toBe(0);
      expect(readdirSync(path.join(site, 'out/docs')).length).toBeGreaterThan(3);
      expect(emptyFolders(path.join(site, 'out'))).toEqual([]);
    } finally {
      removeDir(site);
    }
  });

  it('a static file where a page needs its folder is an error naming the static file and the URL; out/ is left as it was', () => {
    const site = copyFixture('dev-site');
    try {
      expect(runCli(['build'], { cwd: site }).status).toBe(0);
      const before = treeHash(path.join(site, 'out'));
      mkdirSync(path.join(site, 'content/static/docs'), { recursive: true });
      writeFileSync(path.join(site, 'content/static/docs/getting-started'), 'not a folder\n');
      // From scratch (no cache: every folder made ahead) and from the cache.
      for (const args of [['build', '--no-cache'], ['build']]) {
        expectFailed(runCli(args, { cwd: site }), {
          site,
          before,
          error: 'error FS_NOT_A_FOLDER',
          says: 'content/static/docs/getting-started: the static file /docs/getting-started is where the output needs a folder',
        });
      }
    } finally {
      removeDir(site);
    }
  });
});

describe('a slug the disk cannot take', () => {
  it('is an error naming the source file and the route, not the temporary output folder; out/ stays as it was', () => {
    const site = copyFixture('docs-basic');
    try {
      expect(runCli(['build'], { cwd: site }).status).toBe(0);
      const before = treeHash(path.join(site, 'out'));
      // A folder name of 300 characters: over the 255 bytes most file systems allow.
      const slug = `/long-${'x'.repeat(300)}`;
      writeFileSync(path.join(site, 'content/docs/too-long.md'), `---\nslug: ${slug}\n---\n# Too long\n`);
      expectFailed(runCli(['build', '--no-cache'], { cwd: site }), {
        site,
        before,
        error: 'error FS_FAILED',
        says: `content/docs/too-long.md: /docs${slug}: writing /docs${slug}/index.html failed: cannot create the folder: the name is too long (ENAMETOOLONG)`,
      });
    } finally {
      removeDir(site);
    }
  });
});

describe('a slug cannot make a page leave the output folder', () => {
  it('a "." or ".." segment in a doc, blog or page slug is an error naming the file; nothing is written beside the site', () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'folio-slug-'));
    try {
      // Deep enough that even an escaping slug (as before this check) lands inside this test's folder.
      const site = path.join(parent, 'a/b/c/d/e/f/g/h/site');
      for (const [file, text] of [
        ['site.config.ts', "export default { title: 'Slugs', url: 'https://slugs.example.org', docs: {}, blog: {} };\n"],
        ['content/docs/intro.md', '# Intro\n\nA page that stays.\n'],
      ]) {
        mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
        writeFileSync(path.join(site, file), text);
      }
      const probes: [string, string][] = [
        ['content/docs/a.md', '---\nslug: ../../../../../../escaped-doc\n---\n# A\n'],
        ['content/blog/2025-01-01-p.md', '---\ntitle: P\nslug: ../../../../../escaped-post\n---\nHi\n'],
        ['content/pages/p.md', '---\nslug: /./../../../../escaped-page\n---\n# P\n'],
      ];
      for (const [file, text] of probes) {
        mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
        writeFileSync(path.join(site, file), text);
        const result = runCli(['build'], { cwd: site });
        expect(result.status, file).toBe(1);
        expect(result.stderr).toContain('error ROUTE_OUTSIDE_SITE');
        expect(result.stderr).toContain(file);
        rmSync(path.join(site, file));
      }
      const everything = (dir: string): string[] => readdirSync(dir, { recursive: true }).map(String);
      expect(everything(parent).filter((name) => name.includes('escaped'))).toEqual([]);
      expect(runCli(['build'], { cwd: site }).status).toBe(0);
    } finally {
      removeDir(parent);
    }
  });
});

describe("bundle records in the cache folder (the site's to change) cannot write or load out of place", () => {
  it('a client record naming a file out of the bundle folder, or a server record naming a module elsewhere, is a miss: the bundles are made again', async () => {
    const { Cache } = await import('../../src/core/cache.js');
    const parent = mkdtempSync(path.join(os.tmpdir(), 'folio-records-'));
    const site = path.join(parent, 'site');
    try {
      cpSync(path.join(fixturesDir, 'docs-basic'), site, { recursive: true });
      // The site's own bundles (not folio's prebuilt ones), so that the cache holds their records.
      const env = { FOLIO_PREBUILT: '0' };
      expect(runCli(['build', '--root', site], { env }).status).toBe(0);
      const cacheDir = path.join(site, '.folio-cache');
      const cache = new Cache(cacheDir);
      const elsewhere = path.join(parent, 'elsewhere');
      mkdirSync(elsewhere);
      const keys = readdirSync(path.join(cacheDir, 'bundle'), { recursive: true })
        .map(String)
        .filter((file) => file.endsWith('.json'))
        .map((file) => path.basename(file, '.json'));
      let tampered = 0;
      for (const key of keys) {
        const record = cache.get<{ files: { path: string; contents: string }[]; extra: { file?: string } }>('bundle', key)!;
        if (record.extra.file) {
          // The server bundle: its module copied out of the cache folder, and the record pointed at the copy.
          cpSync(path.join(cacheDir, 'server', record.extra.file), path.join(elsewhere, record.extra.file));
          record.extra.file = path.relative(path.join(cacheDir, 'server'), path.join(elsewhere, record.extra.file));
        } else {
          record.files.push({ path: `../../../elsewhere/planted.js`, contents: Buffer.from('planted').toString('base64') });
          record.files.push({ path: path.join(elsewhere, 'absolute.js'), contents: Buffer.from('planted').toString('base64') });
        }
        cache.set('bundle', key, record);
        tampered++;
      }
      expect(tampered).toBe(2);
      const built = runCli(['build', '--root', site, '--force'], { env });
      expect(built.status, built.output).toBe(0);
      expect(readdirSync(elsewhere).filter((file) => !file.startsWith('server-'))).toEqual([]);
      expect(existsSync(path.join(parent, 'planted.js'))).toBe(false);
      // Both bundles were made again: the client's files and a server module in the cache folder.
      expect(readdirSync(path.join(site, 'out/assets')).some((file) => /^client-.*\.js$/.test(file))).toBe(true);
      const reread = new Cache(cacheDir);
      const fresh = keys.map((key) => reread.get<{ extra: { file?: string } }>('bundle', key));
      expect(fresh.some((record) => record?.extra.file && !record.extra.file.includes('..'))).toBe(true);
    } finally {
      removeDir(parent);
    }
  });
});
