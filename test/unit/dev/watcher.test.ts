/**
 * A save seen while the writer is between truncating a file and writing it
 * must not be built from the empty file: the rebuild waits until the file's
 * size and modification time hold still (and it is not empty).
 */
import { mkdtempSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { settledSignatures } from '../../../src/dev/watcher.js';
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
