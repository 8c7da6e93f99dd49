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

/**
 * The manifest on disk: every href and id once, in `strings`, and each page's lists of them as
 * indexes into it. The theme's links and the sidebar's ids repeat on every page: at 10,000 pages
 * the manifest was 42 MB of JSON written at the end of the build (its memory peak), most of it
 * the same strings again.
 */
interface StoredManifest {
  v: 2;
  outDir: string;
  strings: string[];
  routes: Record<string, Omit<ReuseManifest['routes'][string], 'links'> & { links: StoredLinks }>;
}
type StoredLinks = Omit<PageLinks, 'hrefs' | 'ids' | 'heldIds'> & { hrefs: number[]; ids: number[]; heldIds?: number[] };

export function readManifest(cacheDir: string, outDir: string): ReuseManifest | undefined {
  const text = readSealed(manifestFile(cacheDir, outDir));
  if (text === undefined) return undefined;
  try {
    const stored = JSON.parse(text) as StoredManifest;
    if (stored.v !== 2 || stored.outDir !== path.resolve(outDir) || !Array.isArray(stored.strings)) return undefined;
    const { strings } = stored;
    const decode = (indexes: number[]) =>
      indexes.map((index) => {
        const value = strings[index];
        if (typeof value !== 'string') throw new Error('not in the table');
        return value;
      });
    const routes: ReuseManifest['routes'] = {};
    for (const [route, { links, ...record }] of Object.entries(stored.routes)) {
      const { hrefs, ids, heldIds, ...rest } = links;
      routes[route] = { ...record, links: { ...rest, hrefs: decode(hrefs), ids: decode(ids), ...(heldIds ? { heldIds: decode(heldIds) } : {}) } };
    }
    return { outDir: stored.outDir, routes };
  } catch {
    // Damaged or of another shape: no page is reused.
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
 * A one-shot build makes the text earlier, while it waits for the search index (`manifestText` with
 * the pages' states read in the folder being written: full-build.ts, `prepareRecords`), and writes it
 * after the swap with `writeManifestText`.
 */
export function writeManifest(cacheDir: string, manifest: ReuseManifest, outputs: Snapshot): void {
  writeManifestText(cacheDir, manifest.outDir, manifestText(manifest, outputs));
}

/** Writes a manifest made by `manifestText` for the output folder `outDir` (absolute, as `manifest.outDir`). */
export function writeManifestText(cacheDir: string, outDir: string, text: string): void {
  writeSealed(manifestFile(cacheDir, outDir), text);
}

/**
 * The manifest as stored: each route's files with their states in `outputs` (keyed by their path
 * in `manifest.outDir`), its links' strings numbered once for the whole site.
 */
export function manifestText(manifest: ReuseManifest, outputs: Snapshot): string {
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const encode = (values: readonly string[]) =>
    values.map((value) => {
      let index = indexOf.get(value);
      if (index === undefined) {
        index = strings.length;
        strings.push(value);
        indexOf.set(value, index);
      }
      return index;
    });
  const routes: StoredManifest['routes'] = {};
  for (const [route, record] of Object.entries(manifest.routes)) {
    const { hrefs, ids, heldIds, ...rest } = record.links;
    routes[route] = {
      ...record,
      stats: record.files.map((file) => outputs[path.join(manifest.outDir, file)] ?? '-'),
      links: { ...rest, hrefs: encode(hrefs), ids: encode(ids), ...(heldIds ? { heldIds: encode(heldIds) } : {}) },
    };
  }
  const stored: StoredManifest = { v: 2, outDir: manifest.outDir, strings, routes };
  return JSON.stringify(stored);
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
