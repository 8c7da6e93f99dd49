/**
 * Stage `loadConfig`: bundles site.config.ts with esbuild, imports it and
 * validates it against the schema, filling every default.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';
import { esbuild as esbuildApi } from '../core/cjs-packages.js';
import { FolioError } from '../errors/index.js';
import { writeFileAtomic } from '../core/atomic-write.js';
import { readSealed, writeSealed } from '../core/cache.js';
import { folioFingerprint } from '../core/version.js';
import type { SiteConfig } from './schema.js';

export const CONFIG_FILE = 'site.config.ts';

export interface LoadedConfig {
  config: SiteConfig;
  file: string;
  /** Hash of the config source, part of every cache key. */
  hash: string;
  /** The bundle of the last build was used again: nothing it was made of had changed. */
  kept?: boolean;
}

export async function loadConfig({ root, cacheDir, useCache = true }: { root: string; cacheDir: string; useCache?: boolean }): Promise<LoadedConfig> {
  const file = path.join(root, CONFIG_FILE);
  if (!existsSync(file)) {
    throw new FolioError({
      code: 'CONFIG_NOT_FOUND',
      message: `no ${CONFIG_FILE} in ${root}`,
      location: { file },
    });
  }
  const source = readFileSync(file, 'utf8');
  // The last bundle, when what it was made of is as it was: no esbuild (about 0.1 s of a build that finds nothing changed).
  const kept = useCache ? keptBundle({ root, cacheDir }) : undefined;
  if (kept) {
    const value = await importConfig(kept.file, file, false);
    const raw = plainJson(value);
    // The same plain value the last build validated: its result (zod is not loaded). A config that
    // holds functions or other objects (custom emitters), or reads something that changed, is validated.
    if (raw !== undefined && raw === kept.record.raw && kept.record.config !== undefined)
      return { config: JSON.parse(kept.record.config) as SiteConfig, file, hash: kept.record.hash, kept: true };
    const config = await validated({ value, file, source });
    keepRecord(cacheDir, { ...kept.record, raw: undefined, config: undefined, ...memoOf(raw, config) });
    return { config, file, hash: kept.record.hash, kept: true };
  }
  const esbuild = esbuildApi();
  // The validation's code (zod) loads while esbuild bundles the config in its own process.
  const validator = import('./validate-config.js');
  validator.catch(() => {});
  let code: string;
  let inputs: string[] = [];
  try {
    const result = await esbuild.build({
      entryPoints: [file],
      // The bundle's path comments are relative to the site: its hash (a cache key) does not
      // depend on the folder folio was started from.
      absWorkingDir: root,
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      packages: 'external',
      metafile: true,
      plugins: [folioSelfPlugin],
    });
    code = result.outputFiles[0].text;
    // The site's files it read (relative to root), not folio's stand-in module.
    inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes(':'));
  } catch (error) {
    const first = (error as esbuild.BuildFailure).errors?.[0];
    throw new FolioError({
      code: 'CONFIG_SYNTAX',
      message: first?.text ?? String(error),
      location: {
        file: first?.location?.file ? path.resolve(root, first.location.file) : file,
        line: first?.location?.line,
        column: (first?.location?.column ?? 0) + 1,
      },
      excerpt: first?.location?.lineText,
    });
  }
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const bundled = writeBundle({ root, cacheDir, code, hash, useCache });
  const value = await importConfig(bundled.file, file, bundled.temporary);
  const config = await validated({ value, file, source }, validator);
  if (useCache && !bundled.temporary) keepBundle({ root, cacheDir, hash, inputs, version: esbuild.version, memo: memoOf(plainJson(value), config) });
  return { config, file, hash };
}

async function validated(
  input: { value: unknown; file: string; source: string },
  validator: Promise<typeof import('./validate-config.js')> = import('./validate-config.js'),
): Promise<SiteConfig> {
  const { validateConfig } = await validator;
  return validateConfig(input);
}

/**
 * JSON of a value made of plain objects, arrays, strings, finite numbers, booleans and null only
 * (what JSON gives back as it was), else undefined: a function, an undefined, a class instance or
 * a cycle anywhere.
 */
export function plainJson(value: unknown): string | undefined {
  const open = new Set<object>();
  const plain = (item: unknown): boolean => {
    if (item === null || typeof item === 'string' || typeof item === 'boolean') return true;
    if (typeof item === 'number') return Number.isFinite(item);
    if (typeof item !== 'object' || open.has(item)) return false;
    open.add(item);
    let ok: boolean;
    if (Array.isArray(item)) ok = Object.keys(item).length === item.length && item.every(plain);
    else {
      const proto = Object.getPrototypeOf(item);
      // Own properties only, all enumerable (JSON skips the others; validation might not).
      ok = (proto === Object.prototype || proto === null) && Reflect.ownKeys(item).length === Object.keys(item).length && Object.values(item).every(plain);
    }
    open.delete(item);
    return ok;
  };
  return plain(value) ? JSON.stringify(value) : undefined;
}

/** What the record keeps of a validation: only when the value and its result are both plain. */
function memoOf(raw: string | undefined, config: SiteConfig): Pick<BundleRecord, 'raw' | 'config'> {
  const json = raw === undefined ? undefined : plainJson(config);
  return json === undefined ? {} : { raw, config: json };
}

/** Imports the bundled config and returns its default export (a temporary bundle is deleted after). */
async function importConfig(bundle: string, file: string, temporary: boolean): Promise<unknown> {
  let mod: { default?: unknown };
  try {
    mod = await import(pathToFileURL(bundle).href);
  } catch (error) {
    throw new FolioError({
      code: 'CONFIG_SYNTAX',
      message: `site.config.ts threw while loading: ${(error as Error).message}`,
      location: { file },
      cause: error,
    });
  } finally {
    if (temporary) rmSync(bundle, { force: true });
  }
  if (mod.default === undefined) {
    throw new FolioError({ code: 'CONFIG_NO_DEFAULT_EXPORT', message: 'no default export', location: { file } });
  }
  return mod.default;
}

/**
 * The record of the last bundle (`.folio-cache/config-bundle.json`): its hash, the files esbuild
 * read, and what made them (`sourcesKey`). The bundle is used again, without esbuild, only when
 * that key is the same now and the bundle file still holds exactly the bytes it was made with.
 */
interface BundleRecord {
  hash: string;
  inputs: string[];
  key: string;
  /** folio's code (its schema decides what a value validates to). */
  folio: string;
  /** The bundle's default export as JSON, and what validating it gave, when both are plain (plainJson). */
  raw?: string;
  config?: string;
}

/** Files esbuild may resolve an import to (its extensions, and those named in full). */
const RESOLVED = /\.(tsx?|jsx?|mjs|cjs|mts|cts|json|css)$/i;

const recordFile = (cacheDir: string) => path.join(cacheDir, 'config-bundle.json');

/**
 * Everything a bundle of the config depends on besides esbuild's options: esbuild's version, every
 * file read (its bytes), the names of the files in each of their folders that an import could
 * mean (a new `x.tsx` beside `x.ts` changes what `./x` means; a folder is tried only after the
 * files, and the build's own folders come and go), and the tsconfig.json, jsconfig.json and
 * package.json of every folder above them (esbuild reads those for paths, JSX and module
 * settings). Undefined when an input is gone.
 */
function sourcesKey({ root, inputs, version }: { root: string; inputs: string[]; version: string }): string | undefined {
  const hash = createHash('sha256').update(version).update('\0');
  const folders = new Set<string>();
  try {
    for (const input of inputs) {
      const full = path.resolve(root, input);
      // Files esbuild read are regular files: a damaged or hand-made record naming a device, a pipe
      // or a folder (`/dev/zero`) would have this read without end.
      if (typeof input !== 'string' || !statSync(full).isFile()) return undefined;
      hash.update(input).update('\0').update(readFileSync(full)).update('\0');
      folders.add(path.dirname(full));
    }
    const above = new Set<string>();
    for (const folder of folders) {
      const names = readdirSync(folder, { withFileTypes: true })
        .filter((entry) => !entry.isDirectory() && RESOLVED.test(entry.name))
        .map((entry) => entry.name)
        .sort();
      hash.update(folder).update('\0').update(names.join('/')).update('\0');
      for (let dir = folder; !above.has(dir); dir = path.dirname(dir)) {
        above.add(dir);
        if (path.dirname(dir) === dir) break;
      }
    }
    for (const dir of [...above].sort()) {
      for (const name of ['tsconfig.json', 'jsconfig.json', 'package.json']) {
        const candidate = path.join(dir, name);
        hash.update(candidate).update('\0');
        if (existsSync(candidate)) hash.update(readFileSync(candidate)).update('\0');
      }
    }
  } catch {
    return undefined;
  }
  return hash.digest('hex');
}

/** esbuild's version without loading esbuild (its package.json, next to the module folio imports). */
function esbuildVersion(): string | undefined {
  try {
    const manifest = createRequire(import.meta.url).resolve('esbuild/package.json');
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

function keptBundle({ root, cacheDir }: { root: string; cacheDir: string }): { file: string; record: BundleRecord } | undefined {
  const text = readSealed(recordFile(cacheDir));
  const version = esbuildVersion();
  if (text === undefined || version === undefined) return undefined;
  let record: BundleRecord;
  try {
    record = JSON.parse(text) as BundleRecord;
  } catch {
    return undefined;
  }
  if (typeof record.hash !== 'string' || !Array.isArray(record.inputs) || record.inputs.length === 0 || record.folio !== folioFingerprint()) return undefined;
  if (sourcesKey({ root, inputs: record.inputs, version }) !== record.key) return undefined;
  const file = path.join(cacheDir, `config-${record.hash}.mjs`);
  try {
    if (createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16) !== record.hash) return undefined;
  } catch {
    return undefined;
  }
  return { file, record };
}

function keepBundle({
  root,
  cacheDir,
  hash,
  inputs,
  version,
  memo,
}: {
  root: string;
  cacheDir: string;
  hash: string;
  inputs: string[];
  version: string;
  memo: Pick<BundleRecord, 'raw' | 'config'>;
}): void {
  const key = inputs.length > 0 ? sourcesKey({ root, inputs, version }) : undefined;
  if (key) keepRecord(cacheDir, { hash, inputs, key, folio: folioFingerprint(), ...memo });
  else
    try {
      rmSync(recordFile(cacheDir), { force: true });
    } catch {
      // no cache folder to clean
    }
}

function keepRecord(cacheDir: string, record: BundleRecord): void {
  try {
    writeSealed(recordFile(cacheDir), JSON.stringify(record));
  } catch {
    // a cache folder that cannot be written: the next build bundles the config again
  }
}

/** Resolves `import { defineConfig } from 'folio'` inside a site config. */
const folioSelfPlugin: esbuild.Plugin = {
  name: 'folio-self',
  setup(build) {
    build.onResolve({ filter: /^folio$/ }, () => ({ path: 'folio', namespace: 'folio-self' }));
    build.onLoad({ filter: /.*/, namespace: 'folio-self' }, () => ({
      contents: 'export function defineConfig(config) { return config; }',
      loader: 'js',
    }));
  },
};

/**
 * The bundled config as a file Node can import (it must sit inside the site, so that packages
 * the config imports resolve from the site's node_modules). With the cache: `.folio-cache/config-
 * <hash>.mjs`, used again only when its bytes are exactly the bundle (a damaged cache entry is
 * written again, never blamed on the config). Without the cache, or when the cache folder cannot
 * be written: a temporary file the caller deletes after the import.
 */
function writeBundle({ root, cacheDir, code, hash, useCache }: { root: string; cacheDir: string; code: string; hash: string; useCache: boolean }): {
  file: string;
  temporary: boolean;
} {
  if (useCache) {
    const file = path.join(cacheDir, `config-${hash}.mjs`);
    try {
      if (!existsSync(file) || readFileSync(file, 'utf8') !== code) writeFileAtomic(file, code);
      return { file, temporary: false };
    } catch {
      // an unusable cache folder: the build goes on without it (the context reports it once)
    }
  }
  const name = `.site.config.${process.pid}-${randomBytes(4).toString('hex')}.folio.mjs`;
  // Last resort, a read-only site: the system's temporary folder (packages the config imports then
  // resolve from there, which works for configs that import only folio and Node's modules).
  for (const dir of [...(useCache ? [] : [cacheDir]), root]) {
    const file = path.join(dir, name);
    try {
      writeFileAtomic(file, code, { makeDir: dir === cacheDir });
      return { file, temporary: true };
    } catch {
      // try the next place
    }
  }
  const file = path.join(os.tmpdir(), name);
  writeFileAtomic(file, code, { makeDir: false });
  return { file, temporary: true };
}
