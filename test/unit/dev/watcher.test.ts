/**
 * A save seen while the writer is between truncating a file and writing it
 * must not be built from the empty file: the rebuild waits until the file's
 * size and modification time hold still (and it is not empty).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileEvent } from '../../../src/build/incremental/changes.js';
import { createWatcher, settledSignatures, watchLimitMessage, type Watcher } from '../../../src/dev/watcher.js';
import { removeDir } from '../../support/fixtures.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'folio-watcher-'));
afterAll(() => removeDir(dir));

describe('settledSignatures', () => {
  it('waits for a file being rewritten to get its content back', async () => {
    const file = path.join(dir, 'page.md');
    writeFileSync(file, '---\ntitle: Before\n---\n');
    truncateSync(file, 0);
    setTimeout(() => writeFileSync(file, '---\ntitle: After the save\n---\n'), 30);
    const signature = (await settledSignatures([file])).get(file);
    const stats = statSync(file);
    expect(signature).toBe(`${stats.size}:${stats.mtimeMs}:${stats.ino}`);
    expect(stats.size).toBeGreaterThan(0);
  });

  it('gives the signature of a file that holds still, and none for a missing file', async () => {
    const file = path.join(dir, 'still.md');
    writeFileSync(file, 'unchanged\n');
    const signatures = await settledSignatures([file, path.join(dir, 'missing.md')]);
    expect(signatures.get(file)).toMatch(/^10:/);
    expect(signatures.get(path.join(dir, 'missing.md'))).toBeUndefined();
  });

  it('gives up waiting on a file that stays empty', async () => {
    const file = path.join(dir, 'empty.md');
    writeFileSync(file, '');
    const signatures = await settledSignatures([file], { maxWaitMs: 40 });
    expect(signatures.get(file)).toMatch(/^0:/);
  });
});

/**
 * The watcher itself on a real folder: chokidar forgets a watched folder that is deleted
 * (restoring it went unseen until a restart), and followed a link to its own folder level
 * after level (two such links never let it get ready).
 */
describe('createWatcher', () => {
  const sites: string[] = [];
  const watchers: Watcher[] = [];
  afterAll(async () => {
    for (const watcher of watchers) await watcher.close();
    sites.forEach(removeDir);
  });

  /** A folder with content/docs/a.md and site.config.ts, watched as folio serve watches a site. */
  async function watched(setup: (root: string) => void = () => {}) {
    const root = mkdtempSync(path.join(os.tmpdir(), 'folio-watch-'));
    sites.push(root);
    mkdirSync(path.join(root, 'content/docs'), { recursive: true });
    writeFileSync(path.join(root, 'content/docs/a.md'), '# A\n');
    writeFileSync(path.join(root, 'site.config.ts'), 'export default {};\n');
    setup(root);
    const events: FileEvent[] = [];
    const waiters = new Set<() => void>();
    const watcher = await createWatcher({
      paths: [path.join(root, 'site.config.ts'), path.join(root, 'content'), path.join(root, 'content/docs')],
      ignoredDirs: [path.join(root, 'out')],
      pollMs: 50,
      onEvent: (event) => {
        events.push(event);
        for (const waiter of [...waiters]) waiter();
      },
    });
    watchers.push(watcher);
    /**
     * Resolves once an event after index `from` matches (rel: path relative to the root; type:
     * one or several, `add|change` for a save that may land while chokidar is still scanning
     * the restored folder, which reports it as an add).
     */
    const seen = (type: string, rel: string, from = 0) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          const types = type.split('|');
          if (!events.slice(from).some((event) => types.includes(event.type) && path.relative(root, event.path) === rel)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${type} ${rel}; got ${JSON.stringify(events.map((event) => [event.type, path.relative(root, event.path)]))}`));
        }, 10_000);
        waiters.add(check);
        check();
      });
    return { root, events, seen, watcher };
  }

  it('sees a deleted content folder come back, and the edits made after', async () => {
    const { root, events, seen } = await watched();
    cpSync(path.join(root, 'content'), path.join(root, 'backup'), { recursive: true });
    rmSync(path.join(root, 'content'), { recursive: true });
    await seen('unlinkDir', 'content');
    await new Promise((resolve) => setTimeout(resolve, 200));
    let from = events.length;
    cpSync(path.join(root, 'backup'), path.join(root, 'content'), { recursive: true });
    await seen('add', 'content/docs/a.md', from);
    await new Promise((resolve) => setTimeout(resolve, 300));
    from = events.length;
    writeFileSync(path.join(root, 'content/docs/a.md'), '# A, edited\n');
    await seen('add|change', 'content/docs/a.md', from);
    writeFileSync(path.join(root, 'content/docs/b.md'), '# B\n');
    await seen('add', 'content/docs/b.md', from);
    await new Promise((resolve) => setTimeout(resolve, 100));
    from = events.length;
    writeFileSync(path.join(root, 'content/docs/b.md'), '# B, edited\n');
    await seen('add|change', 'content/docs/b.md', from);
  });

  it('sees a content folder restored right after its deletion', async () => {
    const { root, events, seen } = await watched();
    cpSync(path.join(root, 'content'), path.join(root, 'backup'), { recursive: true });
    rmSync(path.join(root, 'content'), { recursive: true });
    cpSync(path.join(root, 'backup'), path.join(root, 'content'), { recursive: true });
    await seen('addDir', 'content/docs');
    await seen('add', 'content/docs/a.md');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const from = events.length;
    writeFileSync(path.join(root, 'content/docs/a.md'), '# A, edited\n');
    await seen('add|change', 'content/docs/a.md', from);
  });

  it('sees a deleted config file come back, and its later changes', async () => {
    const { root, events, seen } = await watched();
    const config = path.join(root, 'site.config.ts');
    rmSync(config);
    await seen('unlink', 'site.config.ts');
    writeFileSync(config, 'export default { title: "Back" };\n');
    await seen('add', 'site.config.ts');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const from = events.length;
    writeFileSync(config, 'export default { title: "Edited" };\n');
    await seen('change', 'site.config.ts', from);
  });

  it('does not follow links back up the tree: ready, and one event per save', async () => {
    const { root, events, seen } = await watched((site) => {
      symlinkSync('.', path.join(site, 'content/docs/loop'));
      symlinkSync('..', path.join(site, 'content/docs/up'));
      mkdirSync(path.join(site, 'content/a'));
      mkdirSync(path.join(site, 'content/b'));
      symlinkSync('../b', path.join(site, 'content/a/to-b'));
      symlinkSync('../a', path.join(site, 'content/b/to-a'));
      symlinkSync('self', path.join(site, 'content/self'));
    });
    const from = events.length;
    writeFileSync(path.join(root, 'content/docs/a.md'), '# A, edited\n');
    await seen('change', 'content/docs/a.md', from);
    writeFileSync(path.join(root, 'content/b/c.md'), '# C\n');
    await seen('add', 'content/b/c.md', from);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const reported = events.slice(from).map((event) => path.relative(root, event.path));
    expect(reported.filter((rel) => rel.endsWith('a.md'))).toEqual(['content/docs/a.md']);
    // The link from a/ to b/ is followed once (a link to a folder elsewhere), never further.
    expect(reported.filter((rel) => rel.endsWith('c.md')).sort()).toEqual(['content/a/to-b/c.md', 'content/b/c.md']);
  });
});

describe('watchLimitMessage', () => {
  it('names the system limits that leave part of the site unwatched, and nothing else', () => {
    const error = (code: string) => Object.assign(new Error(`watch ${code}`), { code });
    expect(watchLimitMessage(error('ENOSPC'))).toMatch(/limit on watched folders.*ENOSPC/);
    expect(watchLimitMessage(error('EMFILE'))).toMatch(/too many open files \(EMFILE\)/);
    expect(watchLimitMessage(error('ENFILE'))).toMatch(/too many open files \(ENFILE\)/);
    for (const code of ['ENOENT', 'ELOOP', 'EPERM']) expect(watchLimitMessage(error(code)), code).toBeUndefined();
    expect(watchLimitMessage(undefined)).toBeUndefined();
  });
});
