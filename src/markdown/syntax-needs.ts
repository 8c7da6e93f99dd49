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

/** Whether the pre-pass is off for this process (the reference path, for tests and benches). */
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

type Modules = Awaited<ReturnType<typeof loadModules>>;
let modules: Promise<Modules> | undefined;

async function loadModules() {
  const [combine, autolink, footnote, strike, table, task, directive, mdxjs, mdxMd, mAutolink, mFootnote, mStrike, mTable, mTask, mDirective, mMdx] =
    await Promise.all([
      import('micromark-util-combine-extensions'),
      import('micromark-extension-gfm-autolink-literal'),
      import('micromark-extension-gfm-footnote'),
      import('micromark-extension-gfm-strikethrough'),
      import('micromark-extension-gfm-table'),
      import('micromark-extension-gfm-task-list-item'),
      import('micromark-extension-directive'),
      import('micromark-extension-mdxjs'),
      import('micromark-extension-mdx-md'),
      import('mdast-util-gfm-autolink-literal'),
      import('mdast-util-gfm-footnote'),
      import('mdast-util-gfm-strikethrough'),
      import('mdast-util-gfm-table'),
      import('mdast-util-gfm-task-list-item'),
      import('mdast-util-directive'),
      import('mdast-util-mdx'),
    ]);
  return {
    combine,
    autolink,
    footnote,
    strike,
    table,
    task,
    directive,
    mdxjs,
    mdxMd,
    mAutolink,
    mFootnote,
    mStrike,
    mTable,
    mTask,
    mDirective,
    mMdx,
  };
}

/**
 * The micromark and mdast extensions for a set of needs, in the order remark-gfm, remark-directive
 * and remark-mdx add them (GFM's five in micromark-extension-gfm's order): micromark combines the
 * constructs hooked on one character in extension order, so leaving some out keeps the order of
 * the rest. With every need this is exactly what the three plugins add.
 */
export async function parserExtensions(needs: SyntaxNeeds, mdx: boolean): Promise<ParserExtensions> {
  modules ??= loadModules();
  const m = await modules;
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
