/**
 * Discovery of the docs section: markdown files and category metadata,
 * following Docusaurus' conventions so existing docs folders build as is.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import * as yaml from 'js-yaml';
import { FolioError } from '../errors/index.js';
import { checkFields } from './front-matter.js';
import { readSource, stripNumberPrefix, toPosix, type SourceFile } from './read-source.js';

export interface DocFile extends SourceFile {
  /** Folder relative to the docs root ('' for the root), number prefixes kept. */
  dir: string;
  /** Doc id: folder plus front matter `id` or the file name, e.g. `generators/payloads`. */
  id: string;
  route: string;
  /** README.md, index.md or <folder>.md: the folder's own page. */
  isIndex: boolean;
  /** Position from a number prefix of the file name, if any. */
  prefixPosition?: number;
  draft: boolean;
  unlisted: boolean;
}

export type CategoryLink =
  | { type: 'generated-index'; title?: string; description?: string; slug?: string }
  | { type: 'doc'; id: string };

export interface CategoryMeta {
  /** Folder relative to the docs root. */
  dir: string;
  file?: string;
  label?: string;
  position?: number;
  collapsible?: boolean;
  collapsed?: boolean;
  className?: string;
  /** undefined: not set; null: explicitly no link. */
  link?: CategoryLink | null;
}

export interface DocsContent {
  dir: string;
  routeBase: string;
  docs: DocFile[];
  categories: Map<string, CategoryMeta>;
}

export const DOC_FIELDS = {
  id: 'string',
  title: 'string',
  sidebar_label: 'string',
  sidebar_position: 'number',
  sidebar_class_name: 'string',
  slug: 'string',
  description: 'string',
  keywords: 'string[]',
  image: 'string',
  hide_title: 'boolean',
  hide_table_of_contents: 'boolean',
  toc_min_heading_level: 'number',
  toc_max_heading_level: 'number',
  pagination_next: 'string',
  pagination_prev: 'string',
  draft: 'boolean',
  unlisted: 'boolean',
  custom_edit_url: 'string',
} as const;

export async function discoverDocs({
  dir,
  routeBase,
  includeDrafts,
}: {
  dir: string;
  routeBase: string;
  includeDrafts: boolean;
}): Promise<DocsContent> {
  const files = (await fg(['**/*.md', '**/*.mdx'], { cwd: dir, ignore: ['**/_*/**', '**/_*', '**/node_modules/**'], absolute: true })).sort();
  const docs: DocFile[] = [];
  for (const file of files) {
    const doc = readDoc({ file, dir, routeBase });
    if (doc.draft && !includeDrafts) continue;
    docs.push(doc);
  }
  const categoryFiles = (await fg(['**/_category_.json', '**/_category_.yml', '**/_category_.yaml'], { cwd: dir, absolute: true })).sort();
  const categories = new Map<string, CategoryMeta>();
  for (const file of categoryFiles) {
    const meta = readCategory({ file, docsDir: dir });
    categories.set(meta.dir, meta);
  }
  return { dir, routeBase, docs, categories };
}

export function readDoc({ file, dir, routeBase }: { file: string; dir: string; routeBase: string }): DocFile {
  const source = readSource({ file, baseDir: dir });
  checkFields({ data: source.frontMatter, fields: DOC_FIELDS, file, source: source.source });
  const fm = source.frontMatter;
  const relDir = toPosix(path.dirname(source.relPath)).replace(/^\.$/, '');
  const baseName = path.basename(source.relPath).replace(/\.mdx?$/, '');
  const { name, position } = stripNumberPrefix(baseName);
  const folderName = relDir ? stripNumberPrefix(relDir.split('/').pop()!).name : '';
  const isIndex = /^(readme|index)$/i.test(name) || (folderName !== '' && name.toLowerCase() === folderName.toLowerCase());
  const cleanDir = relDir
    .split('/')
    .filter(Boolean)
    .map((part) => stripNumberPrefix(part).name)
    .join('/');
  const idName = typeof fm.id === 'string' ? fm.id : isIndex ? name : name;
  const id = cleanDir ? `${cleanDir}/${idName}` : idName;
  const base = routeBase.replace(/\/$/, '');
  let route: string;
  if (typeof fm.slug === 'string') {
    route = fm.slug.startsWith('/') ? `${base}${fm.slug}` : `${base}/${cleanDir ? `${cleanDir}/` : ''}${fm.slug}`;
  } else if (isIndex && typeof fm.id !== 'string') {
    route = `${base}/${cleanDir ? `${cleanDir}/` : ''}`;
  } else {
    route = `${base}/${cleanDir ? `${cleanDir}/` : ''}${idName}`;
  }
  route = route.replace(/\/{2,}/g, '/');
  return {
    ...source,
    dir: relDir,
    id,
    route,
    isIndex,
    prefixPosition: position,
    draft: fm.draft === true,
    unlisted: fm.unlisted === true,
  };
}

export function readCategory({ file, docsDir }: { file: string; docsDir: string }): CategoryMeta {
  const text = readFileSync(file, 'utf8');
  let raw: unknown;
  try {
    raw = file.endsWith('.json') ? JSON.parse(text) : yaml.load(text);
  } catch (error) {
    const message = (error as Error).message;
    const lineMatch = /line (\d+)/.exec(message);
    throw new FolioError({
      code: 'CATEGORY_INVALID',
      message: `cannot parse: ${message}`,
      location: { file, line: lineMatch ? Number(lineMatch[1]) : undefined },
    });
  }
  const invalid = (message: string): never => {
    throw new FolioError({ code: 'CATEGORY_INVALID', message, location: { file } });
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) invalid('expected an object');
  const data = raw as Record<string, unknown>;
  const meta: CategoryMeta = { dir: toPosix(path.relative(docsDir, path.dirname(file))).replace(/^\.$/, ''), file };
  const known = ['label', 'position', 'collapsible', 'collapsed', 'className', 'link', 'key', 'customProps', 'description'];
  for (const key of Object.keys(data)) if (!known.includes(key)) invalid(`unknown key "${key}" (known: ${known.join(', ')})`);
  if (data.label !== undefined) meta.label = typeof data.label === 'string' ? data.label : invalid('"label" must be a string');
  if (data.position !== undefined) meta.position = typeof data.position === 'number' ? data.position : invalid('"position" must be a number');
  for (const key of ['collapsible', 'collapsed'] as const) {
    if (data[key] !== undefined) meta[key] = typeof data[key] === 'boolean' ? (data[key] as boolean) : invalid(`"${key}" must be true or false`);
  }
  if (typeof data.className === 'string') meta.className = data.className;
  if (data.link === null) meta.link = null;
  else if (data.link !== undefined) {
    const link = data.link as Record<string, unknown>;
    if (link.type === 'generated-index') {
      meta.link = {
        type: 'generated-index',
        title: typeof link.title === 'string' ? link.title : undefined,
        description: typeof link.description === 'string' ? link.description : undefined,
        slug: typeof link.slug === 'string' ? link.slug : undefined,
      };
    } else if (link.type === 'doc' && typeof link.id === 'string') {
      meta.link = { type: 'doc', id: link.id };
    } else invalid('"link" must be { type: "generated-index", ... } or { type: "doc", id: "<doc id>" }');
  }
  return meta;
}

export function docsDirExists(dir: string): boolean {
  return existsSync(dir);
}
