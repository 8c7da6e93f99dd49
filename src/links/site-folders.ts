/**
 * Where the files that content pulls in (images) may lie: inside the site
 * root, or inside the configured static and content folders and the folders
 * of the API entry points (which may sit elsewhere on purpose: a site in
 * `website/` documents `../src`). Compared by real path, so a
 * symbolic link that leads out of them counts as outside, and `../` escapes
 * are caught whether or not the file exists.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';

export interface SiteFolders {
  /** Real paths of the folders files may come from. */
  real: string[];
}

/** The allowed folders of a site: its root, static folder, content folders and API entry points' folders. */
export function siteFoldersOf(root: string, config: Pick<SiteConfig, 'staticDir' | 'docs' | 'blog' | 'pages' | 'api'>): SiteFolders {
  const folders = [root, config.staticDir, config.docs?.path, config.blog?.path, config.pages?.path];
  for (const entry of config.api?.entryPoints ?? []) folders.push(path.dirname(path.resolve(root, entry)));
  const real = new Set<string>();
  for (const folder of folders) if (folder !== undefined) real.add(realPathOf(path.resolve(root, folder)));
  return { real: [...real] };
}

/**
 * The real path of a file that may not exist: the real path of its nearest existing folder,
 * then the rest of the path as written. A link loop or another unreadable link resolves as
 * written (it leads nowhere, so nothing can be read through it).
 */
export function realPathOf(file: string): string {
  const missing: string[] = [];
  let current = path.resolve(file);
  for (;;) {
    try {
      return path.join(realpathSync.native(current), ...missing.reverse());
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const parent = path.dirname(current);
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || parent === current) return path.resolve(file);
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

/** Whether a file (absolute) lies inside one of the allowed folders, by real path. */
export function insideAllowed(file: string, folders: SiteFolders): boolean {
  const real = realPathOf(file);
  return folders.real.some((folder) => real === folder || real.startsWith(folder.endsWith(path.sep) ? folder : `${folder}${path.sep}`));
}
