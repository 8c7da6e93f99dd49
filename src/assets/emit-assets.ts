/**
 * Stage `emitAssets`: the client bundle and the stylesheet (esbuild,
 * content-hashed names), the site data file, and content/static copied as is.
 * Runs before rendering because every page names the hashed files.
 */
import { cpSync, existsSync, lstatSync, mkdirSync, realpathSync, type Stats, writeFileSync } from 'node:fs';
import type { Warning } from '../core/warnings.js';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { esbuild as esbuildApi } from '../core/cjs-packages.js';
import { hashOf } from '../core/hash.js';
import type { BuildContext } from '../core/context.js';
import type { TsxPageFile } from '../content/pages.js';
import { compileError, lazyPagesEntrySource, PAGE_COMPONENT, PAGE_LOADERS, pagesPlugin } from '../render/bundle-pages.js';
import { inputsOf, lookupBundle, storeBundle, type BundleFile } from './bundle-cache.js';
import { lookupPrebuilt, prebuiltKey, storePrebuilt } from './prebuilt.js';
import { folioRoot } from '../core/folio-root.js';
import { cssModulesPlugin } from '../render/css-modules.js';
import { customCssImports, type SiteTheme, siteThemeKey, siteThemePlugin } from '../render/site-theme.js';
import { BLOG_HOST_MODULES, type SiteData } from '../shared/page-data.js';
import { FolioError } from '../errors/folio-error.js';

export interface ClientBundle {
  scripts: string[];
  styles: string[];
  sizes: Record<string, number>;
  /** By `.tsx` page id: its chunk and the chunks that one imports that `scripts` do not hold (preloaded by its page only). */
  pageChunks: Record<string, string[]>;
  /** The same for the blog's templates (templates/blog.ts), preloaded by the pages of CHUNKED_TEMPLATES. */
  templateChunks?: string[];
}

const CLIENT_ENTRY = 'folio-client-entry.tsx';
/** The blog's templates, as the metafile names their entry point (relative to absWorkingDir, folio's root). */
const BLOG_TEMPLATES = 'templates/blog.ts';

/** What every browser bundle (the client, the search chunk, the pages' islands) is built for. */
export const BROWSER_OPTIONS = {
  format: 'esm',
  platform: 'browser',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  jsx: 'automatic',
  minify: true,
  legalComments: 'none',
} as const satisfies esbuild.BuildOptions;

export async function bundleClient({
  ctx,
  pages,
  outDir,
  theme,
}: {
  ctx: BuildContext;
  pages: TsxPageFile[];
  outDir: string;
  theme?: SiteTheme;
}): Promise<ClientBundle> {
  const root = folioRoot();
  const source = `import ${JSON.stringify(path.join(root, 'src/client/shared-modules.ts'))};\nimport { start } from ${JSON.stringify(path.join(root, 'src/client/main.tsx'))};\nimport { pages } from 'folio:pages';\n${customCssImports(theme)}start(pages);\n`;
  const withSearch = ctx.config.search !== false;
  // The pages' files as well as their ids: a copy of the site elsewhere (its cache with it) must not
  // take a bundle whose recorded inputs are the first copy's files.
  const key = hashOf('client', ctx.buildHash, source, lazyPagesEntrySource(pages), ...pages.map((page) => page.file), siteThemeKey(theme), String(withSearch));
  const assetsDir = path.join(outDir, 'assets');
  const cached = lookupBundle<ClientBundle>(ctx.cache, key);
  if (cached) {
    writeBundleFiles(assetsDir, cached.files);
    return cached.extra;
  }
  // A site that bundles nothing of its own takes the default theme's bundles made with folio (prebuilt.ts).
  const prebuilt = prebuiltKey('client', { pages, theme, settings: String(withSearch) });
  const ready = lookupPrebuilt<ClientBundle>('client', prebuilt, ctx.cache);
  if (ready) {
    writeBundleFiles(assetsDir, ready.files);
    return ready.extra;
  }
  try {
    // The search chunk first: the client names it (it loads it with import() when search opens).
    const search = withSearch
      ? await esbuildApi().build({
          ...SEARCH_OPTIONS,
          absWorkingDir: root,
          outdir: assetsDir,
          nodePaths: [path.join(root, 'node_modules')],
          tsconfig: path.join(root, 'src/client/tsconfig.json'),
          entryPoints: { search: path.join(root, 'templates/search/chunk.ts') },
          plugins: [sharedWithClient(root)],
        })
      : undefined;
    const searchFile = search?.outputFiles[0];
    const searchName = searchFile ? path.basename(searchFile.path) : '';
    // The entry is passed in memory: a file in the cache folder raced with other builds of the same
    // site writing it at the same moment (esbuild could read it half-written).
    const result = await esbuildApi().build({
      stdin: { contents: source, resolveDir: root, loader: 'tsx', sourcefile: CLIENT_ENTRY },
      // Paths in the metafile (and any comment) are relative to folio, not to where folio was started.
      absWorkingDir: root,
      bundle: true,
      write: false,
      outdir: assetsDir,
      entryNames: 'client-[hash]',
      // Behaviour only some pages need (`@theme/Tabs`) is a chunk of its own, loaded by import().
      splitting: true,
      chunkNames: 'chunk-[hash]',
      assetNames: 'media/[name]-[hash]',
      ...BROWSER_OPTIONS,
      define: { 'process.env.NODE_ENV': '"production"', __FOLIO_SEARCH_CHUNK__: JSON.stringify(searchName) },
      loader: { ...PAGE_LOADERS, '.woff2': 'file' },
      // Imported images are named by absolute URL: the same in the server render and the browser.
      ...(theme ? { publicPath: theme.assetsUrl } : {}),
      metafile: true,
      logLevel: 'silent',
      plugins: [
        ...sharedReact(root, theme),
        ...blogChunkFromEntry(root, theme),
        pagesPlugin(pages, { lazy: true }),
        siteThemePlugin(theme),
        cssModulesPlugin({ emitCss: true }),
      ],
      nodePaths: [path.join(root, 'node_modules')],
      tsconfig: path.join(root, 'src/client/tsconfig.json'),
    });
    const sizes: Record<string, number> = {};
    const scripts: string[] = [];
    const styles: string[] = [];
    const css: string[] = [];
    const urlOf = (file: string) => `/${path.relative(outDir, path.resolve(root, file)).split(path.sep).join('/')}`;
    for (const [file, info] of Object.entries(result.metafile.outputs)) {
      const url = urlOf(file);
      sizes[url] = info.bytes;
      // The entry and the chunks it imports statically (esbuild's shared runtime helpers); chunks
      // loaded by import() (an entry point too, in the metafile) are fetched only when needed.
      if (file.endsWith('.js') && info.entryPoint === CLIENT_ENTRY) {
        scripts.push(url, ...info.imports.filter((item) => item.kind === 'import-statement' && !item.external).map((item) => urlOf(item.path)));
      }
      if (file.endsWith('.css')) css.push(file);
    }
    // A page chunk's stylesheet repeats what the entry's already holds (esbuild puts the CSS of
    // import() targets in both): only a stylesheet with CSS of its own is linked.
    const entryCssFile = Object.values(result.metafile.outputs).find((info) => info.entryPoint === CLIENT_ENTRY && info.cssBundle)?.cssBundle;
    const entryCss = new Set(entryCssFile ? Object.keys(result.metafile.outputs[entryCssFile].inputs) : []);
    for (const file of css) {
      if (file === entryCssFile || Object.keys(result.metafile.outputs[file].inputs).some((input) => !entryCss.has(input))) styles.push(urlOf(file));
      else delete sizes[urlOf(file)];
    }
    const { pageChunks, templateChunks } = lazyChunksOf({ metafile: result.metafile, pages, scripts, urlOf });
    if (searchFile) sizes[`/assets/${searchName}`] = searchFile.contents.length;
    // The repeated stylesheets are not written either.
    const written = result.outputFiles.filter((file) => !file.path.endsWith('.css') || styles.includes(urlOf(file.path)));
    const files = [...written, ...(searchFile ? [searchFile] : [])].map((file) => ({
      path: path.relative(assetsDir, file.path),
      contents: Buffer.from(file.contents).toString('base64'),
    }));
    writeBundleFiles(assetsDir, files);
    const bundle = { scripts, styles, sizes, pageChunks, templateChunks };
    const inputs = [
      ...new Set([...inputsOf(result.metafile, { cwd: root, virtual: [CLIENT_ENTRY] }), ...(search ? inputsOf(search.metafile, { cwd: root }) : [])]),
    ].sort();
    storeBundle({ cache: ctx.cache, key, inputs, files, extra: bundle });
    storePrebuilt('client', prebuilt, { inputs, files, extra: bundle });
    return bundle;
  } catch (error) {
    throw compileError(error);
  }
}

/**
 * Each `.tsx` page's chunk, and the blog templates' (entry points of the metafile, as import()
 * targets are), each with the chunks it imports statically, less those every page loads already:
 * what the pages that need them preload (document.ts).
 */
function lazyChunksOf({
  metafile,
  pages,
  scripts,
  urlOf,
}: {
  metafile: esbuild.Metafile;
  pages: TsxPageFile[];
  scripts: string[];
  urlOf: (file: string) => string;
}): { pageChunks: Record<string, string[]>; templateChunks: string[] } {
  const byEntry = new Map<string, string>();
  for (const [file, info] of Object.entries(metafile.outputs)) if (info.entryPoint && file.endsWith('.js')) byEntry.set(info.entryPoint, file);
  const chunksOf = (first: string | undefined): string[] | undefined => {
    if (!first) return undefined;
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file) || scripts.includes(urlOf(file))) return;
      seen.add(file);
      for (const item of metafile.outputs[file]?.imports ?? []) if (item.kind === 'import-statement' && !item.external) visit(item.path);
    };
    visit(first);
    return [...seen].map(urlOf);
  };
  const pageChunks: Record<string, string[]> = {};
  for (const page of pages) {
    // A page's chunk is the entry point of its virtual component module (bundle-pages.ts).
    const chunks = chunksOf(byEntry.get(`${PAGE_COMPONENT}${page.id}`));
    if (chunks) pageChunks[page.id] = chunks;
  }
  return { pageChunks, templateChunks: chunksOf(byEntry.get(BLOG_TEMPLATES)) ?? [] };
}

/**
 * The search chunk (templates/search/chunk.ts): the dialog, the /search page's results and the
 * engine, fetched only when search opens. A bundle of its own rather than an esbuild split: a
 * split moves React into a shared chunk and costs the first visit ~2 kB. It uses the client's
 * React instead of its own copy (sharedWithClient), so it stays small and its components live in
 * the client's React tree (they get the site's settings as props: no shared context object).
 */
const SEARCH_OPTIONS = {
  ...BROWSER_OPTIONS,
  bundle: true,
  write: false,
  entryNames: '[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  logLevel: 'silent',
} as const satisfies esbuild.BuildOptions;

/** What the search chunk takes from the client (templates/search/load.ts puts them on globalThis.__folioShared). */
const SHARED: Record<string, string> = { react: 'react', 'react/jsx-runtime': 'jsx' };

function sharedWithClient(root: string): esbuild.Plugin {
  return {
    name: 'folio-search-shared',
    setup(build) {
      build.onResolve({ filter: /^react(\/jsx-runtime)?$/ }, (args) => ({ path: SHARED[args.path], namespace: 'folio-shared' }));
      build.onLoad({ filter: /.*/, namespace: 'folio-shared' }, (args) => ({
        contents: `module.exports = globalThis.__folioShared.${args.path};`,
        loader: 'js',
      }));
    },
  };
}

/**
 * The site's modules (`.tsx` pages, their components, theme overrides) and folio's Docusaurus
 * components they use take React from the client (src/client/shared-modules.ts) instead of
 * importing it: a page chunk that imported React would make esbuild move React, and the JSX
 * runtime, out of the entry into a shared chunk that every first visit fetches besides.
 */
function sharedReact(root: string, theme: SiteTheme | undefined): esbuild.Plugin[] {
  // The site's theme files run with the entry (they replace its components): a module they share
  // with a page would sit in a chunk that runs before the entry has handed React over. Such a
  // site imports React as usual (esbuild may then put React in a shared chunk).
  if (theme && Object.keys(theme.overrides).length > 0) return [];
  const own = [path.join(root, 'src'), path.join(root, 'templates')];
  // Not packages: one that folio's templates use too would share the borrowing module with the entry.
  const borrows = (importer: string) =>
    !importer.includes(`${path.sep}node_modules${path.sep}`) &&
    (importer.startsWith(path.join(root, 'templates', 'docusaurus') + path.sep) || !own.some((dir) => importer.startsWith(dir + path.sep)));
  const plugin: esbuild.Plugin = {
    name: 'folio-shared-react',
    setup(build) {
      build.onResolve({ filter: /^react(\/jsx-runtime)?$/ }, (args) =>
        args.importer && borrows(args.importer) ? { path: SHARED[args.path], namespace: 'folio-shared-react' } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'folio-shared-react' }, (args) => borrowedReact(args.path));
    },
  };
  return [plugin];
}

/** The blog's own modules: templates/blog.ts and the components only the blog's templates use. */
const BLOG_MODULES = [
  'blog.ts',
  'BlogArchivePage.tsx',
  'BlogAuthorsPage.tsx',
  'BlogListPage.tsx',
  'BlogPostPage.tsx',
  'BlogTagsPage.tsx',
  'BlogLayout.tsx',
  'BlogSidebar.tsx',
  'AuthorCard.tsx',
  'AuthorAvatar.tsx',
  'PostMeta.tsx',
  'TagList.tsx',
];

/**
 * The blog chunk (templates/blog.ts) takes the modules it shares with the client entry from the
 * entry (templates/client-registry.ts hands them over on globalThis.__folioShared.theme, keyed by
 * their path in folio), as the search chunk takes React: left to esbuild, those modules and React
 * would move out of the entry into a chunk of their own that every first visit fetches besides
 * (+0.6 kB gzip for the split, and the blog chunk's bytes saved only in part). A module the entry
 * does not hand over is an error of folio's build, named. A site with theme files of its own gets
 * esbuild's split (its files may replace any of these modules).
 */
function blogChunkFromEntry(root: string, theme: SiteTheme | undefined): esbuild.Plugin[] {
  if (theme && Object.keys(theme.overrides).length > 0) return [];
  const own = new Set(BLOG_MODULES.map((file) => path.join(root, 'templates', file)));
  const handed = new Set<string>(BLOG_HOST_MODULES);
  const plugin: esbuild.Plugin = {
    name: 'folio-blog-chunk',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (!own.has(args.importer) || args.pluginData?.blogChunk) return undefined;
        // A module of its own (not sharedReact's, which the site's page chunks use): one module in
        // both would be split into a chunk the home page fetches besides.
        if (args.path === 'react' || args.path === 'react/jsx-runtime') return { path: SHARED[args.path], namespace: 'folio-blog-react' };
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { blogChunk: true },
        });
        if (resolved.errors.length > 0 || own.has(resolved.path)) return undefined;
        const name = path.relative(root, resolved.path).split(path.sep).join('/');
        if (!handed.has(name))
          return { errors: [{ text: `the blog chunk imports ${name}, which templates/client-registry.ts does not hand over (BLOG_HOST_MODULES)` }] };
        return { path: name, namespace: 'folio-blog-host' };
      });
      build.onLoad({ filter: /.*/, namespace: 'folio-blog-react' }, (args) => borrowedReact(args.path));
      build.onLoad({ filter: /.*/, namespace: 'folio-blog-host' }, (args) => ({
        contents: `module.exports = globalThis.__folioShared.theme[${JSON.stringify(args.path)}];\n`,
        loader: 'js',
      }));
    },
  };
  return [plugin];
}

/** React or its JSX runtime (`SHARED`'s names) as the client hands them over, for a module that borrows them. */
function borrowedReact(name: string): esbuild.OnLoadResult {
  return {
    // The JSX runtime as ESM (no CommonJS wrapper in every page chunk); React's many names through CommonJS.
    contents:
      name === 'jsx'
        ? 'const s = globalThis.__folioShared.jsx;\nexport const jsx = s.jsx, jsxs = s.jsxs, Fragment = s.Fragment;\n'
        : 'module.exports = globalThis.__folioShared.react;\n',
    loader: 'js',
  };
}

function writeBundleFiles(dir: string, files: BundleFile[]): void {
  for (const file of files) {
    const target = path.join(dir, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, Buffer.from(file.contents, 'base64'));
  }
}

/** The site data file's content and hashed name (`assets/site-<hash>.json`). Pure. */
export function siteDataFile(site: SiteData): { name: string; json: string } {
  const json = JSON.stringify(site);
  return { name: `assets/site-${hashOf(json).slice(0, 8)}.json`, json };
}

export function writeSiteData({ site, outDir }: { site: SiteData; outDir: string }): string {
  const { name, json } = siteDataFile(site);
  mkdirSync(path.join(outDir, 'assets'), { recursive: true });
  writeFileSync(path.join(outDir, name), json);
  return `/${name}`;
}

/**
 * Copies the static folder into the output. Symbolic links are followed (a link in the output
 * would let the pages written after it land wherever it points), but only to targets inside the
 * site root; a link that points out of the site, or back up into a folder it sits in, is left out
 * with a warning.
 */
export function copyStatic({ staticDir, outDir, root, warn }: { staticDir: string; outDir: string; root: string; warn: (warning: Warning) => void }): void {
  if (!existsSync(staticDir)) return;
  try {
    cpSync(staticDir, outDir, { recursive: true, dereference: true, filter: (source) => staticSourceAllowed(source, { root, warn }) });
  } catch (error) {
    throw staticCollision(error, { staticDir, outDir }) ?? error;
  }
}

/**
 * A file of the static folder where the output has a folder (a page's, made before the copy), or a
 * folder where it has a file: said with the static path and the URL, not the temporary folder's.
 */
function staticCollision(error: unknown, { staticDir, outDir }: { staticDir: string; outDir: string }): FolioError | undefined {
  const { code, path: target } = error as { code?: string; path?: string };
  if ((code !== 'ERR_FS_CP_NON_DIR_TO_DIR' && code !== 'ERR_FS_CP_DIR_TO_NON_DIR') || typeof target !== 'string') return undefined;
  const relative = path.relative(outDir, target);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const url = `/${relative.split(path.sep).join('/')}`;
  const source = path.join(staticDir, relative);
  return new FolioError({
    code: 'FS_NOT_A_FOLDER',
    message:
      code === 'ERR_FS_CP_NON_DIR_TO_DIR'
        ? `the static file ${url} is where the output needs a folder (a page or the site's files live under ${url}/)`
        : `the static folder ${url} is where the output has a file of its own`,
    location: { file: source },
    cause: error,
  });
}

/** Whether a file of the static folder may be published: not a link out of the site or a loop. */
export function staticSourceAllowed(source: string, { root, warn }: { root: string; warn: (warning: Warning) => void }): boolean {
  let stats: Stats;
  try {
    stats = lstatSync(source);
  } catch {
    return false;
  }
  if (!stats.isSymbolicLink()) return true;
  let real: string;
  try {
    real = realpathSync(source);
  } catch {
    warn({ code: 'STATIC_LINK_SKIPPED', message: 'a symbolic link whose target does not exist; left out of the output', location: { file: source } });
    return false;
  }
  const realRoot = realpathSync(root);
  const inside = real === realRoot || real.startsWith(`${realRoot}${path.sep}`);
  const parent = realpathSync(path.dirname(source));
  const loop = parent === real || parent.startsWith(`${real}${path.sep}`);
  if (inside && !loop) return true;
  warn({
    code: 'STATIC_LINK_SKIPPED',
    message: `a symbolic link to ${real} ${inside ? 'points back into a folder it sits in' : 'points out of the site'}; left out of the output`,
    location: { file: source },
  });
  return false;
}
