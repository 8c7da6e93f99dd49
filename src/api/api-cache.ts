/**
 * The typedoc cache. typedoc takes seconds to start, so its JSON is cached in
 * two content-addressed steps:
 *
 *   1. `api-manifest/<input key>`: the files (and source folders) the last
 *      run read, where the input key hashes the entry points, the tsconfig
 *      path and the typedoc and TypeScript versions;
 *   2. `api/<content key>`: the project JSON and problems, where the content
 *      key hashes the input key plus the current content of every manifest
 *      file and the listing of every manifest folder.
 *
 * A build with unchanged sources reads the manifest, hashes the files and
 * finds the model, without loading typedoc or TypeScript. A changed entry
 * file, import, tsconfig or dependency (or a new file next to the sources)
 * gives another content key, so typedoc runs again.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { hashOf } from '../core/hash.js';
import type { ApiManifest } from './types.js';

/** Bump when the typedoc options or the stored shape change. */
const MODEL_FORMAT = 'folio-api-model-1';

export const MANIFEST_NAMESPACE = 'api-manifest';
export const MODEL_NAMESPACE = 'api';

/** Installed version of a package that exports its package.json (typedoc, typescript). */
export function packageVersion(name: string): string {
  const require = createRequire(import.meta.url);
  try {
    return (require(`${name}/package.json`) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** The key of the inputs that decide which files typedoc reads. */
export function inputKey({ entryPoints, tsconfig }: { entryPoints: string[]; tsconfig?: string }): string {
  return hashOf(MODEL_FORMAT, packageVersion('typedoc'), packageVersion('typescript'), ...entryPoints, '\u0001', tsconfig ?? '');
}

function fileHash(file: string): string {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return 'missing';
  }
}

function dirListing(dir: string): string {
  try {
    return readdirSync(dir).sort().join('/');
  } catch {
    return 'missing';
  }
}

/**
 * The key of the current content of everything a run read (`key`, the cache's), and the same
 * with the paths relative to `root` (`portable`: equal for the same site in another folder).
 */
export function contentKey({ inputKey: key, manifest, root }: { inputKey: string; manifest: ApiManifest; root: string }): { key: string; portable: string } {
  const parts: string[] = [key];
  const portable: string[] = [key];
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  for (const file of manifest.files) {
    const hash = fileHash(file);
    parts.push(`${file}\u0001${hash}`);
    portable.push(`${relative(file)}\u0001${hash}`);
  }
  for (const dir of manifest.dirs) {
    const listing = dirListing(dir);
    parts.push(`${dir}/\u0001${listing}`);
    portable.push(`${relative(dir)}/\u0001${listing}`);
  }
  return { key: hashOf(...parts), portable: hashOf(...portable) };
}
