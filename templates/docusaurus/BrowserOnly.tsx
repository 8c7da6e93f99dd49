/**
 * `@docusaurus/BrowserOnly`: MDX bodies are HTML rendered at build time, where what it wraps
 * cannot run, so its `fallback` is rendered. When the compile stage made the wrapped function an
 * island (src/markdown/islands.ts, `__folioIsland`), the fallback sits in the island's marker,
 * where the browser mounts the function's result (src/client/islands.ts).
 */
import type { ReactNode } from 'react';

export default function BrowserOnly({
  fallback,
  __folioIsland,
  __folioInline,
}: {
  children?: () => ReactNode;
  fallback?: ReactNode;
  __folioIsland?: string;
  __folioInline?: boolean;
}) {
  if (!__folioIsland) return <>{fallback ?? null}</>;
  // In a paragraph a <span>, else a <div>: the fallback keeps the HTML it was written in.
  return __folioInline ? <span data-folio-island={__folioIsland}>{fallback}</span> : <div data-folio-island={__folioIsland}>{fallback}</div>;
}
