/**
 * Docusaurus compatibility of MDX bodies: the theme components a Docusaurus page imports
 * (`@theme/Tabs`, `@docusaurus/Link`, `@site/…`) resolve to folio's own implementations
 * (`templates/docusaurus/`, compiled to `dist/theme/` by scripts/build-self.mjs), the page
 * gets Docusaurus's `toc` export, and `@theme/CodeBlock` placeholders become highlighted blocks.
 */
import { esbuild as esbuildApi } from '../core/cjs-packages.js';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Element, Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import type { Cache } from '../core/cache.js';
import { folioRoot } from '../core/folio-root.js';
import { isInside, realOrSelf } from '../core/site-paths.js';
import { FolioError } from '../errors/index.js';
import type { SourceRef } from './hast-transforms.js';
import { highlightCode } from './hast-transforms.js';
import type { Highlighting } from './highlight.js';
import type { Heading } from './mdast-transforms.js';

/** What the MDX components read about the site (`useDocusaurusContext`, `useBaseUrl`); JSON, so it reaches workers. */
export interface MdxSiteInfo {
  /** The site root: `@site/…` imports resolve inside it. */
  root: string;
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  customFields: Record<string, unknown>;
  /** The site's theme files (`theme/Name.tsx`, `src/theme/Name.tsx`) by component name, incl. MDXComponents. */
  theme?: Record<string, string>;
  /** Changes when one of those files does: part of the compile cache key, and serve recompiles. */
  themeKey?: string;
}

/** Docusaurus module → folio's module of that name under dist/theme/. */
export const THEME_MODULES: Record<string, string> = {
  '@theme/Tabs': 'Tabs',
  '@theme/TabItem': 'TabItem',
  '@theme/CodeBlock': 'CodeBlock',
  '@theme/Admonition': 'Admonition',
  '@theme/TOCInline': 'TOCInline',
  '@theme/Details': 'Details',
  '@docusaurus/Link': 'Link',
  '@docusaurus/useBaseUrl': 'useBaseUrl',
  '@docusaurus/useDocusaurusContext': 'useDocusaurusContext',
  '@docusaurus/BrowserOnly': 'BrowserOnly',
  '@theme/MDXComponents': 'MDXComponents',
  '@theme/Layout': 'Layout',
  '@docusaurus/Head': 'Head',
};

export function themeModuleUrl(name: string): string {
  return pathToFileURL(path.join(folioRoot(), 'dist', 'theme', `${name}.mjs`)).href;
}

export type ImportResolution = { url: string } | { siteFile: string } | { problem: string } | undefined;

/**
 * Where a Docusaurus specifier points: a folio module, a file of the site, or a problem to
 * report (a component folio does not provide, a path out of the site). Other specifiers:
 * undefined (Node resolves them).
 */
export function resolveDocusaurusImport(specifier: string, site: Pick<MdxSiteInfo, 'root' | 'theme'> | undefined): ImportResolution {
  // Own keys only: `@theme/constructor` or `@theme/__proto__` must not reach Object.prototype.
  const override = specifier.startsWith('@theme/') ? ownValue(site?.theme, specifier.slice('@theme/'.length)) : undefined;
  if (override) return { siteFile: override };
  const original = specifier.replace(/^@theme-original\//, '@theme/');
  const name = ownValue(THEME_MODULES, original);
  if (name) return { url: themeModuleUrl(name) };
  if (/^@(theme|theme-original|theme-init|docusaurus)\//.test(specifier)) {
    const provided = Object.keys(THEME_MODULES).join(', ');
    return {
      problem: `folio does not provide the Docusaurus module ${specifier} (it provides ${provided}); write it in the site as src/theme/${path.basename(specifier)}.tsx (or theme/), or import a component of your own with a relative path`,
    };
  }
  if (specifier.startsWith('@site/')) {
    if (!site) return { problem: 'an @site/ import needs the site root, which this page does not have' };
    const root = realOrSelf(site.root);
    const target = path.resolve(root, specifier.slice('@site/'.length));
    const real = realOrSelf(target);
    if (!isInside(root, target) || !isInside(root, real)) return { problem: `${specifier} points out of the site root` };
    return { url: pathToFileURL(target).href };
  }
  return undefined;
}

type EsmNode = { type: string; data?: { estree?: { body?: { source?: { value?: unknown; raw?: string } | null }[] } } };

/** A remark plugin: the import specifiers of the MDX's ESM, rewritten to the URLs above. */
export function remarkDocusaurusImports(site: MdxSiteInfo | undefined) {
  return () => async (tree: MdastRoot) => {
    for (const node of tree.children as EsmNode[]) {
      if (node.type !== 'mdxjsEsm') continue;
      for (const statement of node.data?.estree?.body ?? []) {
        const source = statement.source;
        if (!source || typeof source.value !== 'string') continue;
        const resolved = resolveDocusaurusImport(source.value, site);
        const url =
          resolved && 'url' in resolved ? resolved.url : resolved && 'siteFile' in resolved && site ? await siteModuleUrl(resolved.siteFile, site) : undefined;
        if (url) {
          source.value = url;
          source.raw = JSON.stringify(url);
        }
      }
    }
  };
}

/** Compiled site theme modules by file and theme key (one compile per process, or worker). */
const siteModules = new Map<string, Promise<string>>();

/**
 * A site's theme file (`theme/Tabs.tsx`, `theme/MDXComponents.tsx`) compiled for Node as a `data:`
 * module URL: its own imports are bundled, and what it imports from packages, folio's modules
 * (`@theme-original/Tabs`) and the site (`@site/…`) is named by absolute file URL, so React and
 * the theme's context are the very modules the MDX body uses. Nothing is written to disk.
 */
export function siteModuleUrl(file: string, site: MdxSiteInfo): Promise<string> {
  const key = `${file}\0${site.themeKey ?? ''}`;
  let url = siteModules.get(key);
  if (!url) {
    url = bundleSiteModule(file, site);
    siteModules.set(key, url);
    url.catch(() => siteModules.delete(key));
  }
  return url;
}

async function bundleSiteModule(file: string, site: MdxSiteInfo): Promise<string> {
  const esbuild = esbuildApi();
  const fromFolio = createRequire(path.join(folioRoot(), 'package.json'));
  const fromSite = createRequire(path.join(site.root, 'package.json'));
  let result: import('esbuild').BuildResult & { outputFiles: import('esbuild').OutputFile[] };
  try {
    result = await buildSiteModule(esbuild, file, site, fromFolio, fromSite);
  } catch (error) {
    // The site's file does not compile: name it and the line, as for a page (PAGE_COMPILE).
    const first = (error as import('esbuild').BuildFailure).errors?.[0];
    throw new FolioError({
      code: 'PAGE_COMPILE',
      message: first?.text ?? String((error as Error)?.message ?? error),
      location: {
        file: first?.location?.file ? path.resolve(site.root, first.location.file) : file,
        line: first?.location?.line,
        column: first?.location ? first.location.column + 1 : undefined,
      },
      excerpt: first?.location?.lineText,
      cause: error,
    });
  }
  const code = result.outputFiles[0].text;
  return `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
}

function buildSiteModule(
  esbuild: typeof import('esbuild'),
  file: string,
  site: MdxSiteInfo,
  fromFolio: NodeJS.Require,
  fromSite: NodeJS.Require,
): Promise<import('esbuild').BuildResult & { outputFiles: import('esbuild').OutputFile[] }> {
  return esbuild.build({
    absWorkingDir: site.root,
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    logLevel: 'silent',
    loader: { '.css': 'empty', '.png': 'dataurl', '.jpg': 'dataurl', '.svg': 'dataurl', '.webp': 'dataurl', '.gif': 'dataurl' },
    plugins: [
      {
        name: 'folio-site-module',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            const specifier = args.path;
            if (specifier.startsWith('node:')) return { path: specifier, external: true };
            const resolved = resolveDocusaurusImport(specifier, { root: site.root, theme: overridesOtherThan(site.theme, args.importer) });
            if (resolved && 'problem' in resolved) return { errors: [{ text: `import "${specifier}" does not resolve: ${resolved.problem}` }] };
            if (resolved && 'siteFile' in resolved) return { path: resolved.siteFile };
            if (resolved && 'url' in resolved)
              return resolved.url.startsWith(pathToFileURL(folioRoot()).href) ? { path: resolved.url, external: true } : { path: fileURLToPath(resolved.url) };
            for (const require of [fromFolio, fromSite]) {
              try {
                return { path: pathToFileURL(require.resolve(specifier)).href, external: true };
              } catch {
                // Not installed there.
              }
            }
            return undefined;
          });
        },
      },
    ],
  });
}

/** The site's overrides without the file importing (its `@theme/Name` is folio's original). */
function overridesOtherThan(theme: Record<string, string> | undefined, importer: string): Record<string, string> {
  return Object.fromEntries(Object.entries(theme ?? {}).filter(([, file]) => file !== importer));
}

/** The components of the site's `MDXComponents` (default export), or folio's own. */
export async function mdxComponentsOf(site: MdxSiteInfo | undefined): Promise<Record<string, unknown> | undefined> {
  const file = site?.theme?.MDXComponents;
  if (!site || !file) return undefined;
  const module = (await import(await siteModuleUrl(file, site))) as { default?: Record<string, unknown> };
  return module.default && typeof module.default === 'object' ? module.default : undefined;
}

/** Whether the MDX's ESM already declares `toc` (then folio adds none). */
function declaresToc(tree: MdastRoot): boolean {
  return tree.children.some((node) => node.type === 'mdxjsEsm' && /\btoc\b/.test(node.value));
}

/** A JSON value as an estree expression. */
function toEstree(value: unknown): unknown {
  if (Array.isArray(value)) return { type: 'ArrayExpression', elements: value.map(toEstree) };
  if (value && typeof value === 'object') {
    return {
      type: 'ObjectExpression',
      properties: Object.entries(value).map(([key, item]) => ({
        type: 'Property',
        kind: 'init',
        method: false,
        shorthand: false,
        computed: false,
        key: { type: 'Literal', value: key, raw: JSON.stringify(key) },
        value: toEstree(item),
      })),
    };
  }
  return { type: 'Literal', value, raw: JSON.stringify(value) };
}

/** Appends `export const toc = [{ value, id, level }, …]` (Docusaurus's shape) to an MDX tree. */
export function addTocExport(tree: MdastRoot, headings: Heading[]): void {
  if (declaresToc(tree)) return;
  const toc = headings.map((heading) => ({ value: heading.text, id: heading.id, level: heading.depth }));
  const estree = {
    type: 'Program',
    sourceType: 'module',
    comments: [],
    body: [
      {
        type: 'ExportNamedDeclaration',
        specifiers: [],
        source: null,
        declaration: {
          type: 'VariableDeclaration',
          kind: 'const',
          declarations: [{ type: 'VariableDeclarator', id: { type: 'Identifier', name: 'toc' }, init: toEstree(toc) }],
        },
      },
    ],
  };
  tree.children.push({ type: 'mdxjsEsm', value: '', data: { estree } } as never);
}

type JsxNode = {
  type: string;
  name?: string | null;
  attributes?: { type: string; name?: string; value?: unknown }[];
  position?: { start: { line: number; column: number } };
  children?: JsxNode[];
};

/**
 * The literal `to`/`href` of each `<Link>` in the body, as links of the page: they are resolved
 * (base URL, `.md` files) and checked like markdown links. Run on the HTML tree before evaluation.
 */
export function collectLinkElements(tree: HastRoot, lineOffset: number): SourceRef[] {
  const refs: SourceRef[] = [];
  const visit = (node: JsxNode) => {
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'Link') {
      const attribute = node.attributes?.find((item) => item.type === 'mdxJsxAttribute' && (item.name === 'to' || item.name === 'href'));
      if (typeof attribute?.value === 'string') {
        refs.push({ href: attribute.value, line: (node.position?.start.line ?? 0) + lineOffset, column: node.position?.start.column ?? 0 });
      }
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree as unknown as JsxNode);
  return refs;
}

const PLACEHOLDER = /<pre data-folio-code="([^"]*)">([^<]*)<\/pre>/g;

function decodeEntities(text: string): string {
  return text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/gi, (whole, hex: string, dec: string, name: string) => {
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
    if (dec) return String.fromCodePoint(Number.parseInt(dec, 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name.toLowerCase()] ?? whole;
  });
}

/** Replaces the `@theme/CodeBlock` placeholders of rendered HTML with highlighted blocks (as fenced code). */
export async function highlightCodeBlocks(
  html: string,
  {
    highlighter,
    cache,
    cacheSalt,
    toHtml,
  }: { highlighter: Highlighting; cache?: Cache; cacheSalt: string; toHtml: (tree: HastRoot, options: { allowDangerousHtml: boolean }) => string },
): Promise<string> {
  if (!html.includes('data-folio-code')) return html;
  const blocks: { whole: string; lang: string; meta: string; code: string }[] = [];
  for (const [whole, attribute, code] of html.matchAll(PLACEHOLDER)) {
    const { lang, meta } = JSON.parse(decodeEntities(attribute)) as { lang: string; meta: string };
    blocks.push({ whole, lang, meta, code: decodeEntities(code) });
  }
  const tree: HastRoot = {
    type: 'root',
    children: blocks.map(
      ({ lang, meta, code }): Element => ({
        type: 'element',
        tagName: 'pre',
        properties: {},
        children: [
          {
            type: 'element',
            tagName: 'code',
            properties: lang ? { className: [`language-${lang}`] } : {},
            data: { meta } as never,
            children: [{ type: 'text', value: code.replace(/\n$/, '') }],
          },
        ],
      }),
    ),
  };
  await highlightCode({ tree, highlighter, cache, cacheSalt });
  let index = 0;
  const rendered = tree.children.map((child) => toHtml({ type: 'root', children: [child] }, { allowDangerousHtml: true }));
  return html.replace(PLACEHOLDER, () => rendered[index++]);
}

function ownValue(record: Record<string, string> | undefined, key: string): string | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}
