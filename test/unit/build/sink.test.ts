/**
 * The one-shot build's output folder (FolderSink): a page is on disk when its write returns, so an
 * emitter naming a page's path is refused even when the emitter writes several files at once
 * (run-emitters.ts), and the page stays as it was.
 */
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
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
});
