/**
 * Mounts the page's `@docusaurus/BrowserOnly` islands (src/markdown/islands.ts): each marker
 * `[data-folio-island="island-<hash>.js#<n>"]` gets island n of that module, which sits in the
 * assets folder beside this chunk. Its own chunk: `main.tsx` imports it when a page shown has a
 * marker (the entry carries only that check). From then on it watches the app's container, so
 * the islands of every page shown later are mounted, and those of a page left behind (its
 * markers are no longer in the document) unmounted. Nothing mounts before hydration: the
 * server's HTML, fallbacks included, is what React hydrates.
 */
type CreateRoot = typeof import('react-dom/client').createRoot;

interface IslandModule {
  mount(element: HTMLElement, index: number): () => void;
}

const FILE = /^island-[A-Za-z0-9]+\.js$/;

/** Mounted (or loading) markers, with their unmount once mounted. */
const mounted = new Map<HTMLElement, (() => void) | undefined>();
let watching = false;

/**
 * `createRoot` comes from the entry (the one react-dom on the page): the island modules borrow
 * it as `react-dom/client` (globalThis.__folioShared.client, set before the first one loads).
 */
export function watchIslands(createRoot: CreateRoot): void {
  const shared = (globalThis as { __folioShared?: { client?: unknown } }).__folioShared;
  if (shared) shared.client ??= { createRoot };
  if (watching) {
    if (hydrated()) mountIslands();
    return;
  }
  watching = true;
  const html = document.documentElement;
  const start = () => {
    mountIslands();
    const container = document.getElementById('__folio');
    if (container) new MutationObserver(mountIslands).observe(container, { childList: true, subtree: true });
  };
  if (hydrated()) start();
  else {
    const waiting = new MutationObserver(() => {
      if (!hydrated()) return;
      waiting.disconnect();
      start();
    });
    waiting.observe(html, { attributes: true, attributeFilter: ['data-folio-hydrated'] });
  }
}

function hydrated(): boolean {
  return document.documentElement.hasAttribute('data-folio-hydrated');
}

export function mountIslands(): void {
  for (const [element, unmount] of mounted) {
    if (element.isConnected) continue;
    mounted.delete(element);
    unmount?.();
  }
  for (const element of document.querySelectorAll<HTMLElement>('[data-folio-island]')) {
    if (mounted.has(element)) continue;
    const [file, index] = (element.dataset.folioIsland ?? '').split('#');
    if (!FILE.test(file)) continue;
    mounted.set(element, undefined);
    import(/* @vite-ignore */ new URL(file, import.meta.url).href).then(
      (module: IslandModule) => {
        // The page may have been left while the module loaded.
        if (element.isConnected && mounted.has(element)) mounted.set(element, module.mount(element, Number(index)));
        else mounted.delete(element);
      },
      (error: unknown) => {
        // Kept as handled: the watcher does not try again at every change of the page.
        console.error(`[folio] the island ${file} could not be loaded; its fallback stays: ${(error as Error)?.message ?? error}`);
      },
    );
  }
}
