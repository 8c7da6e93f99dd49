/**
 * esbuild plugin of the server bundle: folio's DocSidebarTree is loaded with its export renamed
 * and `memoSidebarTree` (templates/sidebar-memo.ts) exported under its name, so the tree's
 * recursion goes through the memo too. The client bundle is built without it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { folioRoot } from '../core/folio-root.js';
import type { SiteTheme } from './site-theme.js';

/**
 * The theme components the sidebar tree is made of (its template and every template it
 * renders, test/unit/render/sidebar-memo.test.ts checks the list against the tree's imports).
 * A site that replaces one of them renders its sidebar without the memo: its own component may
 * read anything.
 */
export const SIDEBAR_TREE_PARTS = ['DocSidebarTree', 'SmartLink', 'Collapsible', 'Icons'] as const;

const DECLARED = 'export function DocSidebarTree(';

/** The template's source with the memo in place, or undefined when it is not in the shape the memo expects. */
export function memoisedTreeSource(source: string, memoFile: string): string | undefined {
  if (source.split(DECLARED).length !== 2 || !/^function trailIndex\(/m.test(source) || !/^const NO_TRAIL\b/m.test(source)) return undefined;
  return `${source.replace(DECLARED, 'function DocSidebarTreeOwn(')}
import { memoSidebarTree as folioMemoSidebarTree } from ${JSON.stringify(memoFile)};
export const DocSidebarTree = folioMemoSidebarTree(DocSidebarTreeOwn, trailIndex, NO_TRAIL);
`;
}

/**
 * Whether the server bundle remembers the sidebar: not when the site replaces a part of the tree,
 * nor with `FOLIO_SIDEBAR_MEMO=0` (the reference the tests and the bench compare the memo with).
 */
export function sidebarMemoOn(theme: SiteTheme | undefined): boolean {
  return process.env.FOLIO_SIDEBAR_MEMO !== '0' && !SIDEBAR_TREE_PARTS.some((name) => Object.hasOwn(theme?.overrides ?? {}, name));
}

export function sidebarMemoPlugin(on: boolean): esbuild.Plugin {
  const templates = path.join(folioRoot(), 'templates');
  const tree = path.join(templates, 'DocSidebarTree.tsx');
  return {
    name: 'folio-sidebar-memo',
    setup(build) {
      if (!on) return;
      build.onLoad({ filter: /[\\/]DocSidebarTree\.tsx$/ }, async (args) => {
        if (path.resolve(args.path) !== tree) return undefined;
        const contents = memoisedTreeSource(await readFile(tree, 'utf8'), path.join(templates, 'sidebar-memo.ts'));
        return contents === undefined ? undefined : { contents, loader: 'tsx', resolveDir: templates };
      });
    },
  };
}
