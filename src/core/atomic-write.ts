import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

/**
 * Writes a file under a temporary name and renames it into place, so a reader (another build, a
 * worker thread, the next process) sees the old file or the whole new one, never half of it. A
 * failed write (disk full) leaves no temporary file behind.
 */
export function writeFileAtomic(file: string, data: string | Uint8Array, { makeDir = true }: { makeDir?: boolean } = {}): void {
  if (makeDir) mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}-${threadId}.tmp`;
  try {
    writeFileSync(temp, data);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
