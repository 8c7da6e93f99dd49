/** The folders and files of a site that a build reads and `serve` watches, from its config. */
import { readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import { cacheDirFor } from './context.js';
import { folioRoot } from './folio-root.js';

/** Where a site keeps its theme files (render/site-theme.ts), in order of precedence. */
export const SITE_THEME_DIRS = ['theme', 'src/theme'];

function realInside(root: string, file: string): boolean {
  try {
    const realRoot = realpathSync(root);
    return isInside(realRoot, realpathSync(file)) && realpathSync(file) !== realRoot;
  } catch {
    return false;
  }
}

/** The site's theme files (`Name.tsx`, `.jsx`, `.ts`, `.js`) by component name; `theme/` before `src/theme/`. */
export function siteThemeFiles(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const dir of SITE_THEME_DIRS) {
    let names: string[];
    try {
      names = readdirSync(path.join(root, dir)).sort();
    } catch {
      continue;
    }
    for (const file of names) {
      const name = /^([A-Z][A-Za-z0-9]*)\.(tsx|jsx|ts|js)$/.exec(file)?.[1];
      // A symbolic link out of the site is not the site's file: it is never compiled.
      if (name && !files[name] && realInside(root, path.join(root, dir, file))) files[name] = path.join(root, dir, file);
    }
  }
  return files;
}

/** The folders and files a site's build reads, absolute. */
export interface WatchedPaths {
  root: string;
  configFile: string;
  docsDir?: string;
  blogDir?: string;
  pagesDir: string;
  staticDir: string;
  /** API entry points, their tsconfig and readme, and the folders holding the entry points. */
  apiPaths: string[];
  /** Theme sources bundled into the client and server (templates/, src/client/, src/shared/). */
  themeDirs: string[];
  /** Never watched: the output and cache folders. */
  ignoredDirs: string[];
}

/** The real path of a file (symbolic links resolved), or the path as given when it does not exist. */
export function realOrSelf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

export function isInside(dir: string | undefined, file: string): boolean {
  if (!dir) return false;
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The folders and files a site's build reads, from its config (before the first build: the default folders). */
export function sitePaths({ root, outDir, config }: { root: string; outDir: string; config?: SiteConfig }): WatchedPaths {
  const theme = folioRoot();
  const resolve = (p: string) => path.resolve(root, p);
  const apiPaths: string[] = [];
  if (config?.api) {
    for (const entry of config.api.entryPoints) apiPaths.push(path.dirname(resolve(entry)), resolve(entry));
    if (config.api.tsconfig) apiPaths.push(resolve(config.api.tsconfig));
    if (config.api.readme) apiPaths.push(resolve(config.api.readme));
  }
  return {
    root,
    configFile: path.join(root, 'site.config.ts'),
    docsDir: config ? (config.docs ? resolve(config.docs.path) : undefined) : resolve('content/docs'),
    blogDir: config ? (config.blog ? resolve(config.blog.path) : undefined) : resolve('content/blog'),
    pagesDir: resolve(config?.pages.path ?? 'content/pages'),
    staticDir: resolve(config?.staticDir ?? 'content/static'),
    apiPaths,
    themeDirs: [
      path.join(theme, 'templates'),
      path.join(theme, 'src', 'client'),
      path.join(theme, 'src', 'shared'),
      // The site's own theme files and stylesheets (render/site-theme.ts).
      ...SITE_THEME_DIRS.map((dir) => resolve(dir)),
      ...(config?.customCss ?? []).map(resolve),
    ],
    ignoredDirs: [outDir, cacheDirFor(root)],
  };
}
