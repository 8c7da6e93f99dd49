/**
 * Faults injected into real builds: every kind of cache entry damaged in
 * turn, concurrent builds of one site, builds that fail half way, a full
 * disk (a small tmpfs, where this machine lets the test mount one), and
 * file-system permissions (as an unprivileged user when the suite runs as
 * root). Whatever happens, the output is either the previous one or exactly
 * what a build without the cache writes, errors come from the catalogue
 * without a stack trace, and no temporary file or folder stays behind.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, fixturesDir, removeDir, repoRoot, runCli, stripAnsi, treeHash } from '../support/fixtures.js';

const cli = path.join(repoRoot, 'bin/folio');
const temps = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('.folio-tmp-'));
const cacheTemps = (root: string) => fg.sync('.folio-cache/**/*.tmp', { cwd: root, dot: true });

describe('a damaged cache never changes the output', () => {
  let root: string;
  let reference: Record<string, string>;
  beforeAll(() => {
    root = copyFixture('cache-kinds');
    // What the site is without any cache: the reference every damaged build must match.
    expect(runCli(['build', '--no-cache', '--out', 'reference'], { cwd: root }).status).toBe(0);
    reference = treeHash(path.join(root, 'reference'));
    expect(runCli(['build'], { cwd: root }).status).toBe(0);
  });
  afterAll(() => removeDir(root));

  const kinds: [string, string][] = [
    // Compiled pages (metadata and bodies) and highlighted code (as HTML, and as elements for MDX pages) live in packs.
    ['the packs of compiled pages and highlighted code', '.folio-cache/packs/*.pack'],
    ['the indexes of the packs', '.folio-cache/packs/*.idx'],
    ['bundle records', '.folio-cache/bundle/**/*.json'],
    ['server bundles', '.folio-cache/server/*.mjs'],
    ['the compiled config', '.folio-cache/config-*.mjs'],
    ['the API model', '.folio-cache/api/**/*.json'],
    ['the API manifest', '.folio-cache/api-manifest/**/*.json'],
    ['API pages', '.folio-cache/api-page/**/*.json'],
    ['the reuse manifest and the up-to-date stamp', '.folio-cache/output/*.json'],
  ];
  const damages: [string, (text: Buffer) => Buffer][] = [
    ['truncated', (bytes) => bytes.subarray(0, Math.floor(bytes.length / 2))],
    ['garbage', (bytes) => Buffer.from(bytes.toString('latin1').replace(/[a-z]/g, 'z'), 'latin1')],
    ['empty', () => Buffer.alloc(0)],
  ];
  for (const [kind, pattern] of kinds) {
    for (const [damage, apply] of damages) {
      it(`${kind}, ${damage}`, () => {
        const files = fg.sync(pattern, { cwd: root, dot: true });
        expect(files.length, `the fixture writes ${kind}`).toBeGreaterThan(0);
        for (const file of files) writeFileSync(path.join(root, file), apply(readFileSync(path.join(root, file))));
        const result = runCli(['build', '--force'], { cwd: root });
        expect(result.status, result.output).toBe(0);
        expect(result.output).not.toMatch(/error/);
        expect(treeHash(path.join(root, 'out'))).toEqual(reference);
        // The next build repairs the cache: it is whole again and the build finds nothing to do.
        expect(runCli(['build'], { cwd: root }).output).toMatch(/Nothing changed/);
      });
    }
  }

  it('--no-cache reads nothing from the cache: it builds with every cache file damaged', () => {
    for (const file of fg.sync('.folio-cache/**/*', { cwd: root, dot: true })) writeFileSync(path.join(root, file), 'garbage');
    const result = runCli(['build', '--no-cache'], { cwd: root });
    expect(result.status, result.output).toBe(0);
    expect(treeHash(path.join(root, 'out'))).toEqual(reference);
    expect(fg.sync('.site.config.*', { cwd: root, dot: true })).toEqual([]);
  });
});

describe('builds that fail half way clean up and report one error', () => {
  let root: string;
  beforeAll(() => {
    root = copyFixture('dev-site');
    expect(runCli(['build'], { cwd: root }).status).toBe(0);
  });
  afterAll(() => removeDir(root));

  const failures: [string, string, string][] = [
    [
      'a page without a default export',
      'content/pages/broken.tsx',
      'export const meta = { title: "Broken" };\nexport function NotDefault() { return null; }\n',
    ],
    ['a page that throws while rendering', 'content/pages/throws.tsx', 'export default function Throws() {\n  throw new Error("this page always fails");\n}\n'],
  ];
  for (const [name, file, text] of failures) {
    it(name, () => {
      const before = treeHash(path.join(root, 'out'));
      writeFileSync(path.join(root, file), text);
      try {
        for (let run = 0; run < 4; run++) {
          const result = runCli(['build', '--force'], { cwd: root });
          expect(result.status).toBe(1);
          // One error, no unhandled second one, no stack trace.
          expect(result.output.match(/^error /gm)).toHaveLength(1);
          expect(result.output).not.toMatch(/\n\s+at /);
          expect(temps(root)).toEqual([]);
          expect(treeHash(path.join(root, 'out'))).toEqual(before);
        }
      } finally {
        rmSync(path.join(root, file));
      }
    });
  }
  // The bundles begin when the pages are found, beside the compile (no cache: esbuild really runs).
  // A compile that fails first waits for them before its folder is removed: a bundle written after
  // that would leave a temporary folder behind. With a page that fails to bundle as well, the
  // compile's failure is the one reported.
  for (const bundleFails of [false, true]) {
    it(`a page that fails to compile while the bundles are being made${bundleFails ? ', one of them failing too' : ''}: its error alone, no temporary folder, out/ as it was`, () => {
      const before = treeHash(path.join(root, 'out'));
      const page = path.join(root, 'content/docs/unclosed.mdx');
      const tsx = path.join(root, 'content/pages/unparsable.tsx');
      writeFileSync(page, '---\ntitle: Unclosed\n---\n\n<Note>\n\nNever closed.\n');
      if (bundleFails) writeFileSync(tsx, 'export default function Unparsable() {\n  return <div>;\n}\n');
      try {
        for (let run = 0; run < 3; run++) {
          const result = runCli(['build', '--no-cache'], { cwd: root });
          expect(result.status).toBe(1);
          expect(result.output.match(/^error /gm)).toHaveLength(1);
          expect(result.output).toContain('content/docs/unclosed.mdx');
          expect(result.output).not.toMatch(/\n\s+at /);
          expect(temps(root)).toEqual([]);
          expect(treeHash(path.join(root, 'out'))).toEqual(before);
        }
      } finally {
        rmSync(page);
        rmSync(tsx, { force: true });
      }
    });
  }
});

describe('concurrent builds of one site', () => {
  let root: string;
  afterAll(() => removeDir(root));

  it('all succeed, and the output is a whole build with no temporary folder left', async () => {
    root = copyFixture('dev-site');
    expect(runCli(['build'], { cwd: root }).status).toBe(0);
    const expected = treeHash(path.join(root, 'out'));
    const runs = await Promise.all(Array.from({ length: 3 }, () => runAsync(['build', '--force'], root)));
    for (const run of runs) expect(run.status, run.output).toBe(0);
    expect(treeHash(path.join(root, 'out'))).toEqual(expected);
    expect(temps(root)).toEqual([]);
    expect(cacheTemps(root)).toEqual([]);
  });
});

describe('a full disk', () => {
  const mountable = process.platform === 'linux' && process.getuid?.() === 0 && tryMount();
  let mount: string;
  beforeAll(() => {
    if (!mountable) console.warn('fault-injection: skipping the full-disk tests: mounting a tmpfs needs root on Linux');
  });
  afterAll(() => {
    if (mount) unmount(mount);
  });

  it.skipIf(!mountable)('while writing the output: error FS_NO_SPACE, the previous output stays, nothing half-written is left', () => {
    mount = mountTmpfs('6m');
    const root = path.join(mount, 'site');
    cpSync(path.join(fixturesDir, 'dev-site'), root, { recursive: true });
    expect(runCli(['build'], { cwd: root }).status).toBe(0);
    const before = treeHash(path.join(root, 'out'));
    // Fill the disk, leaving less room than one more output needs.
    fill(mount, 40 * 1024);
    const result = runCli(['build', '--force'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.output).toContain('error FS_NO_SPACE The disk is full');
    expect(result.output).not.toMatch(/\n\s+at /);
    expect(treeHash(path.join(root, 'out'))).toEqual(before);
    expect(temps(root)).toEqual([]);
    expect(cacheTemps(root)).toEqual([]);
    unmount(mount);
    mount = '';
  });

  it.skipIf(!mountable)('while writing the cache: the build succeeds without it (one warning), same output, no partial entries', () => {
    const root = copyFixture('cache-kinds');
    try {
      expect(runCli(['build', '--no-cache', '--out', 'reference'], { cwd: root }).status).toBe(0);
      const reference = treeHash(path.join(root, 'reference'));
      rmSync(path.join(root, '.folio-cache'), { recursive: true, force: true });
      mkdirSync(path.join(root, '.folio-cache'));
      mount = mountTmpfs('24k', path.join(root, '.folio-cache'));
      const result = runCli(['build'], { cwd: root });
      expect(result.status, result.output).toBe(0);
      expect(result.output.match(/warning CACHE_UNAVAILABLE/g)).toHaveLength(1);
      expect(result.output).toMatch(/no space left on the device/);
      expect(treeHash(path.join(root, 'out'))).toEqual(reference);
      expect(cacheTemps(root)).toEqual([]);
    } finally {
      if (mount) unmount(mount);
      mount = '';
      removeDir(root);
    }
  });
});

describe('file-system permissions', () => {
  // As root every permission check passes: run folio as an unprivileged user instead.
  const asRoot = process.getuid?.() === 0;
  const nobody = 65534;
  let root: string;
  const run = (args: string[]) => {
    const result = spawnSync(process.execPath, [cli, ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', HOME: root },
      ...(asRoot ? { uid: nobody, gid: nobody } : {}),
      timeout: 120_000,
    });
    return { status: result.status, output: stripAnsi(`${result.stdout}\n${result.stderr}`) };
  };
  const own = (target: string) => {
    if (!asRoot) return;
    const inside = statSync(target).isDirectory() ? fg.sync('**/*', { cwd: target, dot: true, onlyFiles: false, absolute: true }) : [];
    for (const file of [target, ...inside]) chownSync(file, nobody, nobody);
  };
  beforeAll(() => {
    // A site the unprivileged user owns, in a folder it can reach.
    const parent = mkdtempSync(path.join(os.tmpdir(), 'folio-perm-'));
    chmodSync(parent, 0o755);
    root = path.join(parent, 'site');
    cpSync(path.join(fixturesDir, 'dev-site'), root, { recursive: true });
    own(root);
    expect(run(['build']).status).toBe(0);
  });
  afterAll(() => {
    chmodSync(root, 0o755);
    removeDir(path.dirname(root));
  });
  const tree = () => treeHash(path.join(root, 'out'));

  it('an old output that cannot be deleted: refused before anything is written, output as it was', () => {
    const before = tree();
    chmodSync(path.join(root, 'out', 'docs'), 0o555);
    try {
      const result = run(['build', '--force']);
      expect(result.status).toBe(1);
      expect(result.output).toContain('error FS_PERMISSION Permission denied');
      expect(result.output).toMatch(/out\/docs is not writable by this user/);
      expect(result.output).not.toMatch(/\n\s+at /);
      expect(tree()).toEqual(before);
      expect(temps(root)).toEqual([]);
    } finally {
      chmodSync(path.join(root, 'out', 'docs'), 0o755);
    }
  });

  it('nothing changed: a build that would write nothing is not refused for an output it could not replace', () => {
    const before = tree();
    chmodSync(path.join(root, 'out', 'docs'), 0o555);
    try {
      const result = run(['build']);
      expect(result.status).toBe(0);
      expect(result.output).toMatch(/checkInputs .* nothing changed/);
      expect(tree()).toEqual(before);
      // The same build made to run every stage would replace the output: refused as before.
      expect(run(['build', '--force']).output).toContain('error FS_PERMISSION Permission denied');
      expect(tree()).toEqual(before);
    } finally {
      chmodSync(path.join(root, 'out', 'docs'), 0o755);
    }
  });

  it('a site folder that cannot be read: FS_PERMISSION naming it', () => {
    chmodSync(path.join(root, 'content', 'docs'), 0o000);
    try {
      const result = run(['build', '--force']);
      expect(result.status).toBe(1);
      expect(result.output).toMatch(/error FS_PERMISSION Permission denied\n\s+content\/docs/);
      expect(result.output).not.toMatch(/\n\s+at /);
    } finally {
      chmodSync(path.join(root, 'content', 'docs'), 0o755);
    }
  });

  it('with --debug the original error (and its stack, where it has one) is printed too', () => {
    chmodSync(path.join(root, 'content', 'docs'), 0o000);
    try {
      expect(run(['build', '--force']).output).not.toMatch(/Error: EACCES/);
      const result = run(['build', '--force', '--debug']);
      expect(result.status).toBe(1);
      expect(result.output).toMatch(/Error: EACCES: permission denied, scandir '.*content\/docs'/);
    } finally {
      chmodSync(path.join(root, 'content', 'docs'), 0o755);
    }
  });

  it('a read-only cache folder: one warning, a build without the cache, the same output', () => {
    const before = tree();
    chmodSync(path.join(root, '.folio-cache'), 0o555);
    try {
      const result = run(['build', '--force']);
      expect(result.status, result.output).toBe(0);
      expect(result.output.match(/warning CACHE_UNAVAILABLE/g)).toHaveLength(1);
      expect(tree()).toEqual(before);
    } finally {
      chmodSync(path.join(root, '.folio-cache'), 0o755);
    }
  });

  it('.folio-cache being a file: one warning, a build without the cache, the same output', () => {
    const before = tree();
    rmSync(path.join(root, '.folio-cache'), { recursive: true });
    writeFileSync(path.join(root, '.folio-cache'), 'not a folder');
    own(path.join(root, '.folio-cache'));
    try {
      const result = run(['build']);
      expect(result.status, result.output).toBe(0);
      expect(result.output).toMatch(/warning CACHE_UNAVAILABLE .folio-cache: the cache folder is a file, not a folder/);
      expect(tree()).toEqual(before);
      expect(readFileSync(path.join(root, '.folio-cache'), 'utf8')).toBe('not a folder');
    } finally {
      rmSync(path.join(root, '.folio-cache'));
    }
  });

  it('a site root that cannot be written: the config and the output still work elsewhere, no files left in the site', () => {
    const before = Object.keys(treeHash(root))
      .filter((file) => !file.startsWith('out/'))
      .sort();
    chmodSync(root, 0o555);
    try {
      // The output folder sits outside the site; only its parent needs to be writable.
      const result = run(['build', '--out', path.join(os.tmpdir(), `folio-perm-out-${process.pid}`)]);
      expect(result.status, result.output).toBe(0);
    } finally {
      chmodSync(root, 0o755);
      rmSync(path.join(os.tmpdir(), `folio-perm-out-${process.pid}`), { recursive: true, force: true });
    }
    expect(
      Object.keys(treeHash(root))
        .filter((file) => !file.startsWith('out/'))
        .sort(),
    ).toEqual(before);
  });
});

function runAsync(args: string[], cwd: string): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (status) => resolve({ status, output: stripAnsi(output) }));
  });
}

function tryMount(): boolean {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'folio-mount-probe-'));
  const ok = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir]).status === 0;
  if (ok) spawnSync('umount', [dir]);
  rmSync(dir, { recursive: true, force: true });
  return ok;
}

function mountTmpfs(size: string, at?: string): string {
  const dir = at ?? mkdtempSync(path.join(os.tmpdir(), 'folio-tmpfs-'));
  const result = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`mount failed: ${result.stderr}`);
  return dir;
}

function unmount(dir: string): void {
  spawnSync('umount', [dir]);
  if (existsSync(dir) && statSync(dir).isDirectory() && readdirSync(dir).length === 0) rmSync(dir, { recursive: true, force: true });
}

/** Fills a file system until `leaveBytes` are free. */
function fill(dir: string, leaveBytes: number): void {
  const stats = spawnSync('df', ['-B1', '--output=avail', dir], { encoding: 'utf8' });
  const avail = Number(stats.stdout.trim().split('\n').pop());
  const size = Math.max(0, avail - leaveBytes);
  writeFileSync(path.join(dir, 'filler'), Buffer.alloc(size));
}
