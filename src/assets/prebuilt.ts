/**
 * The default theme's bundles made with folio itself (`scripts/build-self.mjs` builds a small site
 * after dist/ and keeps them in dist/prebuilt/), for sites that bundle nothing of their own: no
 * `.tsx` page, no theme file, no `customCss`. Such a site's client, search and server bundles are
 * made of folio's files alone, with three settings from its config: the base URL (the assets' public
 * path), whether search is on, and the render memos (`FOLIO_RENDER_MEMO`), which are part of the key
 * here with esbuild's version and folio's fingerprint. A record is the site bundle cache's
 * (bundle-cache.ts), its inputs relative to folio's folder: checked the same way before use, so an
 * edited template or another React is a miss, and the bundle is made as before. A cold build of
 * such a site then starts no esbuild bundle but its config's (0.3 s of CPU at 1,000 pages).
 *
 * Records are written only when `FOLIO_PREBUILD_DIR` names the folder (build-self), never by a
 * site's build: folio writes nothing outside the site's output and cache folders. `FOLIO_PREBUILT=0`
 * leaves them unused (the reference path of the byte-for-byte tests and bench/differential.mjs).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../core/atomic-write.js';
import type { Cache } from '../core/cache.js';
import { esbuildVersion } from '../core/cjs-packages.js';
import { folioRoot } from '../core/folio-root.js';
import { hashOf } from '../core/hash.js';
import { folioFingerprint, PREBUILT_FOLDER } from '../core/version.js';
import type { SiteTheme } from '../render/site-theme.js';
import { type BundleFile, type BundleRecord, hashInputs, soundRecord, staysInside } from './bundle-cache.js';

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
  return hashOf('folio-prebuilt-1', kind, theme.assetsUrl, settings, esbuildVersion(), folioFingerprint()).slice(0, 24);
}

/** dist/prebuilt/: the records, and the server bundle's module. */
export function prebuiltFolder(): string {
  return path.join(folioRoot(), 'dist', PREBUILT_FOLDER);
}

const recordFile = (kind: string, key: string) => path.join(prebuiltFolder(), `${kind}-${key}.json`);

/**
 * The prebuilt bundle under `key`, when its inputs are as they were; its inputs join the build's
 * dependencies (the up-to-date stamp watches them) either way.
 */
export function lookupPrebuilt<Extra>(kind: 'client' | 'server', key: string | undefined, cache?: Cache): BundleRecord<Extra> | undefined {
  // FOLIO_PREBUILT=0: every bundle made by the site's build (the reference the tests compare with).
  if (!key || process.env.FOLIO_PREBUILT === '0') return undefined;
  const file = recordFile(kind, key);
  if (!existsSync(file)) return undefined;
  let record: unknown;
  try {
    record = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  // Its inputs are names inside folio's folder, as its files are inside the bundle's.
  if (!soundRecord<Extra>(record) || !record.inputs.every(staysInside)) return undefined;
  const root = folioRoot();
  for (const input of record.inputs) cache?.dependencies.add(path.join(root, input));
  return hashInputs(record.inputs, root) === record.inputsHash ? record : undefined;
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
  const dir = prebuiltFolder();
  if (!key || !wanted || path.resolve(wanted) !== dir) return;
  const root = folioRoot();
  const relative = inputs.map((input) => path.relative(root, input).split(path.sep).join('/'));
  // A bundle that read a file outside folio (a site's file) is not a default theme's bundle.
  if (!relative.every(staysInside)) return;
  relative.sort();
  const inputsHash = hashInputs(relative, root);
  if (!inputsHash) return;
  mkdirSync(dir, { recursive: true });
  for (const [name, code] of Object.entries(modules)) writeFileAtomic(path.join(dir, name), code);
  writeFileAtomic(recordFile(kind, key), JSON.stringify({ inputs: relative, inputsHash, files, extra } satisfies BundleRecord<Extra>));
}
