/**
 * Lists the files of a content folder, following symbolic links by hand.
 * fast-glob follows links blindly: a link to its own folder (`loop -> .`)
 * listed every file once per level until the path grew too long (hundreds
 * of duplicate pages), and two such links multiplied each other until the
 * build ran out of memory. Here each folder on the way down is known by its
 * real path; a link that leads back to one of them (or to a folder above
 * one) is skipped with one warning naming it and its target. Links to files
 * and to folders elsewhere are followed as before, under the link's name.
 */
import type { Dirent } from 'node:fs';
import { readdir, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Warning } from '../core/warnings.js';
import { formatLocation } from '../errors/index.js';
import { readError, type Warn } from './read-text.js';

export interface WalkOptions {
  dir: string;
  /** Folders not entered, by name (names starting with `.` are never listed, as with fast-glob). */
  skipDir?: (name: string) => boolean;
  warn?: Warn;
}

/** Every file under `dir` (absolute paths, through links, sorted). A missing `dir` has no files. */
export async function walkContent({ dir, skipDir = () => false, warn }: WalkOptions): Promise<string[]> {
  const files: string[] = [];
  // Warnings are held and given in path order: the folders are read concurrently.
  const skipped: Warning[] = [];
  // Links already reported, by real location: a link reached along two paths is reported once.
  const reported = new Set<string>();
  let rootReal: string;
  try {
    rootReal = await realpath(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw readError(error, dir);
  }

  const report = async (link: string, realLocation: string, problem: (target: string) => string) => {
    if (reported.has(realLocation)) return;
    reported.add(realLocation);
    const target = await readlink(link).catch(() => '?');
    skipped.push({ code: 'CONTENT_SYMLINK_SKIPPED', message: problem(target), location: { file: link } });
  };

  /** `chain`: the real paths of the folders from `dir` down to `current` (its last entry). */
  const visit = async (current: string, chain: string[]): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch (error) {
      throw readError(error, current);
    }
    const realHere = chain[chain.length - 1];
    await Promise.all(
      entries.map(async (entry) => {
        if (entry.name.startsWith('.')) return;
        const full = path.join(current, entry.name);
        if (entry.isDirectory()) {
          if (!skipDir(entry.name)) await visit(full, [...chain, path.join(realHere, entry.name)]);
          return;
        }
        if (entry.isFile()) {
          files.push(full);
          return;
        }
        if (!entry.isSymbolicLink()) return;
        const realLocation = path.join(realHere, entry.name);
        let target: Awaited<ReturnType<typeof stat>>;
        try {
          target = await stat(full);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code !== 'ENOENT' && code !== 'ELOOP' && code !== 'ENOTDIR') throw readError(error, full);
          await report(full, realLocation, (to) =>
            code === 'ELOOP'
              ? `symbolic link to "${to}" resolves to itself (a chain of links that never ends); skipped`
              : `symbolic link to "${to}", which does not exist; skipped`,
          );
          return;
        }
        if (target.isFile()) files.push(full);
        if (!target.isDirectory() || skipDir(entry.name)) return;
        const targetReal = await realpath(full).catch((error: unknown) => {
          throw readError(error, full);
        });
        const inside = targetReal.endsWith(path.sep) ? targetReal : `${targetReal}${path.sep}`;
        const loops = chain.some((folder) => folder === targetReal || folder.startsWith(inside));
        if (loops) {
          await report(
            full,
            realLocation,
            (to) =>
              `symbolic link to "${to}" (${formatLocation({ file: targetReal }) || '/'}) leads back to a folder that contains it: following it would list the same files again and again; skipped`,
          );
          return;
        }
        await visit(full, [...chain, targetReal]);
      }),
    );
  };

  await visit(dir, [rootReal]);
  for (const warning of skipped.sort((a, b) => (a.location!.file < b.location!.file ? -1 : 1))) warn?.(warning);
  return files.sort();
}

/** Folders no content section reads: `_partials`-style folders (`_*`) and node_modules. */
export function isIgnoredDir(name: string): boolean {
  return name.startsWith('_') || name === 'node_modules';
}

/** Markdown/MDX files that are content: not `_*` (partials imported by other files). */
export function isMarkdownContent(file: string): boolean {
  const name = path.basename(file);
  return /\.mdx?$/.test(name) && !name.startsWith('_');
}
