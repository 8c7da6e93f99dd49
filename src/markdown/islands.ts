/**
 * `@docusaurus/BrowserOnly` islands. An MDX body is HTML rendered at build time, so what
 * `<BrowserOnly>{() => …}</BrowserOnly>` wraps cannot run there. At compile time each such
 * element whose child is a function expression becomes an island: the function, with the
 * imports and page declarations it names, is bundled for the browser (esbuild) into one module
 * per page, `assets/island-<hash>.js`; the element is rendered as a marker
 * (`data-folio-island="island-<hash>.js#<n>"`) around the fallback, which is what a reader
 * without JavaScript sees. In the browser `src/client/islands.ts` mounts the function's result
 * in place of the fallback (`src/client/island-mount.tsx`).
 *
 * The module borrows the client's React (`globalThis.__folioShared`, src/client/shared-modules.ts):
 * one React on the page. Its imports resolve as the page's do (relative to the file, `@site/`,
 * `@theme/` with the site's overrides) and may only read files of the site, of folio, or of
 * installed packages.
 */
import { esbuild as esbuildApi } from '../core/cjs-packages.js';
import path from 'node:path';
import type { Root as MdastRoot } from 'mdast';
import { folioRoot } from '../core/folio-root.js';
import { isInside, realOrSelf } from '../core/site-paths.js';
import { hashOf } from '../core/hash.js';
import { FolioError, lineOf } from '../errors/index.js';
import type { MdxSiteInfo } from './docusaurus.js';

/** A browser module of a page's islands, written to the output as `path`. */
export interface IslandFile {
  /** URL path in the output, e.g. `/assets/island-1a2b3c4d5e6f.js`. */
  path: string;
  code: string;
}

const BROWSER_ONLY = '@docusaurus/BrowserOnly';

/* Minimal estree shapes (the trees remark-mdx attaches to ESM and expressions). */
type Node = { type: string; [key: string]: unknown };
type Identifier = Node & { name: string };
type ImportDeclaration = Node & {
  specifiers: (Node & { local: Identifier; imported?: Identifier & { value?: string } })[];
  source: { value: string };
};
type Program = Node & { body: Node[] };
type MdxNode = {
  type: string;
  name?: string | null;
  value?: string;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: MdxNode[];
  data?: { estree?: Program };
  position?: { start: { line: number; column: number } };
};

interface Found {
  element: MdxNode;
  expression: Node;
  inline: boolean;
}

export interface IslandOptions {
  /** The MDX file (imports resolve relative to it; errors name it). */
  file: string;
  /** Lines of front matter above the body. */
  bodyLineOffset: number;
  /** Full file text, for error excerpts. */
  source: string;
  site: MdxSiteInfo | undefined;
  /** Receives the page's island module, when it has islands. */
  emit(file: IslandFile): void;
}

/**
 * A remark plugin (run before the import rewrite of docusaurus.ts): finds the islands of the
 * body, bundles them, and marks each `<BrowserOnly>` with its island (`__folioIsland`), which
 * `templates/docusaurus/BrowserOnly.tsx` renders as the marker around the fallback.
 */
export function remarkIslands(options: IslandOptions) {
  return () => async (tree: MdastRoot) => {
    const statements = esmStatements(tree);
    const locals = browserOnlyNames(statements);
    if (locals.size === 0) return;
    const found: Found[] = [];
    const visit = (node: MdxNode) => {
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && locals.has(node.name)) {
        const expression = childFunction(node);
        if (expression) found.push({ element: node, expression, inline: node.type === 'mdxJsxTextElement' });
      }
      for (const child of node.children ?? []) visit(child);
    };
    visit(tree as unknown as MdxNode);
    if (found.length === 0) return;
    const { source, names } = await islandSource(found, statements, options);
    const code = await bundleIsland(
      source,
      found.map(({ element }) => element),
      options,
    );
    serverOnly(tree, found, names);
    const name = `island-${hashOf(code).slice(0, 12)}.js`;
    options.emit({ path: `/assets/${name}`, code });
    found.forEach(({ element, inline }, index) => {
      element.attributes ??= [];
      element.attributes.push({ type: 'mdxJsxAttribute', name: '__folioIsland', value: `${name}#${index}` });
      if (inline) element.attributes.push({ type: 'mdxJsxAttribute', name: '__folioInline', value: null });
    });
  };
}

/**
 * What the build renders of the page without its islands: each function becomes `() => null`
 * (the build never calls it; BrowserOnly renders the fallback), and an import only islands
 * use is left out, so a module written for the browser (JSX in a `.jsx` file, `window` at its
 * top level) is never loaded in Node.
 */
function serverOnly(tree: MdastRoot, found: Found[], islandNames: Set<string>): void {
  for (const { element } of found) {
    const child = expressionChild(element)!;
    const statement = child.data!.estree!.body[0] as Node & { expression: Node };
    statement.expression = {
      type: 'ArrowFunctionExpression',
      params: [],
      body: { type: 'Literal', value: null, raw: 'null' },
      expression: true,
      async: false,
      generator: false,
    };
    child.value = '() => null';
  }
  const used = new Set<string>();
  const visit = (node: MdxNode) => {
    if (node.type === 'mdxjsEsm') {
      for (const statement of node.data?.estree?.body ?? [])
        if (statement.type !== 'ImportDeclaration') for (const name of namesOf(statement).used) used.add(name);
    } else if (node.data?.estree) for (const name of namesOf(node.data.estree).used) used.add(name);
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name) used.add(node.name.split('.')[0]);
    for (const attribute of node.attributes ?? []) {
      const estree = (attribute.value as { data?: { estree?: Program } } | null)?.data?.estree ?? (attribute as { data?: { estree?: Program } }).data?.estree;
      if (estree) for (const name of namesOf(estree).used) used.add(name);
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree as unknown as MdxNode);
  for (const node of tree.children as MdxNode[]) {
    const program = node.type === 'mdxjsEsm' ? node.data?.estree : undefined;
    if (!program) continue;
    program.body = program.body.filter((statement) => {
      if (statement.type !== 'ImportDeclaration') return true;
      const declaration = statement as ImportDeclaration;
      if (declaration.specifiers.length === 0) return true;
      declaration.specifiers = declaration.specifiers.filter((specifier) => used.has(specifier.local.name) || !islandNames.has(specifier.local.name));
      return declaration.specifiers.length > 0;
    });
  }
}

/** The statements of the page's ESM blocks, in order. */
function esmStatements(tree: MdastRoot): Node[] {
  const statements: Node[] = [];
  for (const node of tree.children as MdxNode[]) if (node.type === 'mdxjsEsm') statements.push(...(node.data?.estree?.body ?? []));
  return statements;
}

/** The local names `@docusaurus/BrowserOnly`'s default export goes by in this page. */
function browserOnlyNames(statements: Node[]): Set<string> {
  const names = new Set<string>();
  for (const statement of statements) {
    if (statement.type !== 'ImportDeclaration') continue;
    const declaration = statement as ImportDeclaration;
    if (declaration.source.value !== BROWSER_ONLY) continue;
    for (const specifier of declaration.specifiers) {
      const imported = specifier.imported?.name ?? specifier.imported?.value;
      if (specifier.type === 'ImportDefaultSpecifier' || imported === 'default') names.add(specifier.local.name);
    }
  }
  return names;
}

/** The expression node a `<BrowserOnly>` wraps (its only child other than white space), if any. */
function expressionChild(element: MdxNode): MdxNode | undefined {
  let children = (element.children ?? []).filter((child) => !(child.type === 'text' && !child.value?.trim()));
  // `<BrowserOnly>` on lines of its own with `{() => …}` inside a paragraph.
  if (children.length === 1 && children[0].type === 'paragraph')
    children = (children[0].children ?? []).filter((child) => !(child.type === 'text' && !child.value?.trim()));
  if (children.length !== 1) return undefined;
  const child = children[0];
  return child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression' ? child : undefined;
}

/** The function expression a `<BrowserOnly>` wraps, if any. */
function childFunction(element: MdxNode): Node | undefined {
  const child = expressionChild(element);
  const statement = child?.data?.estree?.body?.[0] as (Node & { expression?: Node }) | undefined;
  const expression = statement?.type === 'ExpressionStatement' ? statement.expression : undefined;
  return expression && (expression.type === 'ArrowFunctionExpression' || expression.type === 'FunctionExpression') ? expression : undefined;
}

/** Every identifier an estree node names (not property keys), and the names it declares itself. */
function namesOf(node: unknown, names = { used: new Set<string>(), declared: new Set<string>(), components: new Map<string, Node>() }) {
  const walk = (value: unknown, parent?: Node, key?: string) => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, parent, key);
      return;
    }
    const item = value as Node;
    if (typeof item.type !== 'string') return;
    if (item.type === 'Identifier') {
      const name = (item as Identifier).name;
      const isKey =
        parent &&
        ((parent.type === 'MemberExpression' && key === 'property' && !parent.computed) ||
          (parent.type === 'Property' && key === 'key' && !parent.computed && !parent.shorthand));
      if (!isKey) names.used.add(name);
    }
    if (item.type === 'JSXOpeningElement') {
      let tag = item.name as Node;
      while (tag.type === 'JSXMemberExpression') tag = tag.object as Node;
      const name = (tag as Identifier).name;
      // A capitalised tag (or a member expression) is a component: a variable, not an HTML element.
      if (tag.type === 'JSXIdentifier' && (/^[A-Z]/.test(name) || item.name !== tag)) {
        names.used.add(name);
        if (!names.components.has(name)) names.components.set(name, item);
      }
    }
    if (item.type === 'VariableDeclarator') declare(item.id, names.declared);
    if ((item.type === 'FunctionDeclaration' || item.type === 'ClassDeclaration') && item.id) declare(item.id, names.declared);
    if (item.type === 'ArrowFunctionExpression' || item.type === 'FunctionExpression' || item.type === 'FunctionDeclaration') {
      for (const param of (item.params as Node[]) ?? []) declare(param, names.declared);
    }
    if (item.type === 'CatchClause' && item.param) declare(item.param, names.declared);
    for (const [field, child] of Object.entries(item)) {
      if (field === 'loc' || field === 'range' || field === 'start' || field === 'end') continue;
      if (child && typeof child === 'object') walk(child, item, field);
    }
  };
  walk(node);
  return names;
}

/** The names a binding pattern declares (`a`, `{ a, b: c }`, `[a, ...b]`, `a = 1`). */
function declare(pattern: unknown, into: Set<string>): void {
  const node = pattern as Node | null;
  if (!node) return;
  if (node.type === 'Identifier') into.add((node as Identifier).name);
  else if (node.type === 'ObjectPattern')
    for (const property of node.properties as Node[]) declare(property.type === 'RestElement' ? property.argument : property.value, into);
  else if (node.type === 'ArrayPattern') for (const element of node.elements as Node[]) declare(element, into);
  else if (node.type === 'RestElement') declare(node.argument, into);
  else if (node.type === 'AssignmentPattern') declare(node.left, into);
}

/** The names a top-level statement of the page declares. */
function declaredBy(statement: Node): string[] {
  const names = new Set<string>();
  const target =
    statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ? (statement.declaration as Node | null) : statement;
  if (!target) return [];
  if (target.type === 'ImportDeclaration') for (const specifier of (target as ImportDeclaration).specifiers) names.add(specifier.local.name);
  else if (target.type === 'VariableDeclaration') for (const declarator of target.declarations as Node[]) declare(declarator.id, names);
  else if ((target.type === 'FunctionDeclaration' || target.type === 'ClassDeclaration') && target.id) declare(target.id, names);
  return [...names];
}

/**
 * The island module's source: the imports and page declarations the functions name (and those
 * they name in turn), then the list of functions and `mount(element, index)`.
 */
async function islandSource(found: Found[], statements: Node[], options: IslandOptions): Promise<{ source: string; names: Set<string> }> {
  const { toJs, jsx } = await import('estree-util-to-js');
  const byName = new Map<string, Node>();
  for (const statement of statements) for (const name of declaredBy(statement)) byName.set(name, statement);
  const wanted = new Set<Node>();
  const pending: string[] = [];
  for (const { element, expression } of found) {
    const names = namesOf(expression);
    for (const [name, tag] of names.components) {
      if (!byName.has(name) && !names.declared.has(name)) throw unresolvedComponent(name, element, tag, options);
    }
    pending.push(...names.used);
  }
  const seen = new Set<string>();
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const statement = byName.get(name);
    if (!statement || wanted.has(statement)) continue;
    wanted.add(statement);
    if (statement.type !== 'ImportDeclaration') pending.push(...namesOf(statement).used);
  }
  const body: Node[] = [];
  for (const statement of statements) {
    if (!wanted.has(statement)) continue;
    if (statement.type === 'ImportDeclaration') {
      const declaration = statement as ImportDeclaration;
      // Only the names used: an unused import of a server-only module must not reach the browser.
      const specifiers = declaration.specifiers.filter((specifier) => seen.has(specifier.local.name));
      body.push({ type: 'ImportDeclaration', specifiers, source: { type: 'Literal', value: declaration.source.value } });
    } else if (statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration') {
      body.push(statement.declaration as Node);
    } else body.push(statement);
  }
  // Names a page cannot have chosen (`__folio…`): the page's own declarations come along unchanged.
  const list = {
    type: 'VariableDeclaration',
    kind: 'const',
    declarations: [
      {
        type: 'VariableDeclarator',
        id: { type: 'Identifier', name: '__folioIslands' },
        init: { type: 'ArrayExpression', elements: found.map(({ expression }) => expression) },
      },
    ],
  };
  const program = { type: 'Program', sourceType: 'module', body: [...body, list] };
  const mount = JSON.stringify(path.join(folioRoot(), 'src', 'client', 'island-mount.tsx'));
  const context = JSON.stringify(path.join(folioRoot(), 'templates', 'docusaurus', 'context.ts'));
  // What useDocusaurusContext and useBaseUrl read, as in the build (never the site's paths).
  const site = options.site;
  const siteInfo = site && { title: site.title, tagline: site.tagline, url: site.url, baseUrl: site.baseUrl, customFields: site.customFields };
  const source = [
    `import { mountIsland as __folioMountIsland } from ${mount};`,
    `import { MdxSiteContext as __folioSiteContext } from ${context};`,
    toJs(program as never, { handlers: jsx }).value,
    `const __folioSite = ${JSON.stringify(siteInfo ?? null)};`,
    'const __folioWrap = (node) => <__folioSiteContext.Provider value={__folioSite}>{node}</__folioSiteContext.Provider>;',
    'const __folioMount = (element, index) => __folioMountIsland(element, index, __folioIslands, __folioWrap);',
    'export { __folioMount as mount };',
    '',
  ].join('\n');
  return { source, names: seen };
}

function unresolvedComponent(name: string, element: MdxNode, tag: Node, options: IslandOptions): FolioError {
  const loc = (tag as { loc?: { start: { line: number; column: number } } }).loc?.start;
  const line = (loc?.line ?? element.position?.start.line ?? 1) + options.bodyLineOffset;
  return new FolioError({
    code: 'ISLAND_BUNDLE',
    message: `the BrowserOnly at line ${line} renders <${name}>, which this file neither imports nor declares: the browser cannot find it`,
    location: { file: options.file, line, column: loc ? loc.column + 1 : undefined },
    excerpt: lineOf(options.source, line),
  });
}

/** React, its JSX runtime and react-dom are the client's (src/client/shared-modules.ts). */
const SHARED: Record<string, string> = {
  react: 'module.exports = globalThis.__folioShared.react;',
  'react/jsx-runtime': 'const s = globalThis.__folioShared.jsx;\nexport const jsx = s.jsx, jsxs = s.jsxs, Fragment = s.Fragment;',
  'react-dom': 'module.exports = globalThis.__folioShared.dom;',
  'react-dom/client': 'module.exports = globalThis.__folioShared.client;',
};

async function bundleIsland(source: string, elements: MdxNode[], options: IslandOptions): Promise<string> {
  const esbuild = esbuildApi();
  const [{ BROWSER_OPTIONS }, { siteThemePlugin }] = await Promise.all([import('../assets/emit-assets.js'), import('../render/site-theme.js')]);
  const root = folioRoot();
  const siteRoot = options.site?.root ?? path.dirname(options.file);
  const theme = { root: siteRoot, assetsUrl: '', overrides: { ...options.site?.theme }, customCss: [] };
  // One module holds the page's islands: a failure names them all, and points at the first.
  const lines = elements.map((element) => (element.position?.start.line ?? 1) + options.bodyLineOffset);
  const line = lines[0];
  const which = lines.length === 1 ? `the BrowserOnly at line ${line}` : `the BrowserOnly elements at lines ${lines.join(', ')}`;
  const fail = (message: string, cause?: unknown) =>
    new FolioError({
      code: 'ISLAND_BUNDLE',
      message: `${which} cannot be bundled for the browser: ${message}`,
      location: { file: options.file, line },
      excerpt: lineOf(options.source, line),
      cause,
    });
  // Nothing outside the site, folio's templates, or installed packages reaches the browser, and
  // nothing else is read: each file is checked (symlinks resolved) before esbuild loads it.
  // folio's own: its templates, the mount code, and what both share with the client.
  const allowed = [siteRoot, path.join(root, 'templates'), path.join(root, 'src', 'client'), path.join(root, 'src', 'shared')].map(realOrSelf);
  const confine: import('esbuild').Plugin = {
    name: 'folio-island-confine',
    setup(build) {
      build.onLoad({ filter: /.*/, namespace: 'file' }, (args) => {
        const file = realOrSelf(args.path);
        const inside = allowed.some((dir) => isInside(dir, file)) || file.split(path.sep).includes('node_modules');
        return inside ? undefined : { errors: [{ text: `it imports ${file}, which is outside the site root` }] };
      });
    },
  };
  let result: import('esbuild').BuildResult & { outputFiles: import('esbuild').OutputFile[] };
  try {
    result = await esbuild.build({
      ...BROWSER_OPTIONS,
      stdin: { contents: source, resolveDir: path.dirname(options.file), sourcefile: path.basename(options.file), loader: 'jsx' },
      absWorkingDir: siteRoot,
      bundle: true,
      write: false,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
      loader: { '.css': 'empty', '.png': 'dataurl', '.jpg': 'dataurl', '.jpeg': 'dataurl', '.gif': 'dataurl', '.svg': 'dataurl', '.webp': 'dataurl' },
      nodePaths: [path.join(root, 'node_modules')],
      plugins: [
        confine,
        {
          name: 'folio-island-shared',
          setup(build) {
            build.onResolve({ filter: /^react(-dom)?(\/jsx-runtime|\/client)?$/ }, (args) =>
              SHARED[args.path] ? { path: args.path, namespace: 'folio-shared' } : undefined,
            );
            build.onLoad({ filter: /.*/, namespace: 'folio-shared' }, (args) => ({ contents: SHARED[args.path], loader: 'js' }));
          },
        },
        siteThemePlugin(theme),
      ],
    });
  } catch (error) {
    const first = (error as import('esbuild').BuildFailure).errors?.[0];
    const where =
      first?.location && path.basename(first.location.file) !== path.basename(options.file) ? ` (${first.location.file}:${first.location.line})` : '';
    throw fail(`${first?.text ?? String((error as Error)?.message ?? error)}${where}`, error);
  }
  return result.outputFiles[0].text;
}
