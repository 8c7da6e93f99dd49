/**
 * Free-standing pages under content/pages: `.tsx` components rendered in the
 * shell (index.tsx is the home page) and `.md`/`.mdx` pages without sidebar.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hashOf } from '../core/hash.js';
import { checkFields } from './front-matter.js';
import { readSource, toPosix, type SourceFile } from './read-source.js';
import { readError, type Warn } from './read-text.js';
import { isIgnoredDir, walkContent } from './walk.js';

export interface TsxPageFile {
  kind: 'tsx';
  file: string;
  relPath: string;
  /** Registry id of the component, e.g. `index`, `about/team`. */
  id: string;
  route: string;
  hash: string;
}

export interface MdPageFile extends SourceFile {
  kind: 'md';
  route: string;
}

export type PageFile = TsxPageFile | MdPageFile;

export const PAGE_FIELDS = {
  title: 'string',
  description: 'string',
  slug: 'string',
  hide_table_of_contents: 'boolean',
  image: 'string',
  draft: 'boolean',
  unlisted: 'boolean',
} as const;

export function routeForPage(relPath: string): string {
  const withoutExt = relPath.replace(/\.(tsx|jsx|mdx?|)$/, '');
  if (withoutExt === 'index') return '/';
  if (withoutExt.endsWith('/index')) return `/${withoutExt.slice(0, -'index'.length)}`;
  return `/${withoutExt}`;
}

/** Page sources: components and markdown, not `_*` files, tests or type declarations. */
function isPageFile(file: string): boolean {
  const name = path.basename(file);
  return /\.(tsx|jsx|mdx?)$/.test(name) && !name.startsWith('_') && !/\.test\./.test(name) && !name.endsWith('.d.ts');
}

export async function discoverPages({ dir, includeDrafts, warn }: { dir: string; includeDrafts: boolean; warn?: Warn }): Promise<PageFile[]> {
  const files = (await walkContent({ dir, skipDir: isIgnoredDir, warn })).filter(isPageFile);
  const pages: PageFile[] = [];
  for (const file of files) {
    const relPath = toPosix(path.relative(dir, file));
    if (/\.(tsx|jsx)$/.test(file)) {
      pages.push({
        kind: 'tsx',
        file,
        relPath,
        id: relPath.replace(/\.(tsx|jsx)$/, ''),
        route: routeForPage(relPath),
        hash: hashOf(readBytes(file)).slice(0, 20),
      });
    } else {
      const source = readSource({ file, baseDir: dir, warn });
      checkFields({ data: source.frontMatter, fields: PAGE_FIELDS, file, source: source.source });
      if (source.frontMatter.draft === true && !includeDrafts) continue;
      const slug = source.frontMatter.slug;
      pages.push({ ...source, kind: 'md', route: typeof slug === 'string' ? (slug.startsWith('/') ? slug : `/${slug}`) : routeForPage(relPath) });
    }
  }
  return pages;
}

function readBytes(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw readError(error, file);
  }
}
