/**
 * `@docusaurus/BrowserOnly`: MDX bodies are static HTML rendered at build time and never
 * hydrated, so what it wraps never runs; its `fallback` is what the page shows.
 */
import type { ReactNode } from 'react';

export default function BrowserOnly({ fallback }: { children?: () => ReactNode; fallback?: ReactNode }) {
  return <>{fallback ?? null}</>;
}
