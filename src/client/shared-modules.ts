/**
 * Hands the client's React to code built to borrow it (globalThis.__folioShared): the search chunk
 * (templates/search/load.ts), the site's `.tsx` pages and their modules (emit-assets.ts
 * `sharedReact`), and the pages' BrowserOnly islands, which mount with react-dom's `createRoot`
 * (src/markdown/islands.ts). Imported first by the client entry, so it runs before any module that reads it.
 * A page that imported React itself would make esbuild move React out of the entry into a chunk
 * of its own, which every page then fetches.
 */
import * as React from 'react';
import * as dom from 'react-dom';
import * as jsx from 'react/jsx-runtime';

(globalThis as { __folioShared?: unknown }).__folioShared ??= { react: React, jsx, dom };
