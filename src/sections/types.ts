/**
 * A section is a kind of content a site has: docs, blog, pages, the API reference. Each one
 * says which files it owns, how it finds its content, what a changed file means for it and
 * how it reads single files again. Both drivers go through this interface (discover.ts for a
 * build from scratch, build/incremental/content-update.ts in watch mode, changes.ts to sort
 * file events), so a new section is a file here and a line in registry.ts.
 */
import type { SiteConfig } from '../config/schema.js';
import type { BuildContext } from '../core/context.js';
import type { WatchedPaths } from '../core/site-paths.js';
import type { Content } from '../content/types.js';
import type { Warning } from '../core/warnings.js';
import type { SidebarNode } from '../routes/docs-routes.js';
import type { RouteDraft } from '../routes/types.js';
import type { LinkData, SidebarItem } from '../shared/page-data.js';

export type SectionName = 'docs' | 'blog' | 'pages' | 'api';

export type FileEventType = 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';

/** What a build does with a section after a set of changes. */
export interface SectionPlan {
  /** Discover the whole section again (files added, removed, metadata changed). */
  rediscover: boolean;
  /** Sources edited in place: read just these again. */
  files: string[];
}

/** What one changed path inside a section means. */
export interface SectionChange {
  /** `file`: read this source again on its own; `section`: discover the section again. */
  read?: 'file' | 'section';
  /** A file next to the content (an image): the pages using it resolve it again. */
  media?: boolean;
  /** The client bundle (and, with `server`, the server bundle) is stale: page components and what they import. */
  client?: boolean;
  server?: boolean;
  /** Not an input of the site (a partial, a file discovery skips). */
  ignore?: boolean;
}

export interface Section<N extends SectionName = SectionName> {
  name: N;
  /** Whether the site has this section at all (its key in site.config.ts). */
  configured(config: SiteConfig): boolean;
  /** The folders and files the section reads (absolute), or none when the site does not have it. */
  roots(paths: WatchedPaths): string[];
  /** What a change of `file` (inside `root`, one of `roots`) means. */
  classify(change: { file: string; root: string; type: FileEventType }): SectionChange;
  /**
   * Finds the section's content (undefined when the site does not have it or its folder is
   * missing). A section with `background` is awaited only when its content is needed: typedoc
   * runs in a worker thread while the markdown compiles.
   */
  discover(ctx: BuildContext): Promise<Content[N]>;
  background?: boolean;
  /** Reads sources edited in place again; undefined when only a new discovery will do. */
  update?(ctx: BuildContext, previous: NonNullable<Content[N]>, files: string[]): Content[N] | undefined;
  /**
   * The section's routes and what it adds to the site data (pure: createRouteTable calls it in
   * registry order, with what the sections before it produced). Undefined: no routes.
   */
  routes(input: RouteInput): SectionRoutes | undefined;
}

export interface RouteInput {
  config: SiteConfig;
  content: Content;
  /** What the sections before this one in the registry produced. */
  before: ReadonlyMap<SectionName, SectionRoutes>;
}

export interface SectionRoutes {
  drafts: RouteDraft[];
  warnings?: Warning[];
  /** Entries the section adds to the end of the docs sidebar (the API reference). */
  sidebar?: SidebarNode[];
  /** What the section gives the navbar and the site data. */
  site?: { docsSidebar?: SidebarItem[]; firstDocHref?: string; blogRecent?: LinkData[] };
}
