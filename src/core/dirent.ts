import type { Dirent, Stats } from 'node:fs';
import { statSync } from 'node:fs';

/** Whether a directory entry is of a kind, following a symbolic link (a broken link is of none). */
function entryIs(full: string, entry: Dirent, kind: (item: Dirent | Stats) => boolean): boolean {
  if (!entry.isSymbolicLink()) return kind(entry);
  try {
    return kind(statSync(full));
  } catch {
    return false;
  }
}

/** Whether a directory entry is a folder, following a symbolic link (a broken link is not). */
export const isFolderEntry = (full: string, entry: Dirent): boolean => entryIs(full, entry, (item) => item.isDirectory());

/** Whether a directory entry is a file, following a symbolic link (a broken link is not). */
export const isFileEntry = (full: string, entry: Dirent): boolean => entryIs(full, entry, (item) => item.isFile());
