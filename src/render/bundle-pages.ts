/**
 * Builds the server module (templates + content pages + react-dom/server)
 * with esbuild and imports it. Everything is bundled, so rendering works
 * for a site anywhere on disk, and a template edit in watch mode takes
 * effect on the next build (a new file, never a stale module cache).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { writeFileAtomic } from '../core/atomic-write.js';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';
import { esbuild as esbuildApi } from '../core/cjs-packages.js';
import type { TsxPageFile } from '../content/pages.js';
import { FolioError, isFsError } from '../errors/index.js';
import type { PageData, SiteData } from '../shared/page-data.js';
import type { Cache } from '../core/cache.js';
import { hashOf } from '../core/hash.js';
import { inputsOf, lookupBundle, storeBundle } from '../assets/bundle-cache.js';
import { lookupPrebuilt, prebuiltFolder, prebuiltKey, storePrebuilt } from '../assets/prebuilt.js';
import { folioRoot } from '../core/folio-root.js';
import { cssModulesPlugin } from './css-modules.js';
import { renderMemoOf, renderMemoPlugin } from './render-memo-plugin.js';
import { type SiteTheme, siteThemeKey, siteThemePlugin } from './site-theme.js';

export interface PageModuleInfo {
  meta?: { title?: string; description?: string };
  hasDefault: boolean;
}

export interface ServerModule {
  renderApp(site: SiteData, page: PageData): string;
  pageInfo: Record<string, PageModuleInfo>;
}

/**
 * What `.tsx` pages may import besides code, in both bundles: images (files written to the
 * output's assets/media/, imported as their URL). CSS modules: css-modules.ts.
 */
export const PAGE_LOADERS: Record<string, esbuild.Loader> = {
  '.svg': 'file',
  '.png': 'file',
  '.webp': 'file',
  '.jpg': 'file',
  '.jpeg': 'file',
  '.gif': 'file',
  '.avif': 'file',
};

export function pagesEntrySource(pages: TsxPageFile[]): string {
  const imports = pages.map((page, index) => `import * as p${index} from ${JSON.stringify(page.file)};`).join('\n');
  const registry = pages.map((page, index) => `${JSON.stringify(page.id)}: p${index}`).join(', ');
  return `${imports}\nexport const pages = { ${registry} };\n`;
}

/**
 * The client imports a page's component only (its `meta` is the server's): the rest is left out of
 * its chunk. The module is named by the page's id (`folio-page:about/team`), not by its file:
 * esbuild's chunk names hash their modules' names, and a path outside the namespace of files is
 * not made relative, so the absolute path named the home page's chunk and the client script
 * after the folder the site was built in (a fresh clone published other names than a checkout).
 */
export const PAGE_COMPONENT = 'folio-page:';

/**
 * The client's `folio:pages`: a loader per page (`() => import(...)`), so each `.tsx` page is a
 * chunk of its own that only its page fetches (esbuild splitting), not part of every first visit.
 */
export function lazyPagesEntrySource(pages: TsxPageFile[]): string {
  const registry = pages.map((page) => `${JSON.stringify(page.id)}: () => import(${JSON.stringify(`${PAGE_COMPONENT}${page.id}`)})`).join(', ');
  return `export const pages = { ${registry} };\n`;
}

/**
 * esbuild plugin serving the virtual `folio:pages` module (every content/pages/*.tsx) and `folio/theme`.
 * `lazy`: the client's loaders (lazyPagesEntrySource) instead of the modules themselves.
 */
export function pagesPlugin(pages: TsxPageFile[], { lazy = false }: { lazy?: boolean } = {}): esbuild.Plugin {
  return {
    name: 'folio-pages',
    setup(build) {
      build.onResolve({ filter: /^folio:pages$/ }, () => ({ path: 'folio-pages', namespace: 'folio' }));
      const fileOf = new Map(pages.map((page) => [page.id, page.file]));
      build.onResolve({ filter: /^folio-page:/ }, (args) => ({ path: args.path.slice(PAGE_COMPONENT.length), namespace: 'folio-page' }));
      build.onLoad({ filter: /.*/, namespace: 'folio-page' }, (args) => {
        const file = fileOf.get(args.path);
        if (file === undefined) return { errors: [{ text: `no .tsx page has the id "${args.path}"` }] };
        return {
          // Through a namespace: a page without a default export is then the server bundle's clear
          // PAGE_NO_DEFAULT_EXPORT, not an esbuild "no matching export" from this chunk.
          contents: `import * as page from ${JSON.stringify(file)};\nexport default page.default;\n`,
          loader: 'js',
          resolveDir: path.dirname(file),
        };
      });
      // The theme's hooks for pages (`useSiteConfig`): one file for both bundles, so the page
      // reads the same React context as the templates around it.
      build.onResolve({ filter: /^folio\/theme$/ }, () => ({ path: path.join(folioRoot(), 'templates/theme.ts') }));
      build.onLoad({ filter: /.*/, namespace: 'folio' }, () => ({
        contents: lazy ? lazyPagesEntrySource(pages) : pagesEntrySource(pages),
        loader: 'js',
        resolveDir: folioRoot(),
      }));
    },
  };
}

export function compileError(error: unknown): FolioError {
  const first = (error as esbuild.BuildFailure).errors?.[0];
  const file = first?.location?.file;
  return new FolioError({
    code: 'PAGE_COMPILE',
    message: first?.text ?? (error as Error).message,
    location: file ? { file: path.resolve(file), line: first?.location?.line, column: (first?.location?.column ?? 0) + 1 } : undefined,
    excerpt: first?.location?.lineText,
    cause: error,
  });
}

/**
 * React's renderer to a string alone. `react-dom/server` loads it and the streaming renderer
 * beside it, which folio never calls: 5,900 of the server bundle's 13,100 lines, bundled by
 * esbuild and compiled by every build. Its file is not in react-dom's exports, so it is named by
 * its path; when a React version has no such file, `react-dom/server` as before.
 */
function stringRenderer(root: string): string {
  try {
    const file = path.join(
      path.dirname(createRequire(path.join(root, 'package.json')).resolve('react-dom/package.json')),
      'cjs/react-dom-server-legacy.node.production.js',
    );
    if (existsSync(file)) return file;
  } catch {
    // react-dom not found from folio: esbuild reports it for the import below.
  }
  return 'react-dom/server';
}

export async function bundleServer({
  pages,
  cacheDir,
  cache,
  salt = '',
  theme,
}: {
  pages: TsxPageFile[];
  cacheDir: string;
  cache?: Cache;
  salt?: string;
  /** The site's own theme files (site-theme.ts). */
  theme?: SiteTheme;
}): Promise<ServerModule> {
  const root = folioRoot();
  const entry = `
import { createElement } from 'react';
import { renderToString } from ${JSON.stringify(stringRenderer(root))};
import { App } from ${JSON.stringify(path.join(root, 'templates/App.tsx'))};
import { templates } from ${JSON.stringify(path.join(root, 'templates/registry.ts'))};
import { renderWithMemo } from ${JSON.stringify(path.join(root, 'templates/render-memo.ts'))};
import { pages } from 'folio:pages';
export function renderApp(site, page) {
  const Template = templates[page.template];
  if (!Template) throw new Error(\`Unknown template "\${page.template}" for \${page.path}\`);
  return renderWithMemo(() => renderToString(createElement(App, { site, page, pages, content: createElement(Template, { page }) })));
}
export const pageInfo = Object.fromEntries(Object.entries(pages).map(([id, mod]) => [id, { meta: mod.meta, hasDefault: typeof mod.default === 'function' }]));
`;
  const memo = renderMemoOf(theme);
  const key = hashOf('server', salt, entry, pagesEntrySource(pages), siteThemeKey(theme), JSON.stringify(memo));
  const cached = cache ? lookupBundle<{ file: string }>(cache, key) : undefined;
  const kept = cached && keptModule(cacheDir, cached.extra?.file);
  if (kept) return importServer({ file: kept, pages });
  // A site that bundles nothing of its own takes the default theme's server bundle made with folio (prebuilt.ts).
  const prebuilt = prebuiltKey('server', { pages, theme, settings: JSON.stringify(memo) });
  const ready = lookupPrebuilt<{ file: string }>('server', prebuilt, cache);
  const prebuiltModule = ready && keptModule(prebuiltFolder(), ready.extra?.file);
  if (prebuiltModule) return importServer({ file: prebuiltModule, pages });
  let code: string;
  let inputs: string[];
  try {
    const result = await esbuildApi().build({
      metafile: true,
      stdin: { contents: entry, resolveDir: root, loader: 'js', sourcefile: 'folio-server-entry.js' },
      // Paths in the metafile and the bundle's comments are relative to folio, not to where folio was started.
      absWorkingDir: root,
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      banner: { js: "import { createRequire as __folioRequire } from 'node:module'; const require = __folioRequire(import.meta.url);" },
      loader: { '.css': 'empty', ...PAGE_LOADERS },
      ...(theme ? { publicPath: theme.assetsUrl } : {}),
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
      plugins: [pagesPlugin(pages), siteThemePlugin(theme), renderMemoPlugin(memo), cssModulesPlugin({ emitCss: false })],
      nodePaths: [path.join(root, 'node_modules')],
      outdir: cacheDir,
      // As the client bundle names them (its files are the ones written to the output).
      assetNames: 'media/[name]-[hash]',
    });
    code = result.outputFiles.find((file) => file.path.endsWith('.js'))!.text;
    inputs = inputsOf(result.metafile, { cwd: root, virtual: ['folio-server-entry.js'] });
  } catch (error) {
    throw compileError(error);
  }
  const file = path.join(cacheDir, `server-${hashOf(code).slice(0, 16)}.mjs`);
  // Without a usable cache (--no-cache, or a folder that cannot be written) the bundle is imported from a
  // temporary file and deleted (everything is bundled, so it runs from anywhere): nothing lands in the site.
  const fromTemp = async () => {
    const temp = path.join(os.tmpdir(), `folio-${path.basename(file, '.mjs')}-${process.pid}.mjs`);
    writeFileAtomic(temp, code);
    try {
      return await importServer({ file: temp, pages });
    } finally {
      rmSync(temp, { force: true });
    }
  };
  if (!cache?.persistent) return fromTemp();
  if (!intactBundle(file)) {
    // Written under a temporary name and renamed: another build of the same site may import it now.
    try {
      writeFileAtomic(file, code);
    } catch (error) {
      if (!isFsError(error)) throw error;
      return fromTemp();
    }
  }
  if (cache) storeBundle({ cache, key, inputs, files: [], extra: { file: path.basename(file) } });
  storePrebuilt('server', prebuilt, { inputs, files: [], extra: { file: path.basename(file) }, modules: { [path.basename(file)]: code } });
  return importServer({ file, pages });
}

/** The bundle file each loaded server module came from (its identity: the name hashes the code). */
const bundleIds = new WeakMap<ServerModule, string>();

export function serverBundleId(server: ServerModule): string | undefined {
  return bundleIds.get(server);
}

/**
 * The module a record names in `dir`, when the name is a server bundle's (`server-<hash>.mjs`,
 * no other path: the cache folder is the site's to change) and the file holds the code it hashes.
 */
function keptModule(dir: string, name: unknown): string | undefined {
  if (typeof name !== 'string' || !/^server-[0-9a-f]{16}\.mjs$/.test(name)) return undefined;
  const file = path.join(dir, name);
  return intactBundle(file) ? file : undefined;
}

/** Whether a server bundle file holds exactly the code its name hashes (a damaged file is written again). */
function intactBundle(file: string): boolean {
  const named = /server-([0-9a-f]{16})\.mjs$/.exec(file)?.[1];
  try {
    return named !== undefined && hashOf(readFileSync(file, 'utf8')).slice(0, 16) === named;
  } catch {
    return false;
  }
}

async function importServer({ file, pages }: { file: string; pages: TsxPageFile[] }): Promise<ServerModule> {
  let mod: ServerModule;
  try {
    mod = (await import(pathToFileURL(file).href)) as ServerModule;
  } catch (error) {
    throw loadError(error, file);
  }
  bundleIds.set(mod, path.basename(file));
  for (const page of pages) {
    if (!mod.pageInfo[page.id]?.hasDefault) {
      throw new FolioError({
        code: 'PAGE_NO_DEFAULT_EXPORT',
        message: `${path.basename(page.file)} does not export a default React component`,
        location: { file: page.file, line: 1 },
      });
    }
  }
  return mod;
}

/**
 * A page (or a module it imports) that throws while the server bundle loads (`undefinedName;` at
 * the top of a .tsx page): RENDER_FAILED naming that module's file, not an internal error. The
 * module is found from the error's line in the bundle and the `// path` line esbuild writes
 * above each module's code (paths relative to folio's folder; comments of the source are not kept).
 */
function loadError(error: unknown, bundle: string): FolioError {
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  // The bundle's frame: `file:///…/server-….mjs:12716:16` (or its plain path, as a module runner writes it).
  let line = 0;
  for (const name of [`${pathToFileURL(bundle).href}:`, `${bundle}:`]) {
    const found = stack.indexOf(name);
    if (found >= 0 && !line) line = Number(/^\d+/.exec(stack.slice(found + name.length))?.[0] ?? 0);
  }
  let source: string | undefined;
  if (line > 0) {
    try {
      const lines = readFileSync(bundle, 'utf8').split('\n', line);
      for (let i = lines.length - 1; i >= 0 && source === undefined; i--) if (lines[i].startsWith('// ')) source = path.resolve(folioRoot(), lines[i].slice(3));
    } catch {
      // The bundle is gone (a temporary one): the message alone.
    }
  }
  return new FolioError({
    code: 'RENDER_FAILED',
    message: `${source ? 'this module' : 'a .tsx page, or a module one imports,'} threw when it was loaded, before any page rendered: ${message}`,
    location: source ? { file: source } : undefined,
    cause: error,
  });
}
