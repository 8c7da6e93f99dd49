/**
 * The cache's packed namespaces (a page's metadata and body, highlighted code): entries appended to
 * pack files with an index, read back by the next process, a later entry winning over an earlier
 * one, damage of any kind read as a miss, entries a worker thread made written by the thread that
 * owns the cache, and a pack never written through a link put in its place.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Cache } from '../../../src/core/cache.js';
import { runSnippet } from '../../support/child.js';
import { forgetSharedPacks, PACKS_DIR } from '../../../src/core/cache-packs.js';

let cacheDir: string;
beforeEach(() => {
  cacheDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'folio-packs-')), '.folio-cache');
});
afterEach(() => rmSync(path.dirname(cacheDir), { recursive: true, force: true }));

/** A cache as a new process has it: the packs' indexes read again. */
const fresh = () => {
  forgetSharedPacks();
  return new Cache(cacheDir, { memory: false });
};
const packsDir = () => path.join(cacheDir, PACKS_DIR);
/** A file of the user's beside the cache folder. */
const userFile = (name: string, text: string) => {
  const file = path.join(path.dirname(cacheDir), name);
  writeFileSync(file, text);
  return file;
};
/** One body entry written and its pack closed, as a finished build leaves it: the pack's path. */
const packOf = (key: string, text: string) => {
  const cache = fresh();
  cache.setText('body', key, text);
  cache.close();
  return packFiles('.pack').at(-1)!;
};
const packFiles = (ext: string) =>
  readdirSync(packsDir())
    .filter((name) => name.endsWith(ext))
    .sort()
    .map((name) => path.join(packsDir(), name));

describe('cache packs', () => {
  it('keep many entries in one pack and one index, read back by the next cache', () => {
    const cache = fresh();
    for (let i = 0; i < 200; i++) {
      expect(cache.setText('body', `key${i}`, `<p>body ${i} é</p>`)).toBe(true);
      expect(cache.set('page', `key${i}`, { title: `Page ${i}`, headings: [i] })).toBe(true);
      expect(cache.setText('code-html', `block${i}`, `<pre>${'x'.repeat(i)}</pre>`)).toBe(true);
    }
    cache.close();
    expect(packFiles('.pack')).toHaveLength(1);
    expect(packFiles('.idx')).toHaveLength(1);
    // No file per entry.
    expect(existsSync(path.join(cacheDir, 'body'))).toBe(false);
    const next = fresh();
    for (let i = 0; i < 200; i += 17) {
      expect(next.getText('body', `key${i}`)).toBe(`<p>body ${i} é</p>`);
      expect(next.get('page', `key${i}`)).toEqual({ title: `Page ${i}`, headings: [i] });
      expect(next.hasText('code-html', `block${i}`)).toBe(true);
    }
    expect(next.getText('body', 'missing')).toBeUndefined();
    expect(next.hasText('body', 'missing')).toBe(false);
  });

  it('read a damaged entry as a miss, and the entry written again in a later pack wins', async () => {
    const first = fresh();
    first.setText('body', 'k', 'the first body');
    first.setText('body', 'other', 'stays readable');
    first.close();
    const [pack] = packFiles('.pack');
    const bytes = readFileSync(pack);
    const at = bytes.indexOf('the first body');
    bytes.write('THE', at, 'latin1');
    writeFileSync(pack, bytes);
    const second = fresh();
    expect(second.getText('body', 'k')).toBeUndefined();
    expect(second.getText('body', 'other')).toBe('stays readable');
    // Packs are named by the time they were made: the next one sorts after this one.
    await new Promise((resolve) => setTimeout(resolve, 5));
    second.setText('body', 'k', 'the first body');
    second.close();
    expect(packFiles('.pack')).toHaveLength(2);
    expect(fresh().getText('body', 'k')).toBe('the first body');
  });

  for (const [damage, apply] of [
    ['a pack cut short', (file: string) => writeFileSync(file, readFileSync(file).subarray(0, 40))],
    ['a pack emptied', (file: string) => writeFileSync(file, '')],
    ['a pack deleted', (file: string) => unlinkSync(file)],
  ] as const) {
    it(`read entries as misses with ${damage}`, () => {
      const cache = fresh();
      cache.setText('body', 'a', 'alpha body text');
      cache.set('page', 'a', { n: 1 });
      cache.close();
      apply(packFiles('.pack')[0]);
      const next = fresh();
      expect(next.getText('body', 'a')).toBeUndefined();
      expect(next.get('page', 'a')).toBeUndefined();
    });
  }

  it('skip index lines that do not parse, and an index line whose bytes point past the pack', () => {
    const cache = fresh();
    cache.setText('body', 'good', 'good body');
    cache.close();
    const [index] = packFiles('.idx');
    writeFileSync(index, `${readFileSync(index, 'latin1')}garbage line\nbody\tbad\t-4\t10\nbody\tfar\t999999\t10\nbody\thuge\t0\t8000000000\nbody\tcut`);
    const next = fresh();
    expect(next.getText('body', 'good')).toBe('good body');
    for (const key of ['bad', 'far', 'huge', 'cut']) expect(next.getText('body', key)).toBeUndefined();
  });

  it('are shared by the caches of one process: one pack and one index for every build of a session', () => {
    const first = fresh();
    first.setText('body', 'one', 'first');
    // The next build of the same process (folio serve) has a Cache of its own.
    const second = new Cache(cacheDir, { memory: false });
    expect(second.getText('body', 'one')).toBe('first');
    second.setText('body', 'two', 'second');
    second.close();
    expect(packFiles('.pack')).toHaveLength(1);
    expect(fresh().getText('body', 'two')).toBe('second');
  });

  it('gather entries and write them out together: readable in their own thread at once, and the index only after their bytes', () => {
    const cache = fresh();
    for (let i = 0; i < 50; i++) cache.setText('body', `key${i}`, `<p>gathered ${i}</p>`);
    // Nothing written out yet: gathered in memory (a build appends thousands).
    expect(statSync(packFiles('.pack')[0]).size).toBe(0);
    expect(readFileSync(packFiles('.idx')[0], 'latin1')).toBe('');
    // Read back in the same thread: what was gathered is written out first.
    expect(cache.getText('body', 'key49')).toBe('<p>gathered 49</p>');
    expect(readFileSync(packFiles('.idx')[0], 'latin1').split('\n')).toHaveLength(51);
    // An entry larger than what is gathered at once is written on its own, after the others.
    const large = 'x'.repeat(3 << 20);
    cache.setText('body', 'small', 'before the large one');
    cache.setText('body', 'large', large);
    const next = fresh();
    expect(next.getText('body', 'small')).toBe('before the large one');
    expect(next.getText('body', 'large')).toBe(large);
    expect(next.getText('body', 'key0')).toBe('<p>gathered 0</p>');
  });

  it('write out what was gathered when a process ends without closing the cache, as a build does', () => {
    const result = runSnippet(`
      import { Cache } from '@repo/src/core/cache.ts';
      const cache = new Cache(${JSON.stringify(cacheDir)}, { memory: false });
      for (let i = 0; i < 300; i++) cache.setText('body', 'key' + i, 'exit ' + i);
      process.exitCode = 0;
    `);
    expect(result.status, result.stderr).toBe(0);
    const next = fresh();
    for (const i of [0, 150, 299]) expect(next.getText('body', `key${i}`)).toBe(`exit ${i}`);
  });

  it('read no entry through a pack deleted by a later close: a build closes its cache, and the next one opens what is there', () => {
    const cache = fresh();
    cache.setText('body', 'one', 'first');
    cache.close();
    expect(cache.getText('body', 'one')).toBe('first');
    cache.close();
    for (const file of packFiles('.pack')) unlinkSync(file);
    expect(cache.getText('body', 'one')).toBeUndefined();
  });

  it('append to the same pack after an idle close', () => {
    const cache = fresh();
    cache.setText('body', 'one', 'first');
    cache.close();
    cache.setText('body', 'two', 'second');
    cache.close();
    expect(packFiles('.pack')).toHaveLength(1);
    const next = fresh();
    expect(next.getText('body', 'one')).toBe('first');
    expect(next.getText('body', 'two')).toBe('second');
  });

  it('never append through a link put in place of a pack: a new pack is started', () => {
    const user = userFile('notes.md', 'a user file\n');
    // The same cache appends again after its idle close: the reopening must not follow the link.
    const cache = fresh();
    cache.setText('body', 'one', 'first');
    cache.close();
    const [pack] = packFiles('.pack');
    unlinkSync(pack);
    symlinkSync(user, pack);
    cache.setText('body', 'two', 'second');
    cache.close();
    expect(readFileSync(user, 'utf8')).toBe('a user file\n');
    expect(fresh().getText('body', 'two')).toBe('second');
  });

  it("hand a worker thread's entries to the thread that owns the cache, which writes them", () => {
    forgetSharedPacks();
    const worker = new Cache(cacheDir, { memory: false, deferPacked: true });
    expect(worker.setText('code-html', 'block', '<pre>code</pre>')).toBe(true);
    expect(worker.set('page', 'p', { title: 'T' })).toBe(true);
    // Nothing written by the worker itself.
    expect(existsSync(packsDir())).toBe(false);
    const entries = worker.takeDeferred();
    expect(entries.map(([namespace, key]) => `${namespace}/${key}`)).toEqual(['code-html/block', 'page/p']);
    expect(worker.takeDeferred()).toEqual([]);
    const owner = fresh();
    expect(owner.adopt(entries)).toBe(true);
    // Its own index knows them at once, and so does the next process.
    expect(owner.getText('code-html', 'block')).toBe('<pre>code</pre>');
    owner.close();
    expect(fresh().get('page', 'p')).toEqual({ title: 'T' });
    expect(statSync(packFiles('.pack')[0]).size).toBeGreaterThan(0);
  });

  it('prune the packs no lookup found anything in, never the one being written, nothing not named as a pack', () => {
    const stalePack = packOf('stale', 'what an older folio wrote');
    // A link named as a pack's index, pointing at a user's file: not a pack of folio's.
    const user = userFile('notes.md', 'a user file\n');
    const linked = '000000000001-1-0-0-abcdef';
    symlinkSync(user, path.join(packsDir(), `${linked}.idx`));
    writeFileSync(path.join(packsDir(), 'notes.txt'), 'not a pack');
    const kept = fresh();
    kept.setText('body', 'live', 'what this build found');
    kept.close();
    const build = fresh();
    expect(build.getText('body', 'live')).toBe('what this build found');
    build.setText('body', 'new', 'written by this build');
    expect(build.pruneUnusedPacks()).toBe(1);
    expect(existsSync(stalePack)).toBe(false);
    expect(existsSync(stalePack.replace(/\.pack$/, '.idx'))).toBe(false);
    expect(build.getText('body', 'stale')).toBeUndefined();
    expect(readFileSync(user, 'utf8')).toBe('a user file\n');
    expect(readFileSync(path.join(packsDir(), 'notes.txt'), 'utf8')).toBe('not a pack');
    build.close();
    const next = fresh();
    expect(next.getText('body', 'live')).toBe('what this build found');
    expect(next.getText('body', 'new')).toBe('written by this build');
    expect(packFiles('.pack')).toHaveLength(2);
  });

  it('prune nothing when nothing was looked up', () => {
    const cache = fresh();
    cache.setText('body', 'a', 'alpha');
    cache.close();
    expect(fresh().pruneUnusedPacks()).toBe(0);
    expect(packFiles('.pack')).toHaveLength(1);
  });

  it('read neither an index nor a pack that is not a regular file of its own (a link, a FIFO)', () => {
    const pack = packOf('a', 'alpha');
    // A link named as an index, to a file whose lines would name an entry if it were read.
    const user = userFile('lines.txt', `body\tlinked\t0\t10\n`);
    symlinkSync(user, path.join(packsDir(), '000000000002-1-0-0-zzzzzz.idx'));
    expect(fresh().hasText('body', 'linked')).toBe(false);
    // A FIFO in place of the pack, read in a child process with a time limit: without the guard the open blocks for good.
    unlinkSync(pack);
    execFileSync('mkfifo', [pack]);
    const run = runSnippet(`
      import { Cache } from '@repo/src/core/cache.ts';
      const cache = new Cache(${JSON.stringify(cacheDir)}, { memory: false });
      console.log(cache.hasText('body', 'a'), String(cache.getText('body', 'a')));
    `);
    expect(run.timedOut, 'the read waited on the FIFO').toBe(false);
    expect(run.stdout.trim(), run.stderr).toBe('true undefined');
  });

  it('neither read, write nor prune through a link put in place of the packs folder', () => {
    packOf('a', 'alpha');
    const elsewhere = path.join(path.dirname(cacheDir), 'elsewhere');
    renameSync(packsDir(), elsewhere);
    symlinkSync(elsewhere, packsDir());
    const before = readdirSync(elsewhere).sort();
    const cache = fresh();
    expect(cache.getText('body', 'a')).toBeUndefined();
    expect(cache.setText('body', 'b', 'beta')).toBe(false);
    expect(cache.pruneUnusedPacks()).toBe(0);
    expect(readdirSync(elsewhere).sort()).toEqual(before);
  });

  it('keep other namespaces a file each', () => {
    const cache = fresh();
    cache.set('bundle', 'ab12', { files: [] });
    cache.close();
    expect(existsSync(path.join(cacheDir, 'bundle', 'ab', 'ab12.json'))).toBe(true);
    expect(existsSync(packsDir())).toBe(false);
  });
});
