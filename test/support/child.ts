/**
 * Runs a TypeScript snippet in a child Node process (through tsx) with a time limit: for a test
 * whose failure would be a system call that blocks (opening a FIFO), which no test timeout can
 * interrupt in the test's own process. Imports in the snippet are relative to the repository.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './fixtures.js';

export function runSnippet(source: string, timeoutMs = 30_000): { status: number | null; stdout: string; stderr: string; timedOut: boolean } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'folio-snippet-'));
  const file = path.join(dir, 'snippet.ts');
  writeFileSync(file, source.replaceAll('@repo/', `${repoRoot}/`));
  try {
    const result = spawnSync(process.execPath, ['--import', 'tsx', file], { cwd: repoRoot, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL' });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr, timedOut: result.error !== undefined || result.signal === 'SIGKILL' };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
