import type { Dirent } from 'node:fs';
import { statSync } from 'node:fs';

/** Whether a directory entry is a folder, following a symbolic link (a broken link is not). */
export function isFolderEntry(full: string, entry: Dirent): boolean {
  if (!entry.isSymbolicLink()) return entry.isDirectory();
  try {
    return statSync(full).isDirectory();
  } catch {
    return false;
  }
}

/** Whether a directory entry is a file, following a symbolic link (a broken link is not). */
export function isFileEntry(full: string, entry: Dirent): boolean {
  if (!entry.isSymbolicLink()) return entry.isFile();
  try {
    return statSync(full).isFile();
  } catch {
    return false;
  }
}
