/**
 * esbuild plugin of the server bundle: two of folio's templates are loaded with their component's
 * export renamed and a memo of templates/render-memo.ts exported under its name, so every use
 * (the sidebar tree's own recursion too) goes through the memo:
 * - DocSidebarTree, through `memoSidebarTree`;
 * - Icon (templates/Icons.tsx), a function of its props alone, through `memoPure`.
 * The client bundle is built without it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { folioRoot } from '../core/folio-root.js';
import type { SiteTheme } from './site-theme.js';

/**
 * The theme components the sidebar tree is made of (its template and every template it
 * renders; test/integration/render-memo.test.ts checks the list against the tree's imports).
 * A site that replaces one of them renders its sidebar without the memo: its own component may
 * read anything.
 */
export const SIDEBAR_TREE_PARTS = ['DocSidebarTree', 'SmartLink', 'Collapsible', 'Icons'] as const;

/** Which memos the server bundle has. */
export interface RenderMemo {
  sidebar: boolean;
  icons: boolean;
}

/**
 * The memos of a site's server bundle: none with `FOLIO_RENDER_MEMO=0` (the reference the tests
 * and the bench compare them with); the sidebar's not when the site replaces a part of the tree,
 * the icons' not when it replaces the icons' file.
 */
export function renderMemoOf(theme: SiteTheme | undefined): RenderMemo {
  const on = process.env.FOLIO_RENDER_MEMO !== '0';
  const replaced = (name: string) => Object.hasOwn(theme?.overrides ?? {}, name);
  return { sidebar: on && !SIDEBAR_TREE_PARTS.some(replaced), icons: on && !replaced('Icons') };
}

/**
 * A template's source with `name`'s export renamed `<name>Own` and `memo` exported as `name`, or
 * undefined when the source is not in the shape expected (then it is bundled as it is).
 */
function withMemo(source: string, name: string, memo: string, memoFile: string, needs: RegExp[] = []): string | undefined {
  const declared = `export function ${name}(`;
  if (source.split(declared).length !== 2 || needs.some((need) => !need.test(source))) return undefined;
  return `${source.replace(declared, `function ${name}Own(`)}
import * as folioRenderMemo from ${JSON.stringify(memoFile)};
export const ${name} = folioRenderMemo.${memo};
`;
}

export function memoisedTreeSource(source: string, memoFile: string): string | undefined {
  return withMemo(source, 'DocSidebarTree', 'memoSidebarTree(DocSidebarTreeOwn, trailIndex, NO_TRAIL)', memoFile, [
    /^function trailIndex\(/m,
    /^const NO_TRAIL\b/m,
  ]);
}

export function memoisedIconSource(source: string, memoFile: string): string | undefined {
  return withMemo(source, 'Icon', 'memoPure(IconOwn)', memoFile);
}

export function renderMemoPlugin(memo: RenderMemo): esbuild.Plugin {
  const templates = path.join(folioRoot(), 'templates');
  const memoFile = path.join(templates, 'render-memo.ts');
  const files: Record<string, (source: string, memoFile: string) => string | undefined> = {};
  if (memo.sidebar) files[path.join(templates, 'DocSidebarTree.tsx')] = memoisedTreeSource;
  if (memo.icons) files[path.join(templates, 'Icons.tsx')] = memoisedIconSource;
  return {
    name: 'folio-render-memo',
    setup(build) {
      if (Object.keys(files).length === 0) return;
      build.onLoad({ filter: /[\\/](DocSidebarTree|Icons)\.tsx$/ }, async (args) => {
        const transform = files[path.resolve(args.path)];
        if (!transform) return undefined;
        const contents = transform(await readFile(args.path, 'utf8'), memoFile);
        return contents === undefined ? undefined : { contents, loader: 'tsx', resolveDir: templates };
      });
    },
  };
}
