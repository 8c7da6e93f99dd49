/**
 * The pages of the API reference, derived from typedoc's JSON: one index
 * page, one page per export (grouped by kind), and the link target of every
 * reflection (its page, plus `#anchor` for members). Pure: no I/O.
 */
import GithubSlugger from 'github-slugger';
import { GROUPS, Kind, groupOf, type ApiGroup, type JsonContainer, type JsonDeclaration, type JsonProject } from './reflection-kinds.js';

export interface ApiCrumb {
  label: string;
  href: string;
}

export interface ApiSection {
  group: ApiGroup;
  pages: ApiPage[];
}

/** A re-export under another name (`export { a as b }`). */
export interface ApiReexport {
  name: string;
  target: number;
}

export interface ApiPage {
  /** Stable id of the page's compiled body: `api:index`, `api:functions/run`. */
  id: string;
  path: string;
  name: string;
  /** Export group; absent for the index page. */
  group?: ApiGroup;
  /** The export shown on the page; absent for the index page. */
  reflection?: JsonDeclaration;
  /** Groups of exports listed on the page (the index, namespaces, modules). */
  sections: ApiSection[];
  reexports: ApiReexport[];
  /** Pages above this one, for breadcrumbs (the index first). */
  trail: ApiCrumb[];
  /** Anchors of the page's members (properties, methods, enum members) by reflection id. */
  anchors: Map<number, string>;
}

export interface ApiIndex {
  root: ApiPage;
  /** Every page in reading order: the index, then each group's exports (namespaces depth first). */
  pages: ApiPage[];
  /** Link target of every reflection that lives on a page: `path` or `path#anchor`. */
  targets: Map<number, string>;
}

/** A URL path segment for an export name. */
export function pageSegment(name: string): string {
  return encodeURIComponent(name).replace(/%24/g, '$');
}

/** The page id for a path below the route base: `api:functions/run`. */
function pageId(relative: string): string {
  return `api:${relative || 'index'}`;
}

const byName = (a: { name: string }, b: { name: string }) => {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
};

/** Members that get their own anchor on a page. */
export function anchoredMembers(reflection: JsonDeclaration): JsonDeclaration[] {
  // Constructors are a section of their own (its heading is the anchor).
  const members: JsonDeclaration[] = (reflection.children ?? []).filter((child) => child.kind !== Kind.Constructor);
  const type = reflection.type;
  if (reflection.kind === Kind.TypeAlias || reflection.kind === Kind.Variable) {
    if (type?.type === 'reflection') members.push(...(type.declaration.children ?? []));
    if (type?.type === 'union' || type?.type === 'intersection') {
      for (const member of type.types) if (member.type === 'reflection') members.push(...(member.declaration.children ?? []));
    }
  }
  return members;
}

export function buildApiIndex({ project, routeBase, label }: { project: JsonProject; routeBase: string; label: string }): ApiIndex {
  const base = routeBase.replace(/\/+$/, '');
  const targets = new Map<number, string>();
  const pages: ApiPage[] = [];
  const root: ApiPage = { id: pageId(''), path: `${base}/`, name: label, sections: [], reexports: [], trail: [], anchors: new Map() };
  pages.push(root);

  const fill = (page: ApiPage, container: JsonContainer, basePath: string, relative: string) => {
    const trail = [...page.trail, { label: page.name, href: page.path }];
    const byGroup = new Map<ApiGroup, JsonDeclaration[]>();
    for (const child of container.children ?? []) {
      if (child.kind === Kind.Reference && 'target' in child && typeof child.target === 'number') {
        page.reexports.push({ name: child.name, target: child.target });
        continue;
      }
      const group = groupOf(child.kind);
      if (!group) continue;
      if (!byGroup.has(group)) byGroup.set(group, []);
      byGroup.get(group)!.push(child);
    }
    page.reexports.sort(byName);
    for (const group of GROUPS) {
      const members = byGroup.get(group);
      if (!members) continue;
      const section: ApiSection = { group, pages: [] };
      page.sections.push(section);
      for (const reflection of [...members].sort(byName)) {
        const segment = `${group.slug}/${pageSegment(reflection.name)}`;
        const child: ApiPage = {
          id: pageId(relative ? `${relative}/${segment}` : segment),
          path: `${basePath}/${segment}`,
          name: reflection.name,
          group,
          reflection,
          sections: [],
          reexports: [],
          trail,
          anchors: memberAnchors(reflection),
        };
        section.pages.push(child);
        pages.push(child);
        if (reflection.kind === Kind.Namespace || reflection.kind === Kind.Module)
          fill(child, reflection, child.path, relative ? `${relative}/${segment}` : segment);
      }
    }
  };
  fill(root, project, base, '');

  // Pages and their anchored members first, then everything else inside a page links to the page.
  for (const page of pages) {
    if (!page.reflection) continue;
    targets.set(page.reflection.id, page.path);
    for (const [id, anchor] of page.anchors) targets.set(id, `${page.path}#${anchor}`);
  }
  for (const page of pages) if (page.reflection) mapNested(page.reflection, page.path, targets);
  return { root, pages, targets };
}

function memberAnchors(reflection: JsonDeclaration): Map<number, string> {
  const anchors = new Map<number, string>();
  if (reflection.kind === Kind.Namespace || reflection.kind === Kind.Module) return anchors;
  const slugger = new GithubSlugger();
  for (const member of anchoredMembers(reflection)) anchors.set(member.id, slugger.slug(member.name) || 'member');
  return anchors;
}

/** Maps every reflection nested in `value` (signatures, parameters, type literals…) to `path`, unless it has a target already. */
function mapNested(value: unknown, path: string, targets: Map<number, string>): void {
  if (Array.isArray(value)) {
    for (const item of value) mapNested(item, path, targets);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (typeof record.id === 'number' && typeof record.variant === 'string') {
    if (!targets.has(record.id)) targets.set(record.id, path);
    // Nested namespaces' exports have their own pages.
    if ((record.kind === Kind.Namespace || record.kind === Kind.Module) && targets.get(record.id) !== path) return;
  }
  for (const [key, child] of Object.entries(record)) {
    if (key === 'target' || key === 'groups' || key === 'sources' || key === 'comment') continue;
    if (child && typeof child === 'object') mapNested(child, path, targets);
  }
}

/** The comment describing an export: its own, or its first signature's (functions, methods, function-typed values). */
export function primaryComment(reflection: JsonDeclaration): JsonDeclaration['comment'] {
  if (reflection.comment) return reflection.comment;
  const signature = reflection.signatures?.find((candidate) => candidate.comment);
  if (signature) return signature.comment;
  if (reflection.getSignature?.comment) return reflection.getSignature.comment;
  if (reflection.type?.type === 'reflection') return reflection.type.declaration.signatures?.find((candidate) => candidate.comment)?.comment;
  return undefined;
}
