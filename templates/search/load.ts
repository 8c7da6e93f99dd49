/**
 * Loads the search chunk (built by src/assets/emit-assets.ts from chunk.ts) on first use. It is
 * a bundle of its own that uses the client's React, handed over here on
 * globalThis.__folioShared: a few dozen bytes in the client instead of a second React.
 */
import * as React from 'react';
import * as jsx from 'react/jsx-runtime';
import type * as Chunk from './chunk.js';

/** The chunk's file name, next to the client script (set by the client bundle's `define`). */
declare const __FOLIO_SEARCH_CHUNK__: string;

let loading: Promise<typeof Chunk> | undefined;

export function loadSearch(): Promise<typeof Chunk> {
  (globalThis as { __folioShared?: unknown }).__folioShared ??= { react: React, jsx };
  loading ??= (import(/* @vite-ignore */ new URL(__FOLIO_SEARCH_CHUNK__, import.meta.url).href) as Promise<typeof Chunk>).catch((error: unknown) => {
    // Forgotten: the next try fetches again.
    loading = undefined;
    throw error;
  });
  return loading;
}
