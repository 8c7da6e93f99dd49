/**
 * The default theme's bundles made with folio itself (`scripts/build-self.mjs` builds a small site
 * after dist/ and keeps them in dist/prebuilt/), for sites that bundle nothing of their own: no
 * `.tsx` page, no theme file, no `customCss`. Such a site's client, search and server bundles are
 * made of folio's files alone, with three settings from its config: the base URL (the assets' public
 * path), whether search is on, and the render memos (`FOLIO_RENDER_MEMO`), which are part of the key
 * here with esbuild's version and folio's fingerprint. Each record keeps the files esbuild read
 * (relative to folio's folder) and a hash of them, checked before use as the site's own bundle cache
 * does: an edited template or another React is a miss, and the bundle is made as before. A cold
 * build of such a site then starts no esbuild bundle but its config's (0.3 s of CPU at 1,000 pages).
 *
 * Records are written only when `FOLIO_PREBUILD_DIR` names the folder (build-self), never by a
 * site's build: folio writes nothing outside the site's output and cache folders. `FOLIO_PREBUILT=0`
 * leaves them unused (the reference path of the byte-for-byte tests and bench/differential.mjs).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../core/atomic-write.js';
import type { Cache } from '../core/cache.js';
import { esbuild as esbuildApi } from '../core/cjs-packages.js';
import { folioRoot } from '../core/folio-root.js';
import { hashOf } from '../core/hash.js';
import { folioFingerprint } from '../core/version.js';
import type { SiteTheme } from '../render/site-theme.js';
import type { BundleFile } from './bundle-cache.js';

/** Where build-self keeps the records, inside folio's dist/ (folioFingerprint leaves it out). */
export const PREBUILT_FOLDER = 'prebuilt';

export interface PrebuiltRecord<Extra> {
  /** The files esbuild read, relative to folio's folder, `/`-separated. */
  inputs: string[];
  inputsHash: string;
  files: BundleFile[];
  extra: Extra;
}

/**
 * The prebuilt key of a bundle for this site, or undefined when the site bundles files of its own
 * (then its bundles depend on them and are made as always). `settings`: what else the bundle
 * depends on (search on or off, the memos).
 */
export function prebuiltKey(
  kind: 'client' | 'server',
  { pages, theme, settings }: { pages: readonly unknown[]; theme?: SiteTheme; settings: string },
): string | undefined {
  if (pages.length > 0 || !theme || Object.keys(theme.overrides).length > 0 || theme.customCss.length > 0) return undefined;
  return hashOf('folio-prebuilt-1', kind, theme.assetsUrl, settings, esbuildApi().version, folioFingerprint()).slice(0, 24);
}

const dirOf = () => path.join(folioRoot(), 'dist', PREBUILT_FOLDER);
const recordFile = (dir: string, kind: string, key: string) => path.join(dir, `${kind}-${key}.json`);
const toPosix = (file: string) => file.split(path.sep).join('/');

/** A hash of the inputs' names (relative) and contents; undefined when one cannot be read. */
function hashOfInputs(root: string, inputs: readonly string[]): string | undefined {
  const parts: (string | Uint8Array)[] = [];
  for (const input of inputs) {
    try {
      parts.push(input, readFileSync(path.join(root, input)));
    } catch {
      return undefined;
    }
  }
  return hashOf(...parts);
}

/**
 * The prebuilt bundle under `key`, when its inputs are as they were; its inputs join the build's
 * dependencies (the up-to-date stamp watches them) either way.
 */
export function lookupPrebuilt<Extra>(kind: 'client' | 'server', key: string | undefined, cache?: Cache): PrebuiltRecord<Extra> | undefined {
  // FOLIO_PREBUILT=0: every bundle made by the site's build (the reference the tests compare with).
  if (!key || process.env.FOLIO_PREBUILT === '0') return undefined;
  const file = recordFile(dirOf(), kind, key);
  if (!existsSync(file)) return undefined;
  let record: PrebuiltRecord<Extra>;
  try {
    record = JSON.parse(readFileSync(file, 'utf8')) as PrebuiltRecord<Extra>;
  } catch {
    return undefined;
  }
  if (!Array.isArray(record.inputs) || !Array.isArray(record.files)) return undefined;
  const root = folioRoot();
  // A record names files inside folio only.
  if (record.inputs.some((input) => typeof input !== 'string' || path.isAbsolute(input) || input.split('/').includes('..'))) return undefined;
  for (const input of record.inputs) cache?.dependencies.add(path.join(root, input));
  return hashOfInputs(root, record.inputs) === record.inputsHash ? record : undefined;
}

/** The folder of a prebuilt server bundle's module (dist/prebuilt/). */
export function prebuiltFolder(): string {
  return dirOf();
}

/**
 * Keeps a bundle just made as the prebuilt one for `key`, when build-self asked for them
 * (`FOLIO_PREBUILD_DIR`, which must be folio's own dist/prebuilt/). `inputs` are absolute.
 * `modules`: files to write beside the record (the server bundle's module), by name.
 */
export function storePrebuilt<Extra>(
  kind: 'client' | 'server',
  key: string | undefined,
  { inputs, files, extra, modules = {} }: { inputs: readonly string[]; files: BundleFile[]; extra: Extra; modules?: Record<string, string> },
): void {
  const wanted = process.env.FOLIO_PREBUILD_DIR;
  if (!key || !wanted || path.resolve(wanted) !== dirOf()) return;
  const root = folioRoot();
  const relative = inputs.map((input) => path.relative(root, input));
  // A bundle that read a file outside folio (a site's file) is not a default theme's bundle.
  if (relative.some((input) => input.startsWith('..') || path.isAbsolute(input))) return;
  const posix = relative.map(toPosix).sort();
  const inputsHash = hashOfInputs(root, posix);
  if (!inputsHash) return;
  const dir = dirOf();
  mkdirSync(dir, { recursive: true });
  for (const [name, code] of Object.entries(modules)) writeFileAtomic(path.join(dir, name), code);
  writeFileAtomic(recordFile(dir, kind, key), JSON.stringify({ inputs: posix, inputsHash, files, extra } satisfies PrebuiltRecord<Extra>));
}
