/**
 * Atomic output: a build writes into a fresh temporary folder next to the
 * output folder and swaps it in only when everything succeeded. A failed
 * build leaves the previous output untouched.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { FolioError } from '../errors/index.js';

export function createTempOutput(outDir: string): string {
  const parent = path.dirname(path.resolve(outDir));
  mkdirSync(parent, { recursive: true });
  const dir = path.join(parent, `.folio-tmp-${path.basename(outDir)}-${randomBytes(4).toString('hex')}`);
  mkdirSync(dir);
  return dir;
}

export function swapOutput({ tempDir, outDir }: { tempDir: string; outDir: string }): void {
  const old = `${tempDir}-old`;
  try {
    if (existsSync(outDir)) renameSync(outDir, old);
    renameSync(tempDir, outDir);
  } catch (error) {
    if (!existsSync(outDir) && existsSync(old)) renameSync(old, outDir);
    throw new FolioError({ code: 'OUTPUT_FAILED', message: (error as Error).message, location: { file: outDir }, cause: error });
  }
  rmSync(old, { recursive: true, force: true });
}

/**
 * Writes a file under a temporary name and renames it into place, so a reader (another build, a
 * worker thread, the next process) sees the old file or the whole new one, never half of it.
 */
export function writeFileAtomic(file: string, data: string | Uint8Array, { makeDir = true }: { makeDir?: boolean } = {}): void {
  if (makeDir) mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}-${threadId}.tmp`;
  writeFileSync(temp, data);
  renameSync(temp, file);
}

export function discardOutput(tempDir: string): void {
  rmSync(tempDir, { recursive: true, force: true });
}
