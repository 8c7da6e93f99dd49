/**
 * Loads the search chunk (built by src/assets/emit-assets.ts from chunk.ts) on first use. It is
 * a bundle of its own that uses the client's React, handed over on globalThis.__folioShared
 * (src/client/shared-modules.ts, which runs first): no second React.
 */
import { MANIFEST_PATH } from '../../src/shared/search/format.js';
import type * as Chunk from './chunk.js';

/** The chunk's file name, next to the client script (set by the client bundle's `define`). */
declare const __FOLIO_SEARCH_CHUNK__: string;

let loading: Promise<typeof Chunk> | undefined;

/**
 * The index's manifest, asked for with the chunk instead of once the chunk has run (runtime.ts
 * takes it over): the chunk, the manifest, then the query's files were three round trips one
 * after the other (measured with 40 ms round trips: 279 -> 246 ms to the first results). The
 * index sits in search/ beside this script (emit-assets.ts), whatever the base URL.
 */
function askManifest(): void {
  const shared = (globalThis as { __folioShared?: { searchManifest?: unknown } }).__folioShared;
  try {
    const manifest = fetch(new URL(MANIFEST_PATH.replace(/^\/assets\//, ''), import.meta.url).href, { cache: 'no-cache' }).then((response) => {
      if (!response.ok) throw new Error(`manifest.json answered ${response.status}`);
      return response.json();
    });
    // A failure here only means the engine asks again.
    manifest.catch(() => {});
    if (shared) shared.searchManifest = { at: Date.now(), manifest };
  } catch {
    // no fetch: the engine asks
  }
}

export function loadSearch(): Promise<typeof Chunk> {
  if (!loading) askManifest();
  loading ??= (import(/* @vite-ignore */ new URL(__FOLIO_SEARCH_CHUNK__, import.meta.url).href) as Promise<typeof Chunk>).catch((error: unknown) => {
    // Forgotten: the next try fetches again.
    loading = undefined;
    throw error;
  });
  return loading;
}
