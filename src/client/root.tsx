/**
 * The client's React root: the theme's <App> showing the current view (a
 * page, or the load-error view), with error boundaries so a render crash
 * shows "This page crashed." instead of a blank screen. Hydrates the
 * server-rendered markup exactly: the boundaries render no elements.
 */
import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
import type { PageData, SiteData } from '../shared/page-data.js';
import { App } from '../../templates/App.js';
import type { PagesRegistry } from '../../templates/context.js';
import { templates } from '../../templates/client-registry.js';
import { ErrorBoundary } from './error-boundary.js';
import { CRASH_TITLE, ErrorView, LOAD_ERROR_TITLE } from './error-view.js';
import type { Store } from './store.js';

/** What the page's place shows. `visit` counts navigations, so showing a page again (even the same one) starts afresh. */
export type View = { kind: 'page'; page: PageData; visit: number } | { kind: 'loadError'; page: PageData; message: string; retry: () => void };

const crashView = (error: Error, reset: () => void) => <ErrorView title={CRASH_TITLE} message={error.message} action="Try again" onAction={reset} />;

/** `onReady` runs once, after hydration has committed. */
export function Root({ store, site, pages, onReady }: { store: Store<View>; site: SiteData; pages: PagesRegistry; onReady: () => void }) {
  const view = useSyncExternalStore(store.subscribe, store.get, store.get);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(onReady, []);
  const page = view.page;
  let content;
  if (view.kind === 'loadError') {
    content = <ErrorView title={LOAD_ERROR_TITLE} message={view.message} action="Retry" onAction={view.retry} />;
  } else {
    const Template = templates[page.template] as ComponentType<{ page: PageData }>;
    content = (
      <ErrorBoundary key={`${page.key}:${view.visit}`} fallback={crashView}>
        <Template page={page} />
      </ErrorBoundary>
    );
  }
  // The outer boundary catches a crash of the shell itself (navbar, footer).
  return (
    <ErrorBoundary fallback={crashView}>
      <App site={site} page={page} pages={pages} content={content} />
    </ErrorBoundary>
  );
}
