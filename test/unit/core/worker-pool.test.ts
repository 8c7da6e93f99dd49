/**
 * A pool whose worker is gone (it crashed, ran out of memory, exited) refuses every job, the ones
 * in flight and the ones asked for later: a build that goes on asking (the highlighting thread
 * gets a block per fenced code block) fails with the worker's end instead of waiting forever.
 * In a child process with a time limit: what this guards against is a wait no test timeout ends.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runSnippet } from '../../support/child.js';
import { removeDir } from '../../support/fixtures.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'folio-pool-'));
afterAll(() => removeDir(dir));

/** A worker that answers `value` jobs with twice the value and ends its thread on `exit` ones. */
const worker = path.join(dir, 'worker.mjs');
writeFileSync(
  worker,
  `import { parentPort } from 'node:worker_threads';
parentPort.on('message', ({ id, job }) => {
  if (job.exit !== undefined) process.exit(job.exit);
  parentPort.postMessage({ id, result: job.value * 2 });
});
`,
);

describe('createPool', () => {
  for (const code of [3, 0]) {
    it(`refuses every later job once its worker exited (code ${code}), none left waiting`, () => {
      const run = runSnippet(
        `
import { createPool } from '@repo/src/core/worker-pool.ts';
const pool = createPool({ file: new URL(${JSON.stringify(pathToFileURL(worker).href)}), size: 1 });
const outcome = (promise) => promise.then((value) => 'answered ' + value, (error) => 'refused: ' + error.message);
(async () => {
  console.log(await outcome(pool.run({ value: 21 })));
  console.log(await outcome(pool.run({ exit: ${code} })));
  // Asked for after the end: refused at once, not posted to a thread that is gone.
  console.log(await outcome(pool.run({ value: 1 })));
  await pool.close();
})();
`,
        20_000,
      );
      expect(run.timedOut, run.stderr).toBe(false);
      expect(run.stdout.trim().split('\n'), run.stderr).toEqual([
        'answered 42',
        expect.stringMatching(/^refused: a worker thread exited/),
        expect.stringMatching(/^refused: a worker thread exited/),
      ]);
    });
  }
});

describe('threadStart', () => {
  it('runs the file itself, or an import() line of it when the process was started with --input-type (either form)', async () => {
    const { threadStart } = await import('../../../src/core/worker-pool.js');
    const file = new URL('file:///opt/folio/dist/compile-worker.mjs');
    expect(threadStart(file, ['--max-old-space-size=512', '--enable-source-maps'])).toEqual({ entry: file, eval: false });
    expect(threadStart(file, [])).toEqual({ entry: file, eval: false });
    for (const argv of [
      ['--input-type=module', '-e', 'code'],
      ['--input-type', 'commonjs', '-e', 'code'],
    ]) {
      expect(threadStart(file, argv)).toEqual({ entry: 'import("file:///opt/folio/dist/compile-worker.mjs");', eval: true });
    }
  });
});
