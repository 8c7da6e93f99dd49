/**
 * What a set of changed files means for the next build: which content
 * sections to re-read (whole or file by file), whether the client or server
 * bundle is stale, which static files and images to copy again, and whether
 * the config changed (a build from scratch). Pure: paths in, plan out.
 */
import path from 'node:path';
import { isInside, type WatchedPaths } from '../../core/site-paths.js';
import { sections } from '../../sections/registry.js';
import type { FileEventType, SectionName, SectionPlan } from '../../sections/types.js';

export type { FileEventType, SectionPlan } from '../../sections/types.js';

export interface FileEvent {
  /** Absolute path. */
  path: string;
  type: FileEventType;
}

export interface ChangePlan {
  /** Relevant changed paths, in event order, deduplicated. */
  paths: string[];
  config: boolean;
  /** Rebuild the client bundle (templates, styles, page components). */
  client: boolean;
  /** Rebuild the server bundle (templates and page components, not styles). */
  server: boolean;
  /** What each section (src/sections/registry.ts) reads again. */
  sections: Record<SectionName, SectionPlan>;
  /** Changed files of the static folder (copied again or deleted). */
  statics: string[];
  /** Changed non-markdown files next to content (images): pages using them re-resolve. */
  media: string[];
}

/** Editor and OS artefacts that are never site input. */
export function isNoise(file: string): boolean {
  const base = path.basename(file);
  return (
    base.startsWith('.') || base.endsWith('~') || /\.(swp|swx|swo|tmp|bak|orig)$/i.test(base) || base === '4913' || /(^|[\\/])node_modules([\\/]|$)/.test(file)
  );
}

export function emptyPlan(): ChangePlan {
  const plans = {} as Record<SectionName, SectionPlan>;
  for (const section of sections) plans[section.name] = { rediscover: false, files: [] };
  return { paths: [], config: false, client: false, server: false, sections: plans, statics: [], media: [] };
}

export function planChanges(events: readonly FileEvent[], watched: WatchedPaths): ChangePlan {
  const plan = emptyPlan();
  const seen = new Set<string>();
  const add = (list: string[], file: string) => {
    if (!list.includes(file)) list.push(file);
  };
  const owners = sections.flatMap((section) => section.roots(watched).map((root) => ({ section, root })));
  for (const event of events) {
    const file = path.resolve(event.path);
    if (isNoise(file) || watched.ignoredDirs.some((dir) => isInside(dir, file))) continue;
    const isDir = event.type === 'addDir' || event.type === 'unlinkDir';
    let relevant = true;
    const owner = owners.find(({ root }) => isInside(root, file));
    if (file === watched.configFile) plan.config = true;
    else if (watched.themeDirs.some((dir) => isInside(dir, file))) {
      plan.client = true;
      if (isDir || !file.endsWith('.css')) plan.server = true;
    } else if (isInside(watched.staticDir, file)) {
      if (isDir) plan.statics.push(file);
      else add(plan.statics, file);
    } else if (owner) {
      const change = owner.section.classify({ file, root: owner.root, type: event.type });
      const sectionPlan = plan.sections[owner.section.name];
      if (change.ignore) relevant = false;
      if (change.read === 'section') sectionPlan.rediscover = true;
      else if (change.read === 'file') add(sectionPlan.files, file);
      if (change.media) add(plan.media, file);
      if (change.client) plan.client = true;
      if (change.server) plan.server = true;
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
    Object.values(plan.sections).every((section) => !section.rediscover && section.files.length === 0) &&
    plan.statics.length === 0 &&
    plan.media.length === 0
  );
}
