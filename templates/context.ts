import { createContext, useContext, type ComponentType } from 'react';
import type { PageMeta } from '../src/content/page-meta.js';
import type { SiteData } from '../src/shared/page-data.js';

export interface PageModule {
  default?: ComponentType;
  meta?: PageMeta;
}

export type PagesRegistry = Record<string, PageModule>;

export const SiteContext = createContext<SiteData | null>(null);
export const PagesContext = createContext<PagesRegistry>({});
/** The current route path, for active links. */
export const PathContext = createContext<string>('/');

export interface SidebarState {
  /** Expanded state by category key, as the reader set it. */
  expanded: Record<string, boolean>;
  /** Sets the state of one or more categories at once. */
  setExpanded(changes: Record<string, boolean>): void;
  /** The desktop docs sidebar is hidden (`docs.hideableSidebar`); kept across navigation. */
  hidden: boolean;
  setHidden(value: boolean): void;
}
export const SidebarStateContext = createContext<SidebarState>({ expanded: {}, setExpanded: () => {}, hidden: false, setHidden: () => {} });

export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error('SiteContext is missing: render templates inside <App>.');
  return site;
}

/**
 * The site's configuration as the theme and pages see it: title, URLs, navbar, footer,
 * docs and blog settings, and the config's `customFields`.
 */
export function useSiteConfig(): SiteData {
  return useSite();
}

export function usePath(): string {
  return useContext(PathContext);
}
