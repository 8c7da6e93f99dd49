/**
 * Free-standing pages under content/pages: `.tsx` components rendered in the
 * shell (index.tsx is the home page) and `.md`/`.mdx` pages without sidebar.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { hashOf } from '../build/cache.js';
import { checkFields } from './front-matter.js';
import { readSource, toPosix, type SourceFile } from './read-source.js';

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

export async function discoverPages({ dir, includeDrafts }: { dir: string; includeDrafts: boolean }): Promise<PageFile[]> {
  const files = (
    await fg(['**/*.tsx', '**/*.jsx', '**/*.md', '**/*.mdx'], {
      cwd: dir,
      ignore: ['**/_*/**', '**/_*', '**/node_modules/**', '**/*.test.*', '**/*.d.ts'],
      absolute: true,
    })
  ).sort();
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
        hash: hashOf(readFileSync(file)).slice(0, 20),
      });
    } else {
      const source = readSource({ file, baseDir: dir });
      checkFields({ data: source.frontMatter, fields: PAGE_FIELDS, file, source: source.source });
      if (source.frontMatter.draft === true && !includeDrafts) continue;
      const slug = source.frontMatter.slug;
      pages.push({ ...source, kind: 'md', route: typeof slug === 'string' ? (slug.startsWith('/') ? slug : `/${slug}`) : routeForPage(relPath) });
    }
  }
  return pages;
}
