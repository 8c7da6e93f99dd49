import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import { asFolioError } from '../errors/index.js';
import { Cache, probeCacheDir } from './cache.js';
import type { Logger } from './logger.js';
import { severityPolicy, WarningList } from './warnings.js';

export type BuildMode = 'production' | 'development';

/** The one object every stage receives. Created fresh for each build. */
export interface BuildContext {
  root: string;
  outDir: string;
  cacheDir: string;
  mode: BuildMode;
  config: SiteConfig;
  configFile: string;
  /** Hash of folio's version and the config: part of every cache key. */
  buildHash: string;
  logger: Logger;
  warnings: WarningList;
  cache: Cache;
  /** The moment the build started (future-dated posts are compared with it). */
  now: Date;
  /** Worker threads for compiling (1: everything in the main thread). Default: the core count. */
  threads?: number;
}

export function cacheDirFor(root: string): string {
  return path.join(root, '.folio-cache');
}

/**
 * A fresh context. The cache folder is checked first: one that cannot be created or written
 * (read-only, a file in its place, no permission) means a build without the cache and one
 * warning, as does a write that fails later (disk full).
 */
export function createContext(init: Omit<BuildContext, 'warnings' | 'cache'> & { useCache?: boolean; keepInMemory?: boolean }): BuildContext {
  const { useCache = true, keepInMemory = true, ...rest } = init;
  const warnings = new WarningList(severityPolicy(init.config));
  let dir = useCache ? init.cacheDir : undefined;
  const problem = dir ? probeCacheDir(dir) : undefined;
  if (problem) {
    warnings.add({ code: 'CACHE_UNAVAILABLE', message: `${problem.message}; building without the cache`, location: { file: init.cacheDir } });
    dir = undefined;
  }
  const onWriteError = (error: unknown) => {
    const cause = asFolioError(error);
    warnings.add({
      code: 'CACHE_UNAVAILABLE',
      message: `${cause.message}; the rest of this build does not write the cache`,
      location: { file: init.cacheDir },
    });
  };
  return { ...rest, warnings, cache: new Cache(dir, { memory: keepInMemory, onWriteError }) };
}
