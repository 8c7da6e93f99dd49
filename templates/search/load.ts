/**
 * Loads the search chunk (built by src/assets/emit-assets.ts from chunk.ts) on first use. It is
 * a bundle of its own that uses the client's React, handed over on globalThis.__folioShared
 * (src/client/shared-modules.ts, which runs first): no second React.
 */
import type * as Chunk from './chunk.js';

/** The chunk's file name, next to the client script (set by the client bundle's `define`). */
declare const __FOLIO_SEARCH_CHUNK__: string;

let loading: Promise<typeof Chunk> | undefined;

export function loadSearch(): Promise<typeof Chunk> {
  loading ??= (import(/* @vite-ignore */ new URL(__FOLIO_SEARCH_CHUNK__, import.meta.url).href) as Promise<typeof Chunk>).catch((error: unknown) => {
    // Forgotten: the next try fetches again.
    loading = undefined;
    throw error;
  });
  return loading;
}
