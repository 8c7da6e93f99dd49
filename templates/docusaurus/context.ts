/**
 * What folio's Docusaurus-compatible components know about the site. MDX bodies are rendered at
 * compile time, outside the page shell (<App>): the compile stage wraps each body in
 * MdxSiteContext. Inside the shell (a `.tsx` page) the hooks fall back to the shell's SiteContext.
 */
import { createContext, useContext } from 'react';
import { SiteContext } from '../context.js';

export interface MdxSite {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  customFields: Record<string, unknown>;
}

export const MdxSiteContext = createContext<MdxSite | null>(null);

const FALLBACK: MdxSite = { title: '', tagline: '', url: '', baseUrl: '/', customFields: {} };

export function useMdxSite(): MdxSite {
  const mdx = useContext(MdxSiteContext);
  const shell = useContext(SiteContext);
  if (mdx) return mdx;
  if (shell) return { title: shell.title, tagline: shell.tagline, url: shell.url, baseUrl: shell.baseUrl, customFields: shell.customFields };
  return FALLBACK;
}
