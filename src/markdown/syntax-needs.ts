/**
 * The pre-pass of the parse: which micromark extensions a file cannot need.
 *
 * folio parses every file with one dialect, micromark with GFM, directives and (for MDX files)
 * MDX. Each extension hooks the tokenizer on certain characters; GFM's autolink literals alone
 * hook every letter and digit, and cost more than half of micromark's time. A file that contains
 * none of the characters an extension needs to match can be parsed without it, with the same
 * syntax tree: a construct that is never attempted, or always fails, leaves no trace (micromark
 * rolls a failed attempt back, and merges the data tokens it splits). What each test below
 * looks for is read from the extension's own code (the characters its constructs are hooked on
 * and must see next); when in doubt the test says "needed". The differential test
 * (test/unit/syntax-needs.test.ts, bench/differential.mjs) parses the spec examples, the
 * fixtures, this site and the corpus both ways and compares the HTML.
 *
 * FOLIO_FULL_PARSE=1 turns the pre-pass off (every file takes the full parse: the reference path).
 */
import type { Extension as FromMarkdownExtension } from 'mdast-util-from-markdown';
import type { Extension as MicromarkExtension } from 'micromark-util-types';

export interface SyntaxNeeds {
  /** GFM `www.x`, `https://x`, `a@b.c` (and the mdast transform that links the same in text). */
  autolinkLiteral: boolean;
  /** GFM `[^1]` and `[^1]: …`. */
  footnote: boolean;
  /** GFM `~~x~~`. */
  strikethrough: boolean;
  /** GFM tables. */
  table: boolean;
  /** GFM `- [ ]` / `- [x]`. */
  taskList: boolean;
  /** `:text`, `::leaf`, `:::container` directives. */
  directive: boolean;
  /** MDX ESM, expressions and JSX (MDX files only; MDX's disabled constructs always apply). */
  mdxSyntax: boolean;
}

export const ALL_SYNTAX: SyntaxNeeds = {
  autolinkLiteral: true,
  footnote: true,
  strikethrough: true,
  table: true,
  taskList: true,
  directive: true,
  mdxSyntax: true,
};

/**
 * Whether this process takes the reference path (tests and benches): no pre-pass, no fast path,
 * and the pages' HTML written by hast-util-to-html rather than folio's serializer (hast-html.ts).
 */
export function fullParseForced(): boolean {
  return process.env.FOLIO_FULL_PARSE === '1';
}

/**
 * Which extensions `text` (the markdown as the parser gets it) may need. Cheap: a few regular
 * expression scans, far below the cost of one extension's hooks.
 */
export function syntaxNeeds(text: string): SyntaxNeeds {
  if (fullParseForced()) return ALL_SYNTAX;
  return {
    // micromark tries `www.` and `http(s)://` in any case (W, H…) and an email at any `@`; the
    // mdast transform looks for the same in text nodes, where character references are already
    // decoded: `&commat;` is the only named one that gives one of these characters, a numeric one
    // can give any.
    autolinkLiteral: /@|www|http|&#|&commat;/i.test(text),
    // A definition starts with `[^`; without a definition no call is one (its label must be defined).
    footnote: text.includes('[^'),
    strikethrough: text.includes('~'),
    // The delimiter row of a table needs a `|` (without one it is a setext heading or a break).
    table: text.includes('|'),
    // `[` then a space, tab or line ending (which may be followed by a container's prefix before
    // the `]`), or `[x]` / `[X]`.
    taskList: /\[(?:\s|[xX]\])/.test(text),
    directive: hasDirectiveName(text),
    // ESM only at the start of a line (column 1, `import ` / `export `), expressions at `{`, JSX at `<`.
    mdxSyntax: /[{<]/.test(text) || /^(?:import|export) /m.test(text),
  };
}

const punctuation = /\p{P}|\p{S}/u;

/**
 * Every directive (`:name`, `::name`, `:::name`) has a colon directly followed by the first
 * character of a name, which micromark-extension-directive accepts unless it is a line ending,
 * whitespace or Unicode punctuation/symbol, tested per UTF-16 unit (a surrogate half counts as a
 * name character there). A tab is not excluded: micromark sees it as a virtual-space code that
 * its whitespace test does not match.
 */
function hasDirectiveName(text: string): boolean {
  let index = text.indexOf(':');
  while (index !== -1) {
    const code = text.charCodeAt(index + 1);
    if (!Number.isNaN(code)) {
      const next = String.fromCharCode(code);
      if (code === 9 || !(/\s/.test(next) || punctuation.test(next))) return true;
    }
    index = text.indexOf(':', index + 1);
  }
  return false;
}

/** A stable name of a set of needs (which parser to take from the memo). */
export function needsKey(needs: SyntaxNeeds, mdx: boolean): string {
  return `${mdx ? 'mdx' : 'md'}:${Object.values(needs)
    .map((need) => (need ? 1 : 0))
    .join('')}`;
}

export interface ParserExtensions {
  micromark: MicromarkExtension[];
  fromMarkdown: (FromMarkdownExtension | FromMarkdownExtension[])[];
}

/**
 * The extension packages, each imported when a file first needs it: a site whose every file
 * the fast path takes loads none, and one markdown file off it loads GFM's parts it uses, not
 * MDX's parser (acorn and the estree tools) as well.
 */
const MODULES = {
  combine: () => import('micromark-util-combine-extensions'),
  autolink: () => import('micromark-extension-gfm-autolink-literal'),
  footnote: () => import('micromark-extension-gfm-footnote'),
  strike: () => import('micromark-extension-gfm-strikethrough'),
  table: () => import('micromark-extension-gfm-table'),
  task: () => import('micromark-extension-gfm-task-list-item'),
  directive: () => import('micromark-extension-directive'),
  mdxjs: () => import('micromark-extension-mdxjs'),
  mdxMd: () => import('micromark-extension-mdx-md'),
  mAutolink: () => import('mdast-util-gfm-autolink-literal'),
  mFootnote: () => import('mdast-util-gfm-footnote'),
  mStrike: () => import('mdast-util-gfm-strikethrough'),
  mTable: () => import('mdast-util-gfm-table'),
  mTask: () => import('mdast-util-gfm-task-list-item'),
  mDirective: () => import('mdast-util-directive'),
  mMdx: () => import('mdast-util-mdx'),
};
type ModuleName = keyof typeof MODULES;
type Modules = { [K in ModuleName]: Awaited<ReturnType<(typeof MODULES)[K]>> };
const imported = new Map<ModuleName, Promise<unknown>>();

/** The named extension packages, imported once each. */
async function modulesFor(names: ModuleName[]): Promise<Partial<Modules>> {
  const loaded = await Promise.all(
    names.map((name) => {
      let module = imported.get(name);
      if (!module) {
        module = MODULES[name]();
        imported.set(name, module);
      }
      return module;
    }),
  );
  return Object.fromEntries(names.map((name, index) => [name, loaded[index]])) as Partial<Modules>;
}

/**
 * The micromark and mdast extensions for a set of needs, in the order remark-gfm, remark-directive
 * and remark-mdx add them (GFM's five in micromark-extension-gfm's order): micromark combines the
 * constructs hooked on one character in extension order, so leaving some out keeps the order of
 * the rest. With every need this is exactly what the three plugins add.
 */
export async function parserExtensions(needs: SyntaxNeeds, mdx: boolean): Promise<ParserExtensions> {
  const names: ModuleName[] = ['combine'];
  if (needs.autolinkLiteral) names.push('autolink', 'mAutolink');
  if (needs.footnote) names.push('footnote', 'mFootnote');
  if (needs.strikethrough) names.push('strike', 'mStrike');
  if (needs.table) names.push('table', 'mTable');
  if (needs.taskList) names.push('task', 'mTask');
  if (needs.directive) names.push('directive', 'mDirective');
  if (mdx) names.push(...(needs.mdxSyntax ? (['mdxjs', 'mMdx'] as const) : (['mdxMd'] as const)));
  const m = (await modulesFor(names)) as Modules;
  const gfm: MicromarkExtension[] = [];
  const gfmFrom: FromMarkdownExtension[] = [];
  if (needs.autolinkLiteral) {
    gfm.push(m.autolink.gfmAutolinkLiteral());
    gfmFrom.push(m.mAutolink.gfmAutolinkLiteralFromMarkdown());
  }
  if (needs.footnote) {
    gfm.push(m.footnote.gfmFootnote());
    gfmFrom.push(m.mFootnote.gfmFootnoteFromMarkdown());
  }
  if (needs.strikethrough) {
    // remark-gfm passes its (empty) options object on.
    gfm.push(m.strike.gfmStrikethrough({}));
    gfmFrom.push(m.mStrike.gfmStrikethroughFromMarkdown());
  }
  if (needs.table) {
    gfm.push(m.table.gfmTable());
    gfmFrom.push(m.mTable.gfmTableFromMarkdown());
  }
  if (needs.taskList) {
    gfm.push(m.task.gfmTaskListItem());
    gfmFrom.push(m.mTask.gfmTaskListItemFromMarkdown());
  }
  const micromark: MicromarkExtension[] = [m.combine.combineExtensions(gfm)];
  const fromMarkdown: (FromMarkdownExtension | FromMarkdownExtension[])[] = [gfmFrom];
  if (needs.directive) {
    micromark.push(m.directive.directive());
    fromMarkdown.push(m.mDirective.directiveFromMarkdown());
  }
  if (mdx) {
    if (needs.mdxSyntax) {
      micromark.push(m.mdxjs.mdxjs({}));
      fromMarkdown.push(m.mMdx.mdxFromMarkdown());
    } else {
      // Without `{`, `<` or ESM, MDX is only what it turns off: indented code, HTML and `<…>` autolinks.
      micromark.push(m.mdxMd.mdxMd());
    }
  }
  return { micromark, fromMarkdown };
}
