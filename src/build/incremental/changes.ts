/**
 * What a set of changed files means for the next build: which content
 * sections to re-read (whole or file by file), whether the client or server
 * bundle is stale, which static files and images to copy again, and whether
 * the config changed (a build from scratch). Pure: paths in, plan out.
 */
import path from 'node:path';
import { isInside, type WatchedPaths } from '../../core/site-paths.js';

export type FileEventType = 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';

export interface FileEvent {
  /** Absolute path. */
  path: string;
  type: FileEventType;
}

export interface ChangePlan {
  /** Relevant changed paths, in event order, deduplicated. */
  paths: string[];
  config: boolean;
  api: boolean;
  /** Rebuild the client bundle (templates, styles, page components). */
  client: boolean;
  /** Rebuild the server bundle (templates and page components, not styles). */
  server: boolean;
  docs: SectionPlan;
  blog: SectionPlan;
  /** Re-read content/pages. */
  pages: boolean;
  /** Changed files of the static folder (copied again or deleted). */
  statics: string[];
  /** Changed non-markdown files next to content (images): pages using them re-resolve. */
  media: string[];
}

export interface SectionPlan {
  /** Discover the whole section again (files added, removed, metadata changed). */
  rediscover: boolean;
  /** Markdown files edited in place: re-read just these. */
  files: string[];
}

const MARKDOWN = /\.mdx?$/i;
const CATEGORY = /^_category_\.(json|ya?ml)$/;

/** Editor and OS artefacts that are never site input. */
export function isNoise(file: string): boolean {
  const base = path.basename(file);
  return (
    base.startsWith('.') || base.endsWith('~') || /\.(swp|swx|swo|tmp|bak|orig)$/i.test(base) || base === '4913' || /(^|[\\/])node_modules([\\/]|$)/.test(file)
  );
}

/** Discovery skips files and folders whose name starts with `_`. */
function hiddenFromDiscovery(dir: string, file: string): boolean {
  return path
    .relative(dir, file)
    .split(path.sep)
    .some((part) => part.startsWith('_'));
}

export function emptyPlan(): ChangePlan {
  return {
    paths: [],
    config: false,
    api: false,
    client: false,
    server: false,
    docs: { rediscover: false, files: [] },
    blog: { rediscover: false, files: [] },
    pages: false,
    statics: [],
    media: [],
  };
}

export function planChanges(events: readonly FileEvent[], watched: WatchedPaths): ChangePlan {
  const plan = emptyPlan();
  const seen = new Set<string>();
  const add = (list: string[], file: string) => {
    if (!list.includes(file)) list.push(file);
  };
  for (const event of events) {
    const file = path.resolve(event.path);
    if (isNoise(file) || watched.ignoredDirs.some((dir) => isInside(dir, file))) continue;
    const isDir = event.type === 'addDir' || event.type === 'unlinkDir';
    const inPlace = event.type === 'change';
    let relevant = true;
    if (file === watched.configFile) plan.config = true;
    else if (watched.themeDirs.some((dir) => isInside(dir, file))) {
      plan.client = true;
      if (isDir || !file.endsWith('.css')) plan.server = true;
    } else if (watched.apiPaths.some((entry) => isInside(entry, file))) plan.api = true;
    else if (isInside(watched.staticDir, file)) {
      if (isDir) plan.statics.push(file);
      else add(plan.statics, file);
    } else if (watched.docsDir && isInside(watched.docsDir, file)) {
      const base = path.basename(file);
      if (CATEGORY.test(base)) plan.docs.rediscover = true;
      else if (isDir) plan.docs.rediscover = true;
      else if (MARKDOWN.test(file)) {
        if (hiddenFromDiscovery(watched.docsDir, file)) relevant = false;
        else if (inPlace) add(plan.docs.files, file);
        else plan.docs.rediscover = true;
      } else add(plan.media, file);
    } else if (watched.blogDir && isInside(watched.blogDir, file)) {
      const rel = path.relative(watched.blogDir, file);
      if (rel === 'authors.yml' || rel === 'tags.yml' || isDir) plan.blog.rediscover = true;
      else if (MARKDOWN.test(file)) {
        if (hiddenFromDiscovery(watched.blogDir, file)) relevant = false;
        else if (inPlace) add(plan.blog.files, file);
        else plan.blog.rediscover = true;
      } else add(plan.media, file);
    } else if (isInside(watched.pagesDir, file)) {
      if (MARKDOWN.test(file)) plan.pages = true;
      else if (isDir || /\.(tsx|jsx)$/.test(file)) {
        plan.pages = true;
        plan.client = true;
        plan.server = true;
      } else {
        // Modules and styles imported by page components.
        plan.client = true;
        if (!file.endsWith('.css')) plan.server = true;
      }
    } else relevant = false;
    if (relevant && !seen.has(file)) {
      seen.add(file);
      plan.paths.push(file);
    }
  }
  return plan;
}

/** Whether a plan changes anything at all. */
export function isEmptyPlan(plan: ChangePlan): boolean {
  return plan.paths.length === 0;
}

/** Only stylesheets changed: the browser can swap them without reloading. */
export function isStyleOnly(plan: ChangePlan): boolean {
  return (
    plan.paths.length > 0 &&
    plan.paths.every((file) => file.endsWith('.css')) &&
    plan.client &&
    !plan.server &&
    !plan.config &&
    !plan.api &&
    !plan.pages &&
    !plan.docs.rediscover &&
    !plan.blog.rediscover &&
    plan.docs.files.length === 0 &&
    plan.blog.files.length === 0 &&
    plan.statics.length === 0 &&
    plan.media.length === 0
  );
}
