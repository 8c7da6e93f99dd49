/**
 * Test helpers: copy a fixture site to a fresh temporary folder, build it
 * through the API or the CLI, and read its output.
 */
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { afterAll } from 'vitest';
import { build, type BuildOptions, type BuildResult } from '../../src/build/build.js';
import { createLogger } from '../../src/core/logger.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const fixturesDir = path.join(repoRoot, 'test/fixtures');
const cliPath = path.join(repoRoot, 'bin/folio');

/** Copies test/fixtures/<name> into a new temporary folder and returns its path. */
export function copyFixture(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `folio-${name}-`));
  cpSync(path.join(fixturesDir, name), dir, { recursive: true, filter: (src) => !/[\\/](out|\.folio-cache)([\\/]|$)/.test(src) });
  return dir;
}

/**
 * A new temporary site of `pages` generated corpus pages (bench/make-corpus.mjs) under docs/, with
 * its site.config.ts; the caller removes it.
 */
export function corpusSite(pages: number): string {
  const site = mkdtempSync(path.join(os.tmpdir(), 'folio-corpus-'));
  execFileSync(process.execPath, [path.join(repoRoot, 'bench/make-corpus.mjs'), site, String(pages)], { stdio: 'ignore' });
  writeFileSync(
    path.join(site, 'site.config.ts'),
    "import { defineConfig } from 'folio';\nexport default defineConfig({ title: 'Corpus', url: 'https://corpus.example', docs: { path: 'docs', routeBasePath: '/docs' } });\n",
  );
  return site;
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** `fixture(name)` copies a fixture like copyFixture; the copies are removed after the test file. */
export function fixtureCopies(): (name: string) => string {
  const roots: string[] = [];
  afterAll(() => roots.forEach(removeDir));
  return (name) => {
    const root = copyFixture(name);
    roots.push(root);
    return root;
  };
}

/** A SHA-1 of every file under a folder, by relative path: equal trees, equal records. */
export function treeHash(dir: string): Record<string, string> {
  const files = fg.sync('**/*', { cwd: dir, dot: true }).sort();
  return Object.fromEntries(
    files.map((file) => [
      file,
      createHash('sha1')
        .update(readFileSync(path.join(dir, file)))
        .digest('hex'),
    ]),
  );
}

export interface CapturedBuild extends BuildResult {
  stdout: string;
  stderr: string;
}

/** Builds a site folder through the API, capturing what it prints. */
export async function buildSite(root: string, options: Partial<BuildOptions> = {}): Promise<CapturedBuild> {
  const out: string[] = [];
  const err: string[] = [];
  const logger = createLogger({ write: (line) => out.push(line), writeError: (line) => err.push(line) });
  const result = await build({ root, logger, ...options });
  return { ...result, stdout: stripAnsi(out.join('\n')), stderr: stripAnsi(err.join('\n')) };
}

/** Runs `folio <args>` as a child process (the real CLI, from dist/). */
export function runCli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Omit<SpawnSyncReturns<string>, 'output'> & { output: string } {
  const result = spawnSync(process.execPath, [cliPath, ...args], {
    cwd: options.cwd ?? repoRoot,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { ...result, output: stripAnsi(`${result.stdout}\n${result.stderr}`) };
}

export function readOut(root: string, file: string, outDir = 'out'): string {
  return readFileSync(path.join(root, outDir, file), 'utf8');
}

export function outExists(root: string, file: string, outDir = 'out'): boolean {
  return existsSync(path.join(root, outDir, file));
}

export function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}
