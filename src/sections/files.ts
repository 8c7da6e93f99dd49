/** What the sections agree on about file names. */
import path from 'node:path';

export const MARKDOWN = /\.mdx?$/i;

/** Discovery skips files and folders whose name starts with `_`. */
export function hiddenFromDiscovery(dir: string, file: string): boolean {
  return path
    .relative(dir, file)
    .split(path.sep)
    .some((part) => part.startsWith('_'));
}
