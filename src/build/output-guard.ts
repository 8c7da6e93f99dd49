/**
 * Where an output folder may go. folio replaces its output folder whole on
 * every build, so that folder must never be, contain or sit inside anything
 * the user wrote: the site root or a folder above it, the filesystem root,
 * the home folder, the config file, the content, static, theme and API
 * source folders, or folio's cache. Paths are compared by real path, so a
 * symbolic link cannot smuggle a source folder in. Checked before the build
 * writes anything.
 */
import { existsSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FolioError } from '../errors/index.js';
import type { WatchedPaths } from '../core/site-paths.js';

export interface GuardedPath {
  /** What the path is, for the message: "the docs folder", "the config file". */
  label: string;
  path: string;
}

/** The real path of a path that may not exist yet: its nearest existing ancestor resolved, the rest appended. */
export function realPathOf(target: string): string {
  const absolute = path.resolve(target);
  const rest: string[] = [];
  let current = absolute;
  for (;;) {
    if (existsSync(current)) {
      try {
        return path.join(realpathSync(current), ...rest.reverse());
      } catch {
        return absolute;
      }
    }
    const parent = path.dirname(current);
    if (parent === current) return absolute;
    rest.push(path.basename(current));
    current = parent;
  }
}

/** Whether `inner` is `outer` or lies inside it (both absolute). */
function within(outer: string, inner: string): boolean {
  const rel = path.relative(outer, inner);
  return rel === '' || (!rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel));
}

/** A path as messages show it: relative to the working folder when inside it, else absolute. */
export function shown(target: string): string {
  const rel = path.relative(process.cwd(), target);
  if (rel === '') return '.';
  return !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : target;
}

/**
 * Throws OUTPUT_COLLIDES when the output folder is unsafe to replace: see the file comment.
 * `option` names where the path came from (`--out`, `outDir`) in the message.
 */
export function checkOutputPath({ root, outDir, option, sources }: { root: string; outDir: string; option: string; sources: readonly GuardedPath[] }): void {
  const out = realPathOf(outDir);
  const site = realPathOf(root);
  const refuse = (what: string) => {
    throw new FolioError({ code: 'OUTPUT_COLLIDES', message: `${option} ${shown(outDir)} ${what}; folio replaces its output folder on every build` });
  };
  if (path.parse(out).root === out) refuse('is the filesystem root');
  const home = os.homedir();
  if (home && realPathOf(home) === out) refuse('is your home folder');
  if (out === site) refuse('is the site root (the folder holding site.config.ts)');
  if (within(out, site)) refuse(`is a folder above the site root ${shown(root)}`);
  for (const source of sources) {
    const real = realPathOf(source.path);
    if (real === out) refuse(`is ${source.label} (${shown(source.path)})`);
    if (within(out, real)) refuse(`would contain ${source.label} (${shown(source.path)})`);
    if (within(real, out)) refuse(`is inside ${source.label} (${shown(source.path)})`);
  }
}

/** What an output folder must keep clear of, known before the config is read. */
export function basicGuardedPaths({ root, configFile, cacheDir }: { root: string; configFile: string; cacheDir: string }): GuardedPath[] {
  return [
    { label: 'the config file', path: configFile },
    { label: "folio's cache folder", path: cacheDir },
    { label: 'the git folder', path: path.join(root, '.git') },
    { label: 'the node_modules folder', path: path.join(root, 'node_modules') },
  ];
}

/** Everything a site's build reads, as sitePaths lists it, plus the basic paths. */
export function guardedPaths({ paths, cacheDir }: { paths: WatchedPaths; cacheDir: string }): GuardedPath[] {
  const list = basicGuardedPaths({ root: paths.root, configFile: paths.configFile, cacheDir });
  const add = (label: string, target: string | undefined) => {
    if (target) list.push({ label, path: target });
  };
  add('the docs folder', paths.docsDir);
  add('the blog folder', paths.blogDir);
  add('the pages folder', paths.pagesDir);
  add('the static folder', paths.staticDir);
  for (const entry of paths.apiPaths) add('an API source', entry);
  for (const dir of paths.themeDirs) add("folio's theme", dir);
  return list;
}
