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
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PageLinks } from '../links/check-links.js';
import { hashOf } from '../build/cache.js';

export interface ReuseManifest {
  outDir: string;
  routes: Record<string, { fingerprint: string; files: string[]; links: PageLinks }>;
}

export function manifestFile(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, 'output', `${hashOf(path.resolve(outDir)).slice(0, 16)}.json`);
}

export function readManifest(cacheDir: string, outDir: string): ReuseManifest | undefined {
  const file = manifestFile(cacheDir, outDir);
  if (!existsSync(file)) return undefined;
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as ReuseManifest;
    return manifest.outDir === path.resolve(outDir) ? manifest : undefined;
  } catch {
    return undefined;
  }
}

export function writeManifest(cacheDir: string, manifest: ReuseManifest): void {
  const file = manifestFile(cacheDir, manifest.outDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(manifest));
  renameSync(temp, file);
}

/** Links (or copies) a previous output file into the new output folder; false when it is gone. */
export function carryOver({ from, to }: { from: string; to: string }): boolean {
  if (!existsSync(from)) return false;
  mkdirSync(path.dirname(to), { recursive: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
  return true;
}
