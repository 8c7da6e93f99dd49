/**
 * Cache entries are written in place (no temporary name and rename), so what is at an entry's name
 * must be the cache's own file: a symbolic link is not followed, a file with a second name (hard
 * link) is not written through, and a FIFO is not waited on. Each is replaced by a rename instead,
 * and the file it pointed at keeps its bytes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Cache } from '../../../src/core/cache.js';
import { runSnippet } from '../../support/child.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'folio-cache-write-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const KEY = 'ab0123456789';
const NS = 'search';
/** Where the cache keeps a text entry of namespace NS (one kept a file per entry, not in packs) under KEY. */
const entryFile = (cacheDir: string) => path.join(cacheDir, NS, KEY.slice(0, 2), `${KEY}.txt`);

function prepared(): { cacheDir: string; file: string; user: string } {
  const cacheDir = path.join(dir, '.folio-cache');
  const file = entryFile(cacheDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const user = path.join(dir, 'notes.md');
  writeFileSync(user, 'a user file that must keep its bytes\n');
  return { cacheDir, file, user };
}

describe('cache entries written in place', () => {
  it('read back, also when a longer entry was there before', () => {
    const cacheDir = path.join(dir, '.folio-cache');
    new Cache(cacheDir, { memory: false }).setText(NS, KEY, 'x'.repeat(5000));
    new Cache(cacheDir, { memory: false }).setText(NS, KEY, 'short');
    expect(new Cache(cacheDir, { memory: false }).getText(NS, KEY)).toBe('short');
    expect(readFileSync(entryFile(cacheDir), 'utf8').endsWith('\nshort')).toBe(true);
    expect(readdirTemps(cacheDir)).toEqual([]);
  });

  it('do not write through a symbolic link at the entry name', () => {
    const { cacheDir, file, user } = prepared();
    symlinkSync(user, file);
    new Cache(cacheDir, { memory: false }).setText(NS, KEY, 'the page body');
    expect(readFileSync(user, 'utf8')).toBe('a user file that must keep its bytes\n');
    expect(lstatSync(file).isSymbolicLink()).toBe(false);
    expect(new Cache(cacheDir, { memory: false }).getText(NS, KEY)).toBe('the page body');
  });

  it('do not write through a hard link at the entry name', () => {
    const { cacheDir, file, user } = prepared();
    linkSync(user, file);
    new Cache(cacheDir, { memory: false }).setText(NS, KEY, 'the page body');
    expect(readFileSync(user, 'utf8')).toBe('a user file that must keep its bytes\n');
    expect(new Cache(cacheDir, { memory: false }).getText(NS, KEY)).toBe('the page body');
  });

  it('do not wait on a FIFO at the entry name', () => {
    const { cacheDir, file } = prepared();
    execFileSync('mkfifo', [file]);
    // In a child process with a time limit: without the guard, opening the FIFO blocks for good.
    const run = runSnippet(`
      import { lstatSync } from 'node:fs';
      import { Cache } from '@repo/src/core/cache.ts';
      new Cache(${JSON.stringify(cacheDir)}, { memory: false }).setText(${JSON.stringify(NS)}, ${JSON.stringify(KEY)}, 'the page body');
      console.log(lstatSync(${JSON.stringify(file)}).isFile(), new Cache(${JSON.stringify(cacheDir)}, { memory: false }).getText(${JSON.stringify(NS)}, ${JSON.stringify(KEY)}));
    `);
    expect(run.timedOut, 'the write waited on the FIFO').toBe(false);
    expect(run.stdout.trim(), run.stderr).toBe('true the page body');
  });

  it('leave a torn entry to be read as a miss', () => {
    const cacheDir = path.join(dir, '.folio-cache');
    new Cache(cacheDir, { memory: false }).setText(NS, KEY, 'a body long enough to be cut in half');
    const file = entryFile(cacheDir);
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, bytes.length - 10));
    expect(new Cache(cacheDir, { memory: false }).getText(NS, KEY)).toBeUndefined();
    expect(existsSync(file)).toBe(true);
  });
});

function readdirTemps(cacheDir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at, { withFileTypes: true })) {
      if (name.isDirectory()) walk(path.join(at, name.name));
      else if (name.name.endsWith('.tmp')) out.push(name.name);
    }
  };
  walk(cacheDir);
  return out;
}
