/**
 * Mounts one `@docusaurus/BrowserOnly` island (src/markdown/islands.ts): bundled into each page's
 * island module, with React borrowed from the client (`globalThis.__folioShared`). The function
 * the page wrapped is called in a fresh React root in place of the fallback. When it throws (or a
 * component it renders does), the root is taken down and the fallback the server rendered is put
 * back; the error goes to the console. The rest of the page is not touched.
 */
import { Component, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

class Boundary extends Component<{ children: ReactNode; onError: (error: unknown) => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function Island({ render }: { render: () => ReactNode }) {
  return <>{render()}</>;
}

/**
 * Renders `islands[index]()` into `element` (its fallback until then), inside `wrap` (the MDX
 * site context the build rendered the page with); returns the unmount.
 */
export function mountIsland(element: HTMLElement, index: number, islands: (() => ReactNode)[], wrap: (node: ReactNode) => ReactNode): () => void {
  const render = islands[index];
  if (typeof render !== 'function') {
    console.error(`[folio] this page's island module has no island ${index}`);
    return () => {};
  }
  const fallback = element.innerHTML;
  let mounted = true;
  // React reports errors its boundary caught with console.error already; the message says what happens next.
  const root = createRoot(element, { onCaughtError: () => {} });
  const restore = (error: unknown) => {
    console.error(`[folio] a BrowserOnly island threw; its fallback stays: ${(error as Error)?.message ?? error}`);
    // Not during React's commit: once it is over.
    setTimeout(() => {
      if (!mounted) return;
      mounted = false;
      root.unmount();
      element.innerHTML = fallback;
    });
  };
  root.render(<Boundary onError={restore}>{wrap(<Island render={render} />)}</Boundary>);
  return () => {
    if (!mounted) return;
    mounted = false;
    root.unmount();
  };
}
