/**
 * Reuses an esbuild bundle while none of its input files changed: the
 * record keeps the list of inputs esbuild read (from its metafile) and a
 * hash of their contents. A warm build hashes those files (a few ms)
 * instead of bundling again (100+ ms). Any changed, added-to-the-graph or
 * missing input means a new bundle.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import type { Cache } from '../core/cache.js';
import { hashOf } from '../core/hash.js';

export interface BundleFile {
  /** Path relative to where the bundle is written. */
  path: string;
  /** Base64 contents. */
  contents: string;
}

export interface BundleRecord<Extra = unknown> {
  inputs: string[];
  inputsHash: string;
  files: BundleFile[];
  extra: Extra;
}

/** The files a bundle read, absolute. `cwd` is the build's absWorkingDir (the metafile's paths are relative to it). */
export function inputsOf(metafile: Metafile, { cwd, virtual = [] }: { cwd: string; virtual?: string[] }): string[] {
  // Virtual modules ("namespace:path", stdin entries) have no file to watch: their source is part of the key.
  return Object.keys(metafile.inputs)
    .filter((input) => !/^[a-z-]+:/.test(input) && !virtual.includes(input))
    .map((input) => path.resolve(cwd, input))
    .sort();
}

/**
 * A hash of the files' names and contents; undefined when one cannot be read. With `root`, the
 * names are relative to it (a record that holds for folio wherever it is installed: prebuilt.ts).
 */
export function hashInputs(files: readonly string[], root?: string): string | undefined {
  const parts: (string | Uint8Array)[] = [];
  for (const file of files) {
    try {
      parts.push(file, readFileSync(root === undefined ? file : path.join(root, file)));
    } catch {
      return undefined;
    }
  }
  return hashOf(...parts);
}

/** A path relative to its folder that stays inside it (`a/b.js`, not `/a`, `../a` or `a/../../b`). */
export function staysInside(relative: string): boolean {
  return relative !== '' && !path.isAbsolute(relative) && !path.win32.isAbsolute(relative) && !relative.split(/[\\/]/).includes('..');
}

/**
 * Whether a record read back is one this code wrote: its lists in shape, and every file it would
 * write a plain path inside the bundle's folder. The cache folder is the site's to change: a
 * record naming `../../elsewhere` is a miss (the bundle is made again), never a write out of out/.
 */
export function soundRecord<Extra>(record: unknown): record is BundleRecord<Extra> {
  const candidate = record as Partial<BundleRecord> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    Array.isArray(candidate.inputs) &&
    candidate.inputs.every((input) => typeof input === 'string') &&
    typeof candidate.inputsHash === 'string' &&
    Array.isArray(candidate.files) &&
    candidate.files.every((file) => typeof file?.path === 'string' && typeof file.contents === 'string' && staysInside(file.path))
  );
}

export function lookupBundle<Extra>(cache: Cache, key: string): BundleRecord<Extra> | undefined {
  const record = cache.get<BundleRecord<Extra>>('bundle', key);
  if (!soundRecord(record)) return undefined;
  for (const input of record.inputs) cache.dependencies.add(input);
  return hashInputs(record.inputs) === record.inputsHash ? record : undefined;
}

export function storeBundle<Extra>({
  cache,
  key,
  inputs,
  files,
  extra,
}: {
  cache: Cache;
  key: string;
  inputs: string[];
  files: BundleFile[];
  extra: Extra;
}): void {
  for (const input of inputs) cache.dependencies.add(input);
  const inputsHash = hashInputs(inputs);
  if (inputsHash) cache.set('bundle', key, { inputs, inputsHash, files, extra });
}
