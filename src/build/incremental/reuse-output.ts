/**
 * Warm builds reuse unchanged pages of the previous output. After every
 * successful one-shot build, a manifest in .folio-cache records each route's
 * fingerprint (a hash of everything its HTML is made from: config, folio's
 * code, route data, compiled body, site data, client files, templates) and
 * the links the page holds. The next build hard-links a page whose
 * fingerprint did not change straight from the previous out/ into the new
 * one (same bytes, by construction) and takes its link record from the
 * manifest, so it still goes through the link check.
 */
import { copyFileSync, linkSync, statSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PageLinks } from '../../links/check-links.js';
import { readSealed, writeSealed } from '../../core/cache.js';
import { hashOf } from '../../core/hash.js';
import { signatureOf, type Snapshot } from './up-to-date.js';

export interface ReuseManifest {
  outDir: string;
  routes: Record<
    string,
    {
      fingerprint: string;
      files: string[];
      links: PageLinks /** `size:mtime` of each file as written (a file changed since is not reused). */;
      stats?: string[];
    }
  >;
}

export function manifestFile(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, 'output', `${hashOf(path.resolve(outDir)).slice(0, 16)}.json`);
}

export function readManifest(cacheDir: string, outDir: string): ReuseManifest | undefined {
  const text = readSealed(manifestFile(cacheDir, outDir));
  if (text === undefined) return undefined;
  try {
    const manifest = JSON.parse(text) as ReuseManifest;
    return manifest.outDir === path.resolve(outDir) ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** `size:mtime` of a file, or undefined when it is missing. */
export function statOf(file: string): string | undefined {
  try {
    return signatureOf(statSync(file));
  } catch {
    return undefined;
  }
}

/**
 * Records the manifest of the output folder as it now is (call after the swap), with the state of
 * each file as `outputs` (statFiles of the output, taken once for this and the up-to-date stamp) has it.
 */
export function writeManifest(cacheDir: string, manifest: ReuseManifest, outputs: Snapshot): void {
  for (const route of Object.values(manifest.routes)) route.stats = route.files.map((file) => outputs[path.join(manifest.outDir, file)] ?? '-');
  writeSealed(manifestFile(cacheDir, manifest.outDir), JSON.stringify(manifest));
}

/** Links (or copies) a previous output file into the new output folder; false when it is gone. */
export function carryOver({ from, to }: { from: string; to: string }): boolean {
  mkdirSync(path.dirname(to), { recursive: true });
  try {
    linkSync(from, to);
  } catch {
    try {
      copyFileSync(from, to);
    } catch {
      return false;
    }
  }
  return true;
}
