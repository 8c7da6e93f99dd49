/**
 * The one-shot build's output folder (FolderSink): a page is on disk when its write returns, so an
 * emitter naming a page's path is refused even when the emitter writes several files at once
 * (run-emitters.ts), and the page stays as it was.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { FolderSink } from '../../../src/build/sink.js';
import { removeDir } from '../../support/fixtures.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

describe('FolderSink', () => {
  it('an emitted file never lands over a page still being written, whichever emit took the pages', async () => {
    for (let round = 0; round < 2; round++) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'folio-sink-'));
      dirs.push(dir);
      const sink = new FolderSink(dir);
      for (let i = 0; i < 40; i++) await sink.write(`/docs/page-${i}/index.html`, `<p>page ${i}</p>`);
      // Two files of one emitter at once: the first settles the pages, the second names one of them.
      const results = await Promise.allSettled([sink.emit('/feed.xml', '<rss/>'), sink.emit('/docs/page-39/index.html', 'taken')]);
      expect(results[0].status).toBe('fulfilled');
      expect(results[1].status).toBe('rejected');
      expect(String((results[1] as PromiseRejectedResult).reason?.message)).toContain('/docs/page-39/index.html is already in the output');
      expect(readFileSync(path.join(dir, 'docs/page-39/index.html'), 'utf8')).toBe('<p>page 39</p>');
    }
  });

  it('lists the files a link may point at as the output holds them: no pages, no page data, no dot-files', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'folio-sink-'));
    dirs.push(dir);
    const sink = new FolderSink(dir);
    sink.write('/index.html', '<p>home</p>');
    sink.write('/docs/usage/index.html', '<p>usage</p>');
    sink.write('/assets/data/docs_usage.json', '{}');
    sink.write('/assets/client.js', '');
    await sink.emit('/blog/rss.xml', '<rss/>');
    sink.copy('/img/logo.svg', path.join(dir, 'docs/usage/index.html'));
    // Written beside the sink (the bundler, the static folder): listed too.
    mkdirSync(path.join(dir, 'files/deep/er'), { recursive: true });
    writeFileSync(path.join(dir, 'files/deep/er/guide.pdf'), '%PDF');
    writeFileSync(path.join(dir, 'files/index.html.bak'), '');
    writeFileSync(path.join(dir, '.folio-output'), '{}');
    mkdirSync(path.join(dir, '.hidden'));
    writeFileSync(path.join(dir, '.hidden/secret.txt'), '');
    symlinkSync(path.join(dir, 'files/deep/er/guide.pdf'), path.join(dir, 'files/linked.pdf'));
    symlinkSync(path.join(dir, 'files/deep'), path.join(dir, 'files/linked-folder'));
    expect([...(await sink.files())].sort()).toEqual(
      ['/assets/client.js', '/blog/rss.xml', '/files/deep/er/guide.pdf', '/files/index.html.bak', '/files/linked.pdf', '/img/logo.svg'].sort(),
    );
  });

  describe('makeFoldersAhead', () => {
    const fresh = () => {
      const parent = mkdtempSync(path.join(os.tmpdir(), 'folio-sink-'));
      dirs.push(parent);
      const dir = path.join(parent, 'out');
      mkdirSync(dir);
      return { parent, dir, sink: new FolderSink(dir) };
    };
    const pages = (n: number) => Array.from({ length: n }, (_, i) => [`/docs/part-${i % 7}/page-${i}/index.html`, `/assets/data/docs_page-${i}.json`]).flat();
    const turns = async (n: number) => {
      for (let turn = 0; turn < n; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
    };
    const made = (dir: string) => readdirSync(path.join(dir, 'docs'), { recursive: true }).length;

    it('makes the folders of the files given, a turn at a time, and a write then finds its folder made', async () => {
      const { dir, sink } = fresh();
      sink.makeFoldersAhead(pages(100));
      // The first turn runs at once; the others wait for the event loop.
      expect(existsSync(path.join(dir, 'docs/part-0/page-0'))).toBe(true);
      expect(existsSync(path.join(dir, 'docs/part-2/page-99'))).toBe(false);
      await turns(20);
      for (let i = 0; i < 100; i++) expect(statSync(path.join(dir, `docs/part-${i % 7}/page-${i}`)).isDirectory()).toBe(true);
      expect(statSync(path.join(dir, 'assets/data')).isDirectory()).toBe(true);
      // No file is made ahead: the folders only.
      expect(readdirSync(path.join(dir, 'docs/part-0/page-0'))).toEqual([]);
      sink.write('/docs/part-0/page-0/index.html', '<p>0</p>');
      expect(readFileSync(path.join(dir, 'docs/part-0/page-0/index.html'), 'utf8')).toBe('<p>0</p>');
    });

    it('finish makes the rest at once; stop makes no more', async () => {
      const first = fresh();
      first.sink.makeFoldersAhead(pages(500)).finish();
      expect(made(first.dir)).toBe(500 + 7);
      const second = fresh();
      second.sink.makeFoldersAhead(pages(500)).stop();
      const before = made(second.dir);
      expect(before).toBeGreaterThan(0);
      expect(before).toBeLessThan(100);
      await turns(100);
      expect(made(second.dir)).toBe(before);
    });

    it('makes nothing outside the output folder: a path leaving it ends the turns quietly (its write reports it)', async () => {
      const { parent, dir, sink } = fresh();
      sink.makeFoldersAhead(['/docs/a/index.html', '/../escaped/index.html', '/docs/b/index.html']).finish();
      await turns(3);
      expect(existsSync(path.join(dir, 'docs/a'))).toBe(true);
      expect(existsSync(path.join(parent, 'escaped'))).toBe(false);
      expect(existsSync(path.join(dir, 'docs/b'))).toBe(false);
      expect(() => sink.write('/../escaped/index.html', 'x')).toThrow(/outside the output folder/);
    });

    it('a file in the way of a folder ends the turns quietly, and the write says so', () => {
      const { dir, sink } = fresh();
      writeFileSync(path.join(dir, 'docs'), 'a file');
      sink.makeFoldersAhead(['/docs/a/index.html']).finish();
      expect(readFileSync(path.join(dir, 'docs'), 'utf8')).toBe('a file');
      expect(() => sink.write('/docs/a/index.html', 'x')).toThrow(/EEXIST|ENOTDIR/);
    });
  });
});
