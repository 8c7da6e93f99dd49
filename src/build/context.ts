import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import { Cache } from './cache.js';
import type { Logger } from './logger.js';
import { WarningList } from './warnings.js';

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

export function createContext(init: Omit<BuildContext, 'warnings' | 'cache'> & { useCache?: boolean; keepInMemory?: boolean }): BuildContext {
  const { useCache = true, keepInMemory = true, ...rest } = init;
  return { ...rest, warnings: new WarningList(), cache: new Cache(useCache ? init.cacheDir : undefined, { memory: keepInMemory }) };
}
