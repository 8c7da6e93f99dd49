/**
 * Stage `compileContent` for one file: markdown/MDX → body HTML, headings,
 * ids, links, images, excerpt and reading time.
 *
 * Fast path: the MDX parser reads the file (so MDX syntax is always
 * accepted and checked), and when it uses no imports, expressions or
 * components the tree goes straight to HTML without generating JavaScript.
 * Files that need it take the full @mdx-js/mdx evaluate path.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { Cache } from '../core/cache.js';
import { hashOf } from '../core/hash.js';
import { heldIdsOf } from '../shared/lazy-panels.js';
import { FolioError, isFolioError, lineOf } from '../errors/index.js';
import { applyCompat, type CompatOptions } from './compat.js';
import { hastToHtml } from './hast-html.js';
import { type MdastHastOptions, mdastToHast } from './mdast-hast.js';
import { decorateAndCollect, highlightCode, type SourceRef } from './hast-transforms.js';
import type { Highlighting } from './highlight.js';
import { childrenBefore, transformMdast, type Heading } from './mdast-transforms.js';
import {
  addTocExport,
  collectLinkElements,
  highlightCodeBlocks,
  type MdxSiteInfo,
  mdxComponentsOf,
  remarkDocusaurusImports,
  resolveDocusaurusImport,
  themeModuleUrl,
} from './docusaurus.js';
import { type IslandFile, remarkIslands } from './islands.js';
import { deepestNode, isStackOverflow, MAX_NESTING, prescanNesting, type TooDeep } from './nesting.js';
import { fastParse } from './fast-parse.js';
import { ALL_SYNTAX, fullParseForced, needsKey, parserExtensions, syntaxNeeds } from './syntax-needs.js';

export interface MarkdownOptions {
  format: 'mdx' | 'md' | 'detect';
  compat: CompatOptions;
  /** The site as MDX components see it (Docusaurus compatibility, see docusaurus.ts). */
  site?: MdxSiteInfo;
}

export interface CompiledContent {
  html: string;
  excerptHtml?: string;
  hasTruncate: boolean;
  /** Text of the leading `# Title`, removed from the body. */
  title?: string;
  headings: Heading[];
  /** Every element id in the body (headings, footnotes, explicit ids). */
  ids: string[];
  links: SourceRef[];
  images: SourceRef[];
  words: number;
  /** First paragraph as plain text (fallback description). */
  summary: string;
  usedMdx: boolean;
  /** Imports other files (MDX `import`): never cached, and no build that has one is "up to date". */
  imports?: boolean;
  /** The browser module of the page's `<BrowserOnly>` islands (islands.ts), written to the output. */
  islands?: IslandFile[];
}

export interface CompileInput {
  body: string;
  /** Absolute path of the source (for errors and MDX imports). */
  file: string;
  /** Lines of front matter above the body. */
  bodyLineOffset: number;
  /** Full file text, for error excerpts. */
  source: string;
  options: MarkdownOptions;
  highlighter: Highlighting;
  cache?: Cache;
  /** Part of the cache key: folio version and relevant config. */
  cacheSalt: string;
  stripTitle?: boolean;
}

/**
 * The parser, imported on the first file the fast path of the parse (fast-parse.ts) does not
 * take: a build whose pages are all everyday markdown never loads micromark, remark or MDX (about
 * 270 ms of module loading in each compiling thread).
 */
async function loadToolkit() {
  const [{ unified }, remarkParse, remarkGfm, remarkDirective, remarkMdx] = await Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-gfm'),
    import('remark-directive'),
    import('remark-mdx'),
  ]);
  return {
    unified,
    remarkParse: remarkParse.default,
    remarkGfm: remarkGfm.default,
    remarkDirective: remarkDirective.default,
    remarkMdx: remarkMdx.default,
  };
}

/**
 * mdast-util-to-hast's `toHast` and hast-util-to-html, imported when a page needs them: a node
 * folio's converter or serializer leaves to them (mdast-hast.ts, hast-html.ts), or the reference
 * path. Everyday pages never load hast-util-to-html (mdast-hast.ts uses mdast-util-to-hast's
 * handlers), and a build whose pages all come from the cache loads neither.
 */
async function loadHtmlTools() {
  const [{ toHast }, { toHtml }] = await Promise.all([import('mdast-util-to-hast'), import('hast-util-to-html')]);
  return { toHast, toHtml };
}

const MDX_NODE_TYPES = ['mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement'] as const;

/** The cache key of one compile: everything the output depends on. */
export function compileCacheKey(input: Pick<CompileInput, 'cacheSalt' | 'file' | 'body' | 'stripTitle' | 'options'>): string {
  return hashOf(input.cacheSalt, input.file, input.body, String(input.stripTitle ?? true), JSON.stringify(input.options));
}

/**
 * A compiled page in the cache: its metadata (headings, links, excerpt…) in `page/` and its body
 * HTML as text in `body/`, so a build that needs only the metadata (a warm one-shot build, whose
 * unchanged pages are not rendered) does not read the bodies.
 */
export function readCompiled(cache: Cache, key: string, { body = true }: { body?: boolean } = {}): CompiledContent | undefined {
  const meta = cache.get<Omit<CompiledContent, 'html'>>('page', key);
  if (!meta) return undefined;
  // Without its body the entry is no use later: a cache folder partly deleted means compiling again.
  if (!body) return cache.hasText('body', key) ? { ...meta, html: '' } : undefined;
  const html = cache.getText('body', key);
  return html === undefined ? undefined : { ...meta, html };
}

/** Stores a compiled page; returns whether it reached the disk cache (see Cache.store). */
export function storeCompiled(cache: Cache, key: string, result: CompiledContent, { memoryOnly = false }: { memoryOnly?: boolean } = {}): boolean {
  const { html, ...meta } = result;
  if (memoryOnly) {
    cache.remember('page', key, meta);
    cache.remember('body', key, html);
    return true;
  }
  // Body first: a metadata entry is only ever found with its body beside it.
  return cache.setText('body', key, html) && cache.set('page', key, meta);
}

export async function compileMarkdown(input: CompileInput): Promise<CompiledContent> {
  const key = compileCacheKey(input);
  const cached = input.cache ? readCompiled(input.cache, key) : undefined;
  if (cached) return cached;
  return (await compileFresh(input, key)).result;
}

/**
 * Compiles without looking in the cache, then stores the result. `stored` says whether a later
 * reader can find it in the disk cache (a page that imports files, or a failed write: no).
 */
export async function compileFresh(
  input: CompileInput,
  /** The cache key, when the caller has it (else worked out here, and only to store the result). */
  key?: string,
  /** false: the caller stores the result (a worker thread: the main thread gets the page anyway and stores it there). */
  store = true,
): Promise<{ result: CompiledContent; stored: boolean }> {
  const result = await compileUncached({ ...input, stripTitle: input.stripTitle ?? true });
  // What an imported file contributes is not part of the key: such pages are compiled every time.
  const storable = !result.imports && input.cache !== undefined && input.cache.persistent;
  return { result, stored: storable && (!store || storeCompiled(input.cache!, key ?? compileCacheKey(input), result)) };
}

function isMdx(input: CompileInput): boolean {
  if (input.options.format === 'mdx') return true;
  if (input.options.format === 'md') return false;
  return input.file.endsWith('.mdx');
}

async function compileUncached(input: CompileInput & { stripTitle: boolean }): Promise<CompiledContent> {
  try {
    return await compileChecked(input);
  } catch (error) {
    // The backstop of the nesting guards: whatever recursion still ran out of stack.
    if (isStackOverflow(error)) throw tooDeepError(input, { depth: MAX_NESTING + 1 });
    throw error;
  }
}

/**
 * A page's markdown tree as an HTML tree: folio's own converter (mdast-hast.ts), mdast-util-to-hast
 * for what it leaves out, and on the reference path (FOLIO_FULL_PARSE=1) always.
 */
async function toHastTree(tree: MdastRoot, options: MdastHastOptions): Promise<HastRoot> {
  const own = fullParseForced() ? undefined : mdastToHast(tree, options);
  return own ?? ((await loadHtmlTools()).toHast(tree, options as never) as HastRoot);
}

/**
 * A page's tree as HTML: folio's own serializer (hast-html.ts), hast-util-to-html for what it
 * does not write, and on the reference path (FOLIO_FULL_PARSE=1) always.
 */
async function serialize(tree: HastRoot): Promise<string> {
  const own = fullParseForced() ? undefined : hastToHtml(tree);
  return own ?? (await loadHtmlTools()).toHtml(tree, { allowDangerousHtml: true });
}

async function compileChecked(input: CompileInput & { stripTitle: boolean }): Promise<CompiledContent> {
  const mdx = isMdx(input);
  const { text, truncateLine } = applyCompat(input.body, mdx ? input.options.compat : { comments: false, admonitions: true, headingIds: true });
  // Absurd nesting is refused before the parser spends minutes on it (see nesting.ts).
  const tooDeep = prescanNesting(text, { mdx });
  if (tooDeep) throw tooDeepError(input, tooDeep);
  let tree: MdastRoot;
  try {
    tree = await parseMarkdown(text, { mdx });
  } catch (error) {
    if (isStackOverflow(error)) throw tooDeepError(input, { depth: MAX_NESTING + 1 });
    throw syntaxError(error, input);
  }
  const deepest = deepestNode(tree);
  if (deepest) throw tooDeepError(input, deepest);
  const imports = mdx ? importsOf(tree) : [];
  const words = countWords(toString(tree));
  const info = transformMdast(tree, { stripTitle: input.stripTitle, source: text });
  const summary = firstParagraph(tree);
  const excerptTree = truncateLine ? { type: 'root' as const, children: stripMdx(childrenBefore(tree, truncateLine)) } : undefined;

  let html: string;
  let collected;
  const islands: IslandFile[] = [];
  if (info.needsMdx) {
    const { remarkGfm, remarkDirective } = await loadToolkit();
    ({ html, collected } = await renderWithMdx(text, input, imports, { remarkGfm, remarkDirective }, islands));
  } else {
    const hast = await toHastTree(tree, { allowDangerousHtml: !mdx, passThrough: [...MDX_NODE_TYPES] });
    await highlightCode({ tree: hast, highlighter: input.highlighter, cache: input.cache, cacheSalt: input.cacheSalt });
    collected = decorateAndCollect(hast, { lineOffset: input.bodyLineOffset });
    html = await serialize(hast);
  }
  let excerptHtml: string | undefined;
  if (excerptTree) {
    const hast = await toHastTree(excerptTree as MdastRoot, { allowDangerousHtml: !mdx });
    await highlightCode({ tree: hast, highlighter: input.highlighter, cache: input.cache, cacheSalt: input.cacheSalt });
    decorateAndCollect(hast, { lineOffset: input.bodyLineOffset });
    excerptHtml = await serialize(hast);
  }
  return {
    html,
    excerptHtml,
    hasTruncate: truncateLine !== undefined,
    title: info.title,
    headings: reachableHeadings(info.headings, html),
    ids: collected.ids,
    links: collected.links,
    images: collected.images,
    words,
    summary,
    usedMdx: info.needsMdx,
    ...(info.imports ? { imports: true } : {}),
    ...(islands.length > 0 ? { islands } : {}),
  };
}

/**
 * The headings a reader can reach: one inside a `lazy` Tabs panel that is not shown is not in the
 * document until its tab is chosen, so the table of contents leaves it out (its link would go
 * nowhere; Docusaurus lists it and then reports its own link as a broken anchor).
 */
function reachableHeadings(headings: Heading[], html: string): Heading[] {
  const held = heldIdsOf(html);
  return held.size === 0 ? headings : headings.filter((heading) => !held.has(heading.id));
}

type Parser = { parse(text: string): unknown; run(tree: MdastRoot): Promise<unknown> };
/** Parsers of pruned extension sets, by needsKey: a frozen unified processor parses any number of files. */
const prunedParsers = new Map<string, Promise<Parser>>();

/**
 * Markdown (after the compat rewrites) to mdast, with only the micromark extensions the pre-pass
 * (syntax-needs.ts) could not rule out. A file that may need them all, and every file with
 * `full` or FOLIO_FULL_PARSE=1, takes the reference path: remark-parse with remark-gfm,
 * remark-directive and remark-mdx as plugins. The differential test holds the two equal.
 */
export async function parseMarkdown(
  text: string,
  { mdx, full = false, fast: tryFast = true }: { mdx: boolean; full?: boolean; fast?: boolean },
): Promise<MdastRoot> {
  // Everyday markdown proven to mean the same to micromark takes the fast path (fast-parse.ts);
  // `fast: false` is for the bench, to time the pre-pass alone.
  const fast = full || !tryFast || fullParseForced() ? undefined : fastParse(text, { mdx });
  if (fast) return fast;
  const needs = full ? ALL_SYNTAX : syntaxNeeds(text);
  let parser: Parser;
  if (Object.values(needs).every(Boolean)) {
    const { unified, remarkParse, remarkGfm, remarkDirective, remarkMdx } = await loadToolkit();
    const reference = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
    if (mdx) reference.use(remarkMdx);
    parser = reference;
  } else {
    const key = needsKey(needs, mdx);
    let pruned = prunedParsers.get(key);
    if (!pruned) {
      pruned = (async () => {
        // unified and remark-parse only: the extensions come one by one (syntax-needs.ts).
        const [{ unified }, remarkParse, extensions] = await Promise.all([import('unified'), import('remark-parse'), parserExtensions(needs, mdx)]);
        return unified()
          .use(remarkParse.default)
          .data({ micromarkExtensions: extensions.micromark, fromMarkdownExtensions: extensions.fromMarkdown })
          .freeze() as unknown as Parser;
      })();
      prunedParsers.set(key, pruned);
    }
    parser = await pruned;
  }
  const tree = parser.parse(text) as MdastRoot;
  await parser.run(tree);
  return tree;
}

/** An `import … from '…'` (or `export … from`) of an MDX file, with the line of its statement. */
interface ImportRef {
  specifier: string;
  line: number;
}

/** The imports of the MDX tree's ESM blocks, from the syntax tree remark-mdx attaches to them. */
function importsOf(tree: MdastRoot): ImportRef[] {
  const refs: ImportRef[] = [];
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const program = (node.data as { estree?: { body?: { source?: { value?: unknown } | null; loc?: { start: { line: number } } }[] } } | undefined)?.estree;
    for (const statement of program?.body ?? []) {
      const specifier = statement.source?.value;
      if (typeof specifier === 'string') refs.push({ specifier, line: statement.loc?.start.line ?? node.position?.start.line ?? 1 });
    }
  }
  return refs;
}

/**
 * An import that does not resolve, as an error naming the specifier, the file and the line of the
 * import. Relative ones are checked before evaluating (Node's own error named the absolute path
 * and an internal file of @mdx-js/mdx, and no line); packages are recognised in Node's error.
 */
function missingImport(input: CompileInput, imports: ImportRef[], error?: unknown): FolioError | undefined {
  // A relative specifier is a URL relative to the page, as Node resolves it (`./a%20b.js` is `a b.js`).
  const fileOf = (specifier: string) => {
    try {
      return fileURLToPath(new URL(specifier, pathToFileURL(input.file)));
    } catch {
      return undefined;
    }
  };
  const isRelative = (specifier: string) => /^\.\.?\//.test(specifier);
  let ref: ImportRef | undefined;
  if (error === undefined) {
    const docusaurus = docusaurusImportProblem(input, imports);
    if (docusaurus) return docusaurus;
    ref = imports.find(({ specifier }) => {
      const file = isRelative(specifier) ? fileOf(specifier) : undefined;
      return file !== undefined && !existsSync(file);
    });
  } else {
    const message = String((error as Error)?.message ?? '');
    const missing = (error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' ? /Cannot find (?:package|module) '([^']+)'/.exec(message)?.[1] : undefined;
    if (missing === undefined) return undefined;
    ref = imports.find(({ specifier }) => {
      if (isRelative(specifier)) return fileOf(specifier) === missing;
      const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
      return missing === name || missing.endsWith(`/node_modules/${name}`) || missing === specifier;
    });
  }
  if (!ref) return undefined;
  const line = ref.line + input.bodyLineOffset;
  return new FolioError({
    code: 'MDX_IMPORT_NOT_FOUND',
    message: isRelative(ref.specifier)
      ? `import "${ref.specifier}" at line ${line} does not resolve: there is no ${path.basename(ref.specifier)} at that path, relative to this file`
      : `import "${ref.specifier}" at line ${line} does not resolve: the package is not installed`,
    location: { file: input.file, line },
    excerpt: lineOf(input.source, line),
  });
}

/** A Docusaurus import folio does not provide, or an `@site/` path out of the site or to no file. */
function docusaurusImportProblem(input: CompileInput, imports: ImportRef[]): FolioError | undefined {
  for (const ref of imports) {
    const resolved = resolveDocusaurusImport(ref.specifier, input.options.site);
    let problem = resolved && 'problem' in resolved ? resolved.problem : undefined;
    if (resolved && 'url' in resolved && ref.specifier.startsWith('@site/') && !existsSync(fileURLToPath(resolved.url))) {
      problem = `there is no ${ref.specifier.slice('@site/'.length)} in the site root (an @site/ path names the file with its extension)`;
    }
    if (problem === undefined) continue;
    const line = ref.line + input.bodyLineOffset;
    return new FolioError({
      code: 'MDX_IMPORT_NOT_FOUND',
      message: `import "${ref.specifier}" at line ${line} does not resolve: ${problem}`,
      location: { file: input.file, line },
      excerpt: lineOf(input.source, line),
    });
  }
  return undefined;
}

/**
 * An error message with the absolute paths in it made relative to the page's folder
 * (`./Chart.js`, `../components/x.js`), and without the internal module of @mdx-js/mdx that
 * Node names as the importer.
 */
function relativePaths(message: string, file: string): string {
  const dir = path.dirname(file);
  return message.replace(/ imported from \S*[\\/]@mdx-js[\\/]mdx[\\/]\S*/g, '').replace(/(?:file:\/\/)?(\/[^\s'"`():,]+)/g, (whole, absolute: string) => {
    if (!path.isAbsolute(absolute) || !absolute.includes('/', 1)) return whole;
    const relative = path.relative(dir, absolute);
    return relative.startsWith('..') ? relative : `./${relative}`;
  });
}

async function renderWithMdx(
  text: string,
  input: CompileInput,
  imports: ImportRef[],
  {
    remarkGfm,
    remarkDirective,
  }: { remarkGfm: Awaited<ReturnType<typeof loadToolkit>>['remarkGfm']; remarkDirective: Awaited<ReturnType<typeof loadToolkit>>['remarkDirective'] },
  islands: IslandFile[],
) {
  const [{ evaluate }, runtime, { renderToStaticMarkup }, { createElement }] = await Promise.all([
    import('@mdx-js/mdx'),
    import('react/jsx-runtime'),
    import('react-dom/server.node'),
    import('react'),
  ]);
  let collected: ReturnType<typeof decorateAndCollect> = { ids: [], links: [], images: [] };
  const stripTitle = input.stripTitle ?? true;
  const remarkFolio = () => (tree: MdastRoot) => {
    const info = transformMdast(tree, { stripTitle, source: text });
    // Docusaurus pages pass `toc` to <TOCInline toc={toc} />: MDX exports it there.
    addTocExport(tree, info.headings);
  };
  const rehypeFolio = () => async (tree: HastRoot) => {
    await highlightCode({ tree, highlighter: input.highlighter, cache: input.cache, cacheSalt: input.cacheSalt, asHtml: false });
    collected = decorateAndCollect(tree, { lineOffset: input.bodyLineOffset });
    collected.links.push(...collectLinkElements(tree, input.bodyLineOffset));
  };
  const missing = missingImport(input, imports);
  if (missing) throw missing;
  const site = input.options.site;
  try {
    const module = await evaluate(text, {
      ...(runtime as object),
      baseUrl: pathToFileURL(input.file),
      // Islands first: they read the page's import specifiers as written.
      remarkPlugins: [
        remarkGfm,
        remarkDirective,
        remarkIslands({ file: input.file, bodyLineOffset: input.bodyLineOffset, source: input.source, site, emit: (file) => islands.push(file) }),
        remarkDocusaurusImports(site),
        remarkFolio,
      ],
      rehypePlugins: [rehypeFolio],
      development: false,
    } as unknown as Parameters<typeof evaluate>[1]);
    // The site's theme/MDXComponents.tsx: components every page may use without importing them.
    const components = await mdxComponentsOf(site);
    const body = createElement(module.default as never, (components ? { components } : {}) as never);
    let html: string;
    if (site) {
      // The components read the site (base URL, customFields) from a context of their own module.
      const { MdxSiteContext } = (await import(themeModuleUrl('context'))) as typeof import('../../templates/docusaurus/context.js');
      html = renderToStaticMarkup(createElement(MdxSiteContext.Provider, { value: site }, body));
    } else html = renderToStaticMarkup(body);
    if (html.includes('data-folio-code')) {
      const { toHtml } = await import('hast-util-to-html');
      html = await highlightCodeBlocks(html, { highlighter: input.highlighter, cache: input.cache, cacheSalt: input.cacheSalt, toHtml });
    }
    return { html, collected };
  } catch (error) {
    if (isStackOverflow(error) || isFolioError(error)) throw error;
    const missing = missingImport(input, imports, error);
    if (missing) throw missing;
    if ((error as { place?: unknown; line?: unknown }).place || (error as { line?: unknown }).line) throw syntaxError(error, input);
    throw new FolioError({
      code: 'MDX_RUNTIME',
      message: relativePaths(String((error as Error)?.message ?? error), input.file),
      location: { file: input.file },
      cause: error,
    });
  }
}

function syntaxError(error: unknown, input: CompileInput): FolioError {
  const e = error as {
    reason?: string;
    message: string;
    place?: { line?: number; column?: number; start?: { line: number; column: number } };
    line?: number;
    column?: number;
  };
  const place = e.place && 'start' in e.place && e.place.start ? e.place.start : (e.place as { line?: number; column?: number } | undefined);
  // Some mdast-util-mdx-jsx errors carry their position only in the message: "(4:1-4:6)".
  const fromMessage = /\((\d+):(\d+)(?:-\d+:\d+)?\)\s*$/.exec(e.reason ?? e.message);
  const bodyLine = place?.line ?? e.line ?? (fromMessage ? Number(fromMessage[1]) : undefined);
  const column = place?.column ?? e.column ?? (fromMessage ? Number(fromMessage[2]) : undefined);
  const line = bodyLine ? bodyLine + input.bodyLineOffset : undefined;
  return new FolioError({
    code: 'MDX_SYNTAX',
    message: e.reason ?? e.message,
    location: { file: input.file, line, column: column ?? undefined },
    excerpt: lineOf(input.source, line),
    cause: error,
  });
}

/** Nesting beyond MAX_NESTING: one error naming the line (when known) instead of a hang or a RangeError. */
function tooDeepError(input: CompileInput, { line: bodyLine }: TooDeep): FolioError {
  const line = bodyLine ? bodyLine + input.bodyLineOffset : undefined;
  return new FolioError({
    code: 'MDX_TOO_DEEP',
    message: line
      ? `nesting deeper than ${MAX_NESTING} levels at line ${line}; flatten it`
      : `nesting deeper than ${MAX_NESTING} levels (the compiler ran out of stack); flatten it`,
    location: { file: input.file, line },
    // Such a line can be thousands of characters (800 spaces of indentation): show its start.
    excerpt: excerptOf(lineOf(input.source, line)),
  });
}

function excerptOf(line: string | undefined): string | undefined {
  if (line === undefined || line.length <= 200) return line;
  const text = line.trimStart();
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function stripMdx(nodes: RootContent[]): RootContent[] {
  return nodes.filter((node) => !['mdxjsEsm', 'mdxFlowExpression'].includes(node.type));
}

/** A character of a word: a letter, a digit, `_`, `'`, `’` or `-` (what `countWords` counts runs of). */
const WORD_CHAR = /^[\p{L}\p{N}_'’-]$/u;
/** WORD_CHAR of each ASCII character, looked up without the expression. */
const ASCII_WORD = Uint8Array.from({ length: 128 }, (_, code) => (WORD_CHAR.test(String.fromCharCode(code)) ? 1 : 0));
/** WORD_CHAR of the other code points met so far. */
const otherWord = new Map<number, boolean>();

/**
 * How many words a text holds: its runs of WORD_CHAR (what `text.match(/[\p{L}\p{N}_'’-]+/gu)`
 * finds), counted in one pass without cutting each word out of the text (a million strings for the
 * 1,000-page corpus, only to be counted).
 */
export function countWords(text: string): number {
  let count = 0;
  let inWord = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    let word: boolean;
    if (code < 128) word = ASCII_WORD[code] === 1;
    else {
      const point = text.codePointAt(at)!;
      if (point > 0xffff) at++;
      let known = otherWord.get(point);
      if (known === undefined) {
        known = WORD_CHAR.test(String.fromCodePoint(point));
        if (otherWord.size < 65_536) otherWord.set(point, known);
      }
      word = known;
    }
    if (word && !inWord) count++;
    inWord = word;
  }
  return count;
}

function firstParagraph(tree: MdastRoot): string {
  for (const node of tree.children) {
    if (node.type === 'paragraph') {
      const text = toString(node).replace(/\s+/g, ' ').trim();
      if (text) return text.length > 200 ? `${text.slice(0, 197).replace(/\s+\S*$/, '')}…` : text;
    }
  }
  return '';
}
