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

export function hashInputs(files: string[]): string | undefined {
  const parts: (string | Uint8Array)[] = [];
  for (const file of files) {
    try {
      parts.push(file, readFileSync(file));
    } catch {
      return undefined;
    }
  }
  return hashOf(...parts);
}

export function lookupBundle<Extra>(cache: Cache, key: string): BundleRecord<Extra> | undefined {
  const record = cache.get<BundleRecord<Extra>>('bundle', key);
  if (!record) return undefined;
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
