/**
 * Build-time code highlighting with shiki: a light and a dark theme emitted
 * as CSS variables (--shiki-light / --shiki-dark), so no highlighter ships to
 * the browser. Grammars load lazily; each distinct block is highlighted once
 * (results are cached by the caller through the build cache).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Element, ElementContent } from 'hast';
import type { PatternScanner, RegexEngine, ShikiPrimitive as Highlighter } from 'shiki';
import { bundledLanguages } from 'shiki/langs';

export const LIGHT_THEME = 'github-light-default';
export const DARK_THEME = 'github-dark-default';

const ALIASES: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  ts: 'typescript',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  yml: 'yaml',
  md: 'markdown',
  jsonc: 'jsonc',
  text: 'text',
  txt: 'text',
  plaintext: 'text',
};

export interface CodeMeta {
  title?: string;
  highlightLines: Set<number>;
  showLineNumbers: boolean;
}

/**
 * Lines past this one cannot be marked: `{1-999999999}` marks the first 100,000 (it once filled a
 * Set past its maximum size and stopped the build).
 */
export const MAX_MARKED_LINE = 100_000;

/** Parses fence meta such as `title="src/app.ts" {1,4-6} showLineNumbers`. */
export function parseCodeMeta(meta: string | undefined | null): CodeMeta {
  const result: CodeMeta = { highlightLines: new Set(), showLineNumbers: false };
  if (!meta) return result;
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  if (title) result.title = title[1] ?? title[2] ?? title[3];
  const ranges = /\{([\d,\s-]+)\}/.exec(meta.replace(/title=(?:"[^"]*"|'[^']*'|\S+)/, ''));
  if (ranges) {
    const spans: [number, number][] = [];
    for (const part of ranges[1].split(',')) {
      const [from, to] = part
        .trim()
        .split('-')
        .map((n) => Number.parseInt(n, 10));
      if (Number.isNaN(from)) continue;
      const end = Math.min(Number.isNaN(to) || to === undefined ? from : to, MAX_MARKED_LINE);
      if (end >= from) spans.push([from, end]);
    }
    // Overlapping ranges are walked once: `{1-99999,1-99999,…}` marks each line a single time.
    let marked = Number.NEGATIVE_INFINITY;
    for (const [from, end] of spans.sort((a, b) => a[0] - b[0])) {
      for (let line = Math.max(from, marked + 1); line <= end; line++) result.highlightLines.add(line);
      marked = Math.max(marked, end);
    }
  }
  result.showLineNumbers = /\bshowLineNumbers\b/.test(meta);
  return result;
}

/**
 * Docusaurus's magic comments: a line that is only `highlight-next-line`, `highlight-start` or
 * `highlight-end` in one of the language's comment forms highlights lines and is removed. The
 * comment forms by language follow Docusaurus's documentation (`//` and `/* *\/` for JS/TS, also
 * `{/* *\/}` for JSX, `<!-- -->` for HTML and markdown, `#` for Python/shell/YAML, `--` for
 * Lua/Haskell/SQL, `%` for TeX, `;;` for WebAssembly); other languages accept the common ones.
 */
const COMMENT_FORMS: Record<string, [string, string]> = {
  slashes: ['//', ''],
  block: ['/*', '*/'],
  jsx: ['{/*', '*/}'],
  hash: ['#', ''],
  html: ['<!--', '-->'],
  dashes: ['--', ''],
  percent: ['%', ''],
  semicolons: [';;', ''],
};

const FORMS_BY_LANG: Record<string, string[]> = {
  javascript: ['slashes', 'block'],
  typescript: ['slashes', 'block'],
  jsx: ['slashes', 'block', 'jsx'],
  tsx: ['slashes', 'block', 'jsx'],
  html: ['slashes', 'block', 'html'],
  markdown: ['html', 'jsx', 'hash'],
  mdx: ['html', 'jsx', 'hash'],
  python: ['hash'],
  py: ['hash'],
  bash: ['hash'],
  yaml: ['hash'],
  lua: ['dashes'],
  haskell: ['dashes'],
  sql: ['dashes'],
  tex: ['percent'],
  latex: ['percent'],
  matlab: ['percent'],
  wasm: ['semicolons'],
};
const DEFAULT_FORMS = ['slashes', 'block', 'jsx', 'hash', 'html'];

const directivePatterns = new Map<string, RegExp>();

function directivePattern(lang: string): RegExp {
  const lower = lang.toLowerCase();
  const key = FORMS_BY_LANG[lower] ? lower : (ALIASES[lower] ?? lower);
  let pattern = directivePatterns.get(key);
  if (!pattern) {
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    const forms = (FORMS_BY_LANG[key] ?? DEFAULT_FORMS).map((name) => {
      const [start, end] = COMMENT_FORMS[name];
      return `${escape(start)}\\s*(highlight-next-line|highlight-start|highlight-end)\\s*${escape(end)}`;
    });
    pattern = new RegExp(`^\\s*(?:${forms.join('|')})\\s*$`);
    directivePatterns.set(key, pattern);
  }
  return pattern;
}

/**
 * Removes the magic-comment lines of a block and returns the lines (1-based, in the code that
 * remains) they highlight. A block without a language is left as written, as in Docusaurus;
 * a `highlight-start` without its end highlights to the end of the block.
 */
export function applyMagicComments(code: string, lang: string | undefined | null): { code: string; highlightLines: Set<number> } {
  const highlightLines = new Set<number>();
  if (!lang || !code.includes('highlight-')) return { code, highlightLines };
  const pattern = directivePattern(lang);
  const kept: string[] = [];
  let nextLine = false;
  let open = 0;
  for (const line of code.split('\n')) {
    const match = pattern.exec(line);
    const directive = match?.slice(1).find(Boolean);
    if (directive === 'highlight-next-line') nextLine = true;
    else if (directive === 'highlight-start') open++;
    else if (directive === 'highlight-end') open = Math.max(0, open - 1);
    else {
      kept.push(line);
      if (nextLine || open > 0) highlightLines.add(kept.length);
      nextLine = false;
    }
  }
  return { code: kept.join('\n'), highlightLines };
}

export function normaliseLang(lang: string | undefined | null): string {
  const lower = (lang ?? 'text').toLowerCase();
  const resolved = ALIASES[lower] ?? lower;
  return resolved === 'text' || resolved in bundledLanguages ? resolved : 'text';
}

/**
 * The regex engine with one scanner per distinct list of patterns. vscode-textmate compiles a
 * scanner for each rule and anchor variant it meets, and a third of those lists in this site's
 * blocks repeat one another (the same patterns reached through another rule, TypeScript and TSX
 * sharing a grammar's rules, a heredoc's end pattern built again for each heredoc). Compiling
 * them in oniguruma was most of the highlighting time of a cold build. A scanner holds no state
 * between calls (each search gets its string and start), so sharing one gives the same matches;
 * `dispose` is left out, as a shared scanner outlives the rule that asked for it. Past
 * MAX_SHARED lists (a long `folio serve` session meeting ever new heredoc delimiters) new ones
 * are handed out unshared, and vscode-textmate frees them as before.
 */
/** This site's blocks need 144 distinct lists; a grammar-heavy site a few hundred. */
export const MAX_SHARED = 4096;

export function sharingScanners(engine: RegexEngine): RegexEngine {
  const scanners = new Map<string, PatternScanner>();
  return {
    createString: (text) => engine.createString(text),
    createScanner(patterns) {
      const key = JSON.stringify(patterns.map((pattern) => (typeof pattern === 'string' ? pattern : [pattern.source, pattern.flags])));
      let scanner = scanners.get(key);
      if (!scanner) {
        if (scanners.size >= MAX_SHARED) return engine.createScanner(patterns);
        const compiled = engine.createScanner(patterns);
        scanner = { findNextMatchSync: (text, start, options) => compiled.findNextMatchSync(text, start, options) };
        scanners.set(key, scanner);
      }
      return scanner;
    },
  };
}

/**
 * How long a list is searched pattern by pattern before it is compiled whole: once the searches
 * its patterns could not answer from their last result, times this weight, reach the characters
 * of its patterns. See `patternFirstScanners`. Measured on all of this site's blocks in one thread
 * (three alternating runs): 16 1.11–1.15 s, 2 0.94–0.98 s, 1 0.94–0.97 s, never 0.91–0.97 s; on
 * the 1,000-page corpus's blocks, 2.09 s at 16, 2.13 s at 1, 2.25 s never, 2.03 s whole at once
 * (what a large build does). A search of a whole list costs nearly as much as its patterns
 * searched one by one, so compiling it pays only after many searches.
 */
export const SEARCH_WEIGHT = 2;

/** One pattern compiled on its own, shared by every list that holds it, with its last search. */
interface Single {
  scanner: PatternScanner;
  /** `\G` (the search's start) in it: its last result says nothing about a search from elsewhere. */
  anchored: boolean;
  string?: unknown;
  options: number;
  start: number;
  result: ReturnType<PatternScanner['findNextMatchSync']>;
}

/**
 * Scanners that search a list's patterns one by one, each compiled once for all the lists that
 * hold it, until the list has been searched enough to be worth compiling whole. vscode-textmate
 * asks for a scanner per rule with all the patterns the rule may match: this site's blocks ask
 * for 144 distinct lists with 834,000 characters of patterns, but only 486 distinct patterns with
 * 93,000 (TypeScript's rules repeat the same expressions with one end pattern changed), and many
 * lists are searched a few times. Compiling them was most of this site's highlighting.
 *
 * The answer is the one oniguruma's scanner gives: the match that starts first, the earliest
 * pattern among those starting there. vscode-oniguruma itself finds it this way for lines of
 * 1,000 bytes and more (each pattern searched from the position, its last result used again when
 * it was a search of the same string with the same options from no further on and found nothing
 * or a match at or after the position, never for a pattern with `\G`), and through a RegSet for
 * shorter ones; both give the same match.
 *
 * `weight` 0: never compiled whole (for tests). `compileWhole()` true: lists are compiled whole at once (a large build, whose lists are searched
 * thousands of times: 1,000 pages' blocks in one thread 1.11 s this way, 1.16 s pattern first).
 */
export function patternFirstScanners(
  engine: RegexEngine,
  lists: RegexEngine = sharingScanners(engine),
  compileWhole: () => boolean = () => false,
  weight = SEARCH_WEIGHT,
): RegexEngine {
  const singles = new Map<string, Single>();
  const single = (source: string, own: Single[]): Single => {
    let known = singles.get(source);
    if (!known) {
      known = { scanner: engine.createScanner([source]), anchored: source.includes('\\G'), options: 0, start: 0, result: null };
      // Past MAX_SHARED patterns (a long `folio serve` session), new ones belong to their list.
      if (singles.size < MAX_SHARED) singles.set(source, known);
      else own.push(known);
    }
    return known;
  };
  return {
    createString: (text) => engine.createString(text),
    createScanner(patterns) {
      if (compileWhole()) return lists.createScanner(patterns);
      const sources = patterns.map((pattern) => (typeof pattern === 'string' ? pattern : pattern.source));
      const own: Single[] = [];
      const parts = sources.map((source) => single(source, own));
      const size = sources.reduce((sum, source) => sum + source.length, 0);
      let searched = 0;
      let whole: PatternScanner | undefined;
      return {
        findNextMatchSync(string, start, options) {
          if (!whole && weight > 0 && searched * weight >= size) whole = lists.createScanner(patterns);
          if (whole) return whole.findNextMatchSync(string, start, options);
          const option = typeof options === 'number' ? options : 0;
          let best: Single['result'] = null;
          let bestIndex = -1;
          for (let index = 0; index < parts.length; index++) {
            const part = parts[index];
            let result: Single['result'];
            if (
              !part.anchored &&
              part.string === string &&
              part.options === option &&
              part.start <= start &&
              (part.result === null || part.result.captureIndices[0].start >= start)
            )
              result = part.result;
            else {
              searched++;
              result = part.scanner.findNextMatchSync(string, start, option);
              part.string = string;
              part.options = option;
              part.start = start;
              part.result = result;
            }
            if (result && (!best || result.captureIndices[0].start < best.captureIndices[0].start)) {
              best = result;
              bestIndex = index;
              if (result.captureIndices[0].start === start) break;
            }
          }
          return best && { index: bestIndex, captureIndices: best.captureIndices };
        },
        dispose() {
          for (const part of own) part.scanner.dispose?.();
          whole?.dispose?.();
        },
      };
    },
  };
}

/**
 * Oniguruma's WebAssembly, read from shiki's `onig.wasm`. `shiki/wasm` holds the same bytes
 * gzipped in base64 and unpacks them through `Response`, `Blob` and `DecompressionStream`, which
 * load Node's fetch implementation first: ~0.3 s of each compiling thread's start, for nothing.
 */
function onigurumaBinary(): Promise<OnigurumaInstantiator | typeof import('shiki/wasm')> {
  const packed = () => import('shiki/wasm');
  try {
    return readFile(fileURLToPath(import.meta.resolve('shiki/onig.wasm'))).then(instantiatorOf, packed);
  } catch {
    return packed();
  }
}

type OnigurumaInstantiator = {
  instantiator: (imports: Record<string, Record<string, WebAssembly.ImportValue>> | undefined) => Promise<WebAssembly.WebAssemblyInstantiatedSource>;
};

/**
 * The bytes as an instantiator: handed bytes, shiki's loader first asks whether they are a fetch
 * `Response` (`instanceof Response`), and touching that global loads Node's fetch implementation
 * (undici): 60–90 ms of each highlighting thread, for nothing.
 */
function instantiatorOf(bytes: Uint8Array): OnigurumaInstantiator {
  return { instantiator: (imports) => WebAssembly.instantiate(bytes as BufferSource, imports) };
}

/** One run of text and its style in both themes. */
export interface DualToken {
  content: string;
  /** Inline style: `--shiki-light:…;--shiki-dark:…` plus font styles; empty for plain text. */
  style: string;
}

interface ThemeStyles {
  name: string;
  fg: string;
  bg: string;
  theme: Theme;
  colors: string[];
  replacements: Record<string, string>;
}

type Theme = import('@shikijs/vscode-textmate').Theme;
type Grammar = import('@shikijs/vscode-textmate').IGrammar;
type StateStack = import('@shikijs/vscode-textmate').StateStack;

/** vscode-textmate's FontStyle bits. */
const ITALIC = 1;
const BOLD = 2;
const UNDERLINE = 4;
const STRIKETHROUGH = 8;

/**
 * Lines remembered per highlighter (see `LineMemo`), the longest line and the longest state key
 * remembered. A line's entry holds its key, its runs and the grammar's state after it: a few
 * hundred bytes, at most a few kB (~0.8 kB on average for the generated corpus: 60,000 lines take
 * ~45 MB of the highlighting thread's heap). The 10,000-page corpus has ~56,000 distinct lines in
 * 185,000; remembering 20,000 (the memo is emptied when full) answered 113,851 of them from memory
 * and took 5.7 s of CPU on one thread, 60,000 answered 128,410 in 4.6 s (bench/PROFILE.md).
 */
export const MEMO_LINES = 60_000;
const MEMO_LINE_LENGTH = 400;
const MEMO_STATE_LENGTH = 4_000;

/** What vscode-textmate's StateStackImpl holds (its fields are not in the public type). */
interface StateFrame {
  parent: StateFrame | null;
  ruleId: number;
  endRule: string | null;
  beginRuleCapturedEOL: boolean;
  nameScopesList: ScopeFrame | null;
  contentNameScopesList: ScopeFrame | null;
}
interface ScopeFrame {
  parent: ScopeFrame | null;
  scopePath: { scopeName: string };
}

/**
 * Tokenized lines remembered by grammar state and text: a line tokenizes the same whenever it
 * starts in an equal state (same grammars loaded, no time limit), and code repeats lines (`}`,
 * `npm install`, an import): 58 % of the 1,000-page corpus's lines and 51 % of this site's are
 * found here. The key is the whole state as vscode-textmate's tokenizer reads it: for each frame
 * of the stack its rule, end pattern (with back-references filled in), whether its begin captured
 * the end of the line, and its name and content scopes (`StateStackImpl.equals` compares the
 * same, and `_checkWhileConditions` reads the EOL flag). The frames' positions within a line
 * (`_enterPos`, `_anchorPos`) are reset before each line. A state's key is worked out once per
 * state object. Loading a language clears the memo, as an `include` of it may then resolve.
 */
class LineMemo {
  private readonly lines = new Map<string, { runs: DualToken[]; state: StateStack }>();
  private readonly keys = new WeakMap<object, string>();
  /** Lines answered from the memo (for tests). */
  hits = 0;

  constructor(private readonly size: number) {}

  clear(): void {
    this.lines.clear();
  }

  key(lang: string, state: StateStack | null, line: string): string | undefined {
    if (this.size === 0 || line.length > MEMO_LINE_LENGTH) return undefined;
    // A state nested thousands of frames deep has a key as long: not remembered.
    const stateKey = this.stateKey(state as unknown as StateFrame | null);
    return stateKey.length > MEMO_STATE_LENGTH ? undefined : `${lang}\u0000${stateKey}\u0000${line}`;
  }

  get(key: string | undefined) {
    const known = key === undefined ? undefined : this.lines.get(key);
    if (known) this.hits++;
    return known;
  }

  set(key: string | undefined, runs: DualToken[], state: StateStack): void {
    if (key === undefined) return;
    if (this.lines.size >= this.size) this.lines.clear();
    this.lines.set(key, { runs, state });
  }

  private stateKey(frame: StateFrame | null): string {
    if (!frame) return '';
    let key = this.keys.get(frame);
    if (key !== undefined) return key;
    const below = frame.parent?.contentNameScopesList ?? null;
    key = `${this.stateKey(frame.parent)}|${frame.ruleId},${frame.endRule ?? ''},${frame.beginRuleCapturedEOL ? 1 : 0},${scopesAbove(frame.nameScopesList, below)},${scopesAbove(frame.contentNameScopesList, frame.nameScopesList)}`;
    this.keys.set(frame, key);
    return key;
  }
}

/** The scope names from `top` down to `stop` (not included), space-separated. */
function scopesAbove(top: ScopeFrame | null, stop: ScopeFrame | null): string {
  let names = '';
  for (let scope = top; scope && scope !== stop; scope = scope.parent) names += `${scope.scopePath.scopeName} `;
  return names;
}

/** A node of CodeHighlighter's styles: the style of the stack that ends here, the stacks that go on. */
interface StyleNode {
  style?: string;
  next?: Map<string, StyleNode>;
}

/** A scope path as vscode-textmate's Theme.match walks it (scopeName and parent). */
interface ScopePath {
  parent: ScopePath | null;
  scopeName: string;
}

/**
 * Holds one shiki highlighter; create one per process (or worker).
 *
 * Each block is tokenized once: the grammar gives every token its scope
 * stack, and the colour of a stack in each theme is resolved the way
 * vscode-textmate does it while tokenizing (push scope by scope; a theme
 * rule that matches sets the colour and font style, otherwise the parent's
 * stand). shiki's own dual-theme path tokenizes a block once per theme.
 */
/**
 * The block to highlight for a fenced block of a page: `text` as the HTML tree holds it (with its
 * final newline), its language and meta as written. The meta's `{1,3}` ranges count the lines that
 * remain once Docusaurus's magic comments are taken out; the comments add their own.
 */
export function codeBlockOf(text: string, lang: string | undefined, metaText: string | undefined): CodeBlock {
  const meta = parseCodeMeta(metaText);
  const magic = applyMagicComments(text, lang);
  for (const line of magic.highlightLines) meta.highlightLines.add(line);
  return { code: magic.code, lang, meta };
}

/** One fenced block to highlight: its code, its language as written, its meta (title, marked lines). */
export interface CodeBlock {
  code: string;
  lang: string | undefined | null;
  meta: CodeMeta;
}

/**
 * What compiling a page asks of a highlighter: a CodeHighlighter in this thread, or a
 * HighlightThread (highlight-thread.ts) that answers from a thread of its own.
 */
export interface Highlighting {
  highlight(block: CodeBlock): Promise<Element>;
  highlightHtml(block: CodeBlock): Promise<string>;
  /** True when the work happens on another thread: several pages may wait on it at once. */
  readonly elsewhere?: boolean;
  /** True once a block went to another thread (for the compile stage's line). */
  readonly threadStarted?: boolean;
  /**
   * Called once a one-shot build has compiled its pages: what was kept only for them (a thread of
   * its own and its memory) may go. A block asked for afterwards is still highlighted.
   */
  release?(): Promise<void>;
}

export class CodeHighlighter implements Highlighting {
  private highlighter?: Promise<Highlighter>;
  private themes?: [ThemeStyles, ThemeStyles];
  private readonly loaded = new Set<string>(['text']);
  /**
   * Scope stack → the style attribute of its tokens, as a tree by scope name (each token's stack is
   * a new array: walking it costs less than joining it into a key and hashing that).
   */
  private readonly styles: StyleNode = {};
  private readonly memo: LineMemo;

  /**
   * Each grammar rule's list of patterns compiled whole when first searched (true), or searched
   * pattern by pattern first (false: see patternFirstScanners). A build of many pages sets it
   * (compile workers, and the main thread's lane beside them) before highlighting.
   */
  wholeLists: boolean;

  /** `memoLines`: how many tokenized lines to remember (0: none; see LineMemo). */
  constructor({ memoLines = MEMO_LINES, wholeLists = false }: { memoLines?: number; wholeLists?: boolean } = {}) {
    this.memo = new LineMemo(memoLines);
    this.wholeLists = wholeLists;
  }

  /** Loads shiki, its WebAssembly and both themes (what the first block would wait for). */
  async warm(): Promise<void> {
    await this.get('text');
  }

  /** Lines tokenized from memory so far. */
  get linesRemembered(): number {
    return this.memo.hits;
  }

  private async get(lang: string): Promise<Highlighter> {
    // Loaded on first use: a build whose code blocks all come from the cache never pays for it.
    // shiki's primitive highlighter (what `createHighlighter` from 'shiki' wraps), without the
    // HTML renderer and the JavaScript regex engine that 'shiki' itself loads (68 → 10 ms to import).
    this.highlighter ??= Promise.all([
      import('@shikijs/primitive'),
      import('shiki/engine/oniguruma'),
      import('@shikijs/vscode-textmate'),
      import('shiki/themes'),
    ]).then(async ([{ createShikiPrimitiveAsync }, { createOnigurumaEngine }, { Theme }, { bundledThemes }]) => {
      const highlighter = await createShikiPrimitiveAsync({
        themes: [bundledThemes[LIGHT_THEME], bundledThemes[DARK_THEME]],
        langs: [],
        engine: createOnigurumaEngine(onigurumaBinary()).then((engine) => patternFirstScanners(engine, sharingScanners(engine), () => this.wholeLists)),
      });
      const styles = (name: string): ThemeStyles => {
        const registration = highlighter.getTheme(name);
        const theme = Theme.createFromRawTheme(registration as never);
        return {
          name,
          fg: registration.fg,
          bg: registration.bg,
          theme,
          colors: theme.getColorMap(),
          replacements: (registration.colorReplacements ?? {}) as Record<string, string>,
        };
      };
      this.themes = [styles(LIGHT_THEME), styles(DARK_THEME)];
      return highlighter;
    });
    const highlighter = await this.highlighter;
    if (!this.loaded.has(lang)) {
      await highlighter.loadLanguage(bundledLanguages[lang as keyof typeof bundledLanguages]);
      this.loaded.add(lang);
      this.memo.clear();
    }
    return highlighter;
  }

  /** The style of a token with these scopes in both themes (as an inline style). */
  private styleOf(scopes: string[]): string {
    let node = this.styles;
    for (const scope of scopes) {
      let next = node.next?.get(scope);
      if (!next) (node.next ??= new Map()).set(scope, (next = {}));
      node = next;
    }
    return (node.style ??= this.styleOfStack(scopes));
  }

  private styleOfStack(scopes: string[]): string {
    const parts: string[] = [];
    for (const [index, theme] of this.themes!.entries()) {
      const prefix = index === 0 ? '--shiki-light' : '--shiki-dark';
      const defaults = theme.theme.getDefaults();
      let foreground = defaults.foregroundId;
      let fontStyle = defaults.fontStyle;
      let path: ScopePath | null = null;
      for (const scope of scopes) {
        path = { parent: path, scopeName: scope };
        const match = theme.theme.match(path as never);
        if (!match) continue;
        if (match.fontStyle !== -1) fontStyle = match.fontStyle;
        if (match.foregroundId !== 0) foreground = match.foregroundId;
      }
      const color = theme.colors[foreground];
      parts.push(`${prefix}:${theme.replacements[color] ?? theme.replacements[color.toLowerCase()] ?? color}`);
      if (fontStyle > 0) {
        if (fontStyle & ITALIC) parts.push(`${prefix}-font-style:italic`);
        if (fontStyle & BOLD) parts.push(`${prefix}-font-weight:bold`);
        const decorations = [fontStyle & UNDERLINE ? 'underline' : '', fontStyle & STRIKETHROUGH ? 'line-through' : ''].filter(Boolean);
        if (decorations.length) parts.push(`${prefix}-text-decoration:${decorations.join(' ')}`);
      }
    }
    return parts.join(';');
  }

  /**
   * The block's lines as runs of equally styled text. Whitespace-only runs join the next run (or
   * the previous one at the end of a line): their colour is invisible, and fewer spans are smaller.
   */
  async tokenize(code: string, lang: string | undefined | null): Promise<DualToken[][]> {
    const language = normaliseLang(lang);
    const highlighter = await this.get(language);
    const lines = code.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
    if (language === 'text') return lines.map((line) => (line ? [{ content: line, style: '' }] : []));
    const grammar = highlighter.getLanguage(language) as unknown as Grammar;
    let state: StateStack | null = null;
    const result: DualToken[][] = [];
    for (const line of lines) {
      if (line === '') {
        result.push([]);
        continue;
      }
      const key = this.memo.key(language, state, line);
      const known = this.memo.get(key);
      if (known) {
        result.push(known.runs);
        state = known.state;
        continue;
      }
      // No time limit (0): a limit makes the output depend on the machine's load (a line cut short
      // under load, e.g. while a worker compiles a grammar's expressions, is coloured differently).
      const tokenized = grammar.tokenizeLine(line, state, 0);
      state = tokenized.ruleStack;
      const runs: DualToken[] = [];
      let pending = '';
      let pendingStyle = '';
      for (const token of tokenized.tokens) {
        const content = line.slice(token.startIndex, Math.min(token.endIndex, line.length));
        if (!content) continue;
        const style = this.styleOf(token.scopes);
        const last = runs[runs.length - 1];
        if (/^\s+$/.test(content) && !style.includes('text-decoration')) {
          if (!pending) pendingStyle = style;
          pending += content;
          continue;
        }
        if (last && last.style === style && !pending) last.content += content;
        else if (last && last.style === style) {
          last.content += pending + content;
          pending = '';
        } else {
          runs.push({ content: pending + content, style });
          pending = '';
        }
      }
      if (pending) {
        if (runs.length) runs[runs.length - 1].content += pending;
        else runs.push({ content: pending, style: pendingStyle });
      }
      this.memo.set(key, runs, state);
      result.push(runs);
    }
    return result;
  }

  /** A block's lines as runs (`tokenize` of its code without the final newline): what its HTML and its element are made of. */
  tokenizeBlock({ code, lang }: Pick<CodeBlock, 'code' | 'lang'>): Promise<DualToken[][]> {
    return this.tokenize(code.replace(/\n$/, ''), normaliseLang(lang));
  }

  /** Highlights one fenced block into a hast `<pre>` element. */
  async highlight({ code, lang, meta }: CodeBlock): Promise<Element> {
    const language = normaliseLang(lang);
    const lines = await this.tokenizeBlock({ code, lang });
    const children: ElementContent[] = [];
    lines.forEach((runs, index) => {
      if (index > 0) children.push({ type: 'text', value: '\n' });
      const className = meta.highlightLines.has(index + 1) ? ['line', 'highlighted'] : ['line'];
      children.push({
        type: 'element',
        tagName: 'span',
        properties: { className },
        children: runs.map((run) => ({
          type: 'element',
          tagName: 'span',
          properties: run.style ? { style: run.style } : {},
          children: [{ type: 'text', value: run.content }],
        })),
      });
    });
    const pre = this.preAttributes(language, meta);
    return {
      type: 'element',
      tagName: 'pre',
      properties: { className: pre.className, style: pre.style, tabindex: '0', 'data-language': language },
      children: [{ type: 'element', tagName: 'code', properties: {}, children }],
    };
  }

  /**
   * One fenced block as the HTML of its whole frame (title, `<pre>`, copy button): the string
   * hast-util-to-html makes of `codeBlockFrame({ pre: await highlight(…) })`, written directly
   * (a block is thousands of spans; building them as a tree only to serialize it was most of a
   * block's cost after tokenizing). The unit tests hold the two equal on every block of the site.
   */
  async highlightHtml({ code, lang, meta }: CodeBlock): Promise<string> {
    const language = normaliseLang(lang);
    const lines = await this.tokenizeBlock({ code, lang });
    const pre = this.preAttributes(language, meta);
    const parts: string[] = [`<div class="${attributeText(`code-block language-${language}`)}">`];
    if (meta.title) parts.push(`<div class="code-title">${htmlText(meta.title)}</div>`);
    parts.push(
      `<pre class="${attributeText(pre.className.join(' '))}" style="${attributeText(pre.style)}" tabindex="0" data-language="${attributeText(language)}"><code>`,
    );
    lines.forEach((runs, index) => {
      if (index > 0) parts.push('\n');
      parts.push(meta.highlightLines.has(index + 1) ? '<span class="line highlighted">' : '<span class="line">');
      for (const run of runs) parts.push(run.style ? `<span style="${attributeText(run.style)}">` : '<span>', htmlText(run.content), '</span>');
      parts.push('</span>');
    });
    parts.push('</code></pre><button type="button" class="code-copy" aria-label="Copy code" data-copy="">Copy</button></div>');
    return parts.join('');
  }

  private preAttributes(language: string, meta: CodeMeta): { className: string[]; style: string } {
    const [light, dark] = this.themes!;
    return {
      className: ['shiki', 'shiki-themes', light.name, dark.name, ...(meta.showLineNumbers ? ['line-numbers'] : [])],
      style: `--shiki-light:${light.fg};--shiki-dark:${dark.fg};--shiki-light-bg:${light.bg};--shiki-dark-bg:${dark.bg}`,
    };
  }
}

/** Character references as hast-util-to-html writes them (hexadecimal, upper case). */
const reference = (char: string) => `&#x${char.charCodeAt(0).toString(16).toUpperCase()};`;
/** Text: `<` and `&` escaped, as hast-util-to-html does outside script and style. */
function htmlText(text: string): string {
  return /[&<]/.test(text) ? text.replace(/[&<]/g, reference) : text;
}
/** A double-quoted attribute value, escaped as hast-util-to-html does (NUL, quotes, `&`, backtick). */
function attributeText(text: string): string {
  return /[\0"&'`]/.test(text) ? text.replace(/[\0"&'`]/g, reference) : text;
}

/** Wraps a highlighted `<pre>` with its title bar and copy button. */
export function codeBlockFrame({ pre, title, language }: { pre: Element; title?: string; language: string }): Element {
  const children: ElementContent[] = [];
  if (title) {
    children.push({ type: 'element', tagName: 'div', properties: { className: ['code-title'] }, children: [{ type: 'text', value: title }] });
  }
  children.push(pre);
  children.push({
    type: 'element',
    tagName: 'button',
    properties: { type: 'button', className: ['code-copy'], 'aria-label': 'Copy code', 'data-copy': '' },
    children: [{ type: 'text', value: 'Copy' }],
  });
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['code-block', `language-${language}`] },
    children,
  };
}
