import { createContext, useContext, type ComponentType } from 'react';
import type { SiteData } from '../src/shared/page-data.js';

export interface PageModule {
  default?: ComponentType;
  meta?: { title?: string; description?: string };
}

export type PagesRegistry = Record<string, PageModule>;

export const SiteContext = createContext<SiteData | null>(null);
export const PagesContext = createContext<PagesRegistry>({});
/** The current route path, for active links. */
export const PathContext = createContext<string>('/');

export interface SidebarState {
  /** Expanded state by category key, as the reader set it. */
  expanded: Record<string, boolean>;
  setExpanded(key: string, value: boolean): void;
}
export const SidebarStateContext = createContext<SidebarState>({ expanded: {}, setExpanded: () => {} });

export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error('SiteContext is missing: render templates inside <App>.');
  return site;
}

export function usePath(): string {
  return useContext(PathContext);
}
