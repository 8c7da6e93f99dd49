/**
 * What one API page collects while its React components render: heading
 * ids for the table of contents, links with their source lines for the link
 * checker, and the markdown fragments (doc comments) compiled afterwards.
 * Markdown renders as an HTML-comment placeholder that `fillMarkdown`
 * replaces with the compiled HTML. One collector per page render.
 */
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { createContext, useContext } from 'react';
import type { SourceRef } from '../markdown/hast-transforms.js';
import type { Heading } from '../markdown/mdast-transforms.js';
import { withBase } from '../shared/url.js';
import type { ApiIndex, ApiPage } from './model.js';
import type { JsonDeclaration, JsonSignature } from './reflection-kinds.js';

export interface MarkdownFragment {
  markdown: string;
  /** Absolute path of the source file the comment is in (relative links resolve against it). */
  file: string;
  /** Line of the declaration the comment documents. */
  line: number;
}

export interface CollectorInit {
  page: ApiPage;
  index: ApiIndex;
  baseUrl: string;
  root: string;
  sourceUrl?: string;
  /** File reported for links without a source (the page's origin). */
  origin: string;
}

type Located = Pick<JsonDeclaration, 'sources'> | Pick<JsonSignature, 'sources'> | undefined;

export class PageCollector {
  readonly headings: Heading[] = [];
  readonly ids: string[] = [];
  readonly links: SourceRef[] = [];
  readonly fragments: MarkdownFragment[] = [];
  private readonly slugger = new GithubSlugger();

  constructor(readonly init: CollectorInit) {
    // Member anchors are fixed (other pages link to them); headings dodge them.
    for (const anchor of init.page.anchors.values()) {
      this.slugger.slug(anchor);
      this.ids.push(anchor);
    }
  }

  get page(): ApiPage {
    return this.init.page;
  }

  /** Content rendered above the components (the readme): its headings lead the TOC, its ids are taken. */
  prepend({ headings, ids }: { headings: readonly Heading[]; ids: readonly string[] }): void {
    this.headings.unshift(...headings);
    for (const id of ids) {
      this.slugger.slug(id);
      this.ids.push(id);
    }
  }

  /** Registers a heading and returns its id. */
  heading(depth: number, text: string): string {
    const id = this.slugger.slug(text) || `section-${this.headings.length + 1}`;
    this.headings.push({ depth, id, text });
    this.ids.push(id);
    return id;
  }

  /** Registers an element id that is not a heading (members are registered up front). */
  id(id: string): string {
    if (!this.ids.includes(id)) this.ids.push(id);
    return id;
  }

  /** Page path (with #anchor) of a reflection, without the base URL. */
  targetOf(id: number): string | undefined {
    return this.init.index.targets.get(id);
  }

  /** A link written by the page: base URL applied, recorded for the link checker at `owner`'s line. */
  href(target: string, owner?: Located): string {
    const href = withBase(this.init.baseUrl, target);
    this.links.push({ href, file: this.fileOf(owner), line: this.lineOf(owner), column: 1 });
    return href;
  }

  /** A placeholder for a markdown fragment, compiled and filled in after rendering. */
  markdown(markdown: string, owner?: Located): string {
    this.fragments.push({ markdown, file: this.fileOf(owner), line: this.lineOf(owner) });
    return `<!--folio-api-md:${this.fragments.length - 1}-->`;
  }

  lineOf(owner: Located): number {
    return owner?.sources?.[0]?.line ?? this.init.page.reflection?.sources?.[0]?.line ?? 1;
  }

  fileOf(owner: Located): string {
    const source = owner?.sources?.[0] ?? this.init.page.reflection?.sources?.[0];
    return source ? path.resolve(this.init.root, source.fileName) : this.init.origin;
  }

  /** Link to the source line, when the site configures `api.sourceUrl` and the file is the site's own. */
  sourceLink(owner: Located): { href: string; label: string } | undefined {
    const source = owner?.sources?.[0];
    const base = this.init.sourceUrl;
    if (!base || !source || source.fileName.startsWith('../') || source.fileName.split('/').includes('node_modules')) return undefined;
    const href = base.includes('{path}')
      ? base.replace('{path}', source.fileName).replace('{line}', String(source.line))
      : `${base.replace(/\/+$/, '')}/${source.fileName}#L${source.line}`;
    return { href, label: `${source.fileName}:${source.line}` };
  }
}

/** Replaces the markdown placeholders of rendered HTML with the compiled fragments. */
export function fillMarkdown(html: string, compiled: readonly string[]): string {
  return html.replace(/<!--folio-api-md:(\d+)-->/g, (_, index: string) => compiled[Number(index)] ?? '');
}

export const CollectorContext = createContext<PageCollector | null>(null);

export function useCollector(): PageCollector {
  const collector = useContext(CollectorContext);
  if (!collector) throw new Error('API components render inside a CollectorContext');
  return collector;
}
