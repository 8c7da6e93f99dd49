/**
 * Discovery of the docs section: markdown files and category metadata,
 * following Docusaurus' conventions so existing docs folders build as is.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { yaml } from '../core/cjs-packages.js';
import { FolioError } from '../errors/index.js';
import { checkFields, excerptOf } from './front-matter.js';
import { jsonErrorPosition, yamlErrorPosition } from './parse-location.js';
import { readSource, stripNumberPrefix, toPosix, type SourceFile } from './read-source.js';
import { readText, type Warn } from './read-text.js';
import { compileGlob, matchesAny } from './glob.js';
import { walkContent } from './walk.js';

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

export type CategoryLink = { type: 'generated-index'; title?: string; description?: string; slug?: string } | { type: 'doc'; id: string };

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
  /** Line of the file that names the linked doc id (for warnings). */
  linkLine?: number;
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

/**
 * Docusaurus's default `exclude` of the docs plugin: partials (`_*` files and folders) and tests.
 * folio skipped `_*` files and folders before it had the option; these defaults keep that.
 */
export const DEFAULT_DOCS_EXCLUDE = ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'];

export async function discoverDocs({
  dir,
  routeBase,
  includeDrafts,
  exclude = DEFAULT_DOCS_EXCLUDE,
  warn,
}: {
  dir: string;
  routeBase: string;
  includeDrafts: boolean;
  /** Globs of files that are not docs, relative to `dir` (`docs.exclude`). */
  exclude?: readonly string[];
  /** Hears about skipped symbolic links and files that are not UTF-8. */
  warn?: Warn;
}): Promise<DocsContent> {
  const globs = exclude.map(compileGlob);
  const excluded = (file: string) => matchesAny(toPosix(path.relative(dir, file)), globs);
  // Which folders are partials is the globs' say (`**/_*/**`); node_modules is never content.
  const all = (await walkContent({ dir, skipDir: (name) => name === 'node_modules', warn })).filter((file) => !excluded(file));
  const docs: DocFile[] = [];
  for (const file of all.filter((file) => /\.mdx?$/.test(file))) {
    const doc = readDoc({ file, dir, routeBase, warn });
    if (doc.draft && !includeDrafts) continue;
    docs.push(doc);
  }
  const categoryFiles = all.filter((file) => /^_category_\.(json|ya?ml)$/.test(path.basename(file)));
  const categories = new Map<string, CategoryMeta>();
  for (const file of categoryFiles) {
    const meta = readCategory({ file, docsDir: dir, warn });
    categories.set(meta.dir, meta);
  }
  return { dir, routeBase, docs, categories };
}

export function readDoc({ file, dir, routeBase, warn }: { file: string; dir: string; routeBase: string; warn?: Warn }): DocFile {
  const source = readSource({ file, baseDir: dir, warn });
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

export function readCategory({ file, docsDir, warn }: { file: string; docsDir: string; warn?: Warn }): CategoryMeta {
  const text = readText(file, { warn });
  let raw: unknown;
  // An empty file (or one with only whitespace or comments) sets nothing, in either format.
  if (text.replace(/^\s*#.*$/gm, '').trim() === '') raw = {};
  else {
    const json = file.endsWith('.json');
    try {
      raw = json ? JSON.parse(text) : yaml().load(text);
    } catch (error) {
      const at = json ? jsonErrorPosition(error, text) : yamlErrorPosition(error, text, 1);
      const reason = (error as { reason?: string }).reason ?? (error as Error).message;
      throw new FolioError({
        code: 'CATEGORY_INVALID',
        // JSON.parse quotes the whole text or gives an offset: the location says where instead.
        message: `cannot parse: ${json ? reason.replace(/, (\.\.\.)?".*is not valid JSON$/s, '').replace(/ in JSON at position \d+.*$/s, '') : reason}`,
        location: { file, line: at?.line, column: at?.column },
        excerpt: excerptOf(text, at?.line),
      });
    }
  }
  const invalid = (message: string, key?: string): never => {
    const line = key === undefined ? undefined : keyLine(text, key);
    throw new FolioError({ code: 'CATEGORY_INVALID', message, location: { file, line }, excerpt: excerptOf(text, line) });
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) invalid('expected an object');
  const data = raw as Record<string, unknown>;
  const meta: CategoryMeta = { dir: toPosix(path.relative(docsDir, path.dirname(file))).replace(/^\.$/, ''), file };
  const known = ['label', 'position', 'collapsible', 'collapsed', 'className', 'link', 'key', 'customProps', 'description'];
  for (const key of Object.keys(data)) if (!known.includes(key)) invalid(`unknown key "${key}" (known: ${known.join(', ')})`, key);
  if (data.label !== undefined) meta.label = typeof data.label === 'string' ? data.label : invalid('"label" must be a string', 'label');
  if (data.position !== undefined) meta.position = typeof data.position === 'number' ? data.position : invalid('"position" must be a number', 'position');
  for (const key of ['collapsible', 'collapsed'] as const) {
    if (data[key] !== undefined) meta[key] = typeof data[key] === 'boolean' ? (data[key] as boolean) : invalid(`"${key}" must be true or false`, key);
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
      meta.linkLine = lineNaming(text, link.id);
    } else invalid('"link" must be { type: "generated-index", ... } or { type: "doc", id: "<doc id>" }', 'link');
  }
  return meta;
}

/** The first line that sets `key` (quoted as in JSON or not, at any indentation). */
function keyLine(text: string, key: string): number | undefined {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const index = text.split('\n').findIndex((line) => new RegExp(`^\\s*["']?${escaped}["']?\\s*:`).test(line));
  return index >= 0 ? index + 1 : undefined;
}

/** The first line that sets `id` to the given doc id (JSON or YAML), else the line of `link`. */
function lineNaming(text: string, id: string): number | undefined {
  const lines = text.split('\n');
  const idLine = lines.findIndex((line) => /(^|[\s{,"'])id["']?\s*:/.test(line) && line.includes(id));
  const index = idLine >= 0 ? idLine : lines.findIndex((line) => /(^|[\s{,"'])link["']?\s*:/.test(line));
  return index >= 0 ? index + 1 : undefined;
}

export function docsDirExists(dir: string): boolean {
  return existsSync(dir);
}
