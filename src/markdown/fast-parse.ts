/**
 * The fast path of the parse (issue 17): a file written only with the everyday constructs of
 * markdown is turned into the same mdast micromark would give it (the same nodes, fields, key
 * order and positions), in one pass over its lines, without micromark's tokenizer.
 *
 * There is still one dialect, the one MDX and micromark define: this parser does not interpret
 * anything the reference parser might read differently. It accepts a small subset and proves as
 * it goes that the file stays inside it; at the first character or line it has not proven to mean
 * exactly one thing, it gives up (returns undefined) and the file takes the micromark path.
 *
 * The subset: ATX headings, paragraphs separated by blank lines (empty, or only spaces and tabs),
 * thematic breaks, fenced code with backticks, `- ` and `1. ` lists whose items hold paragraphs
 * and fenced code (indented by the marker's width, tight or spread), GFM
 * tables, `:::name` container directives (with a plain one-line label or none, no attributes),
 * HTML blocks in `.md` files, and inside text: `*emphasis*`, `**strong**`, `` `code` `` (with
 * CommonMark's stripped spaces), `[text](url)` with a label of text and code spans and a plain
 * destination, `![alt](url)` with a plain alt, `http(s)://` autolink literals of plain characters,
 * and the escapes `\{`, `\}` and `\|` (Docusaurus heading ids, as compat.ts writes them; pipes in
 * table cells). What ends the fast path, among
 * others: a leading space or tab (an indent), any other `\`, and `&`, `<`, `{`, `}`, `_`, `~`, `@`
 * or `www.` in text, a `:` followed by anything but a space, a line that could start another block
 * inside a paragraph (a `*` only when a list item or a thematic break could start there: `**Bold**`
 * and `*em*` may begin a line), a `*` whose meaning depends on CommonMark's delimiter rules,
 * trailing spaces, a CR or a NUL anywhere.
 *
 * The differential test (test/unit/markdown/syntax-needs.test.ts, bench/differential.mjs) holds
 * its trees equal to the reference parse over generated snippets, every fixture, this site and
 * the corpus; FOLIO_FULL_PARSE=1 turns it off with the pre-pass.
 */
import type { Root as MdastRoot } from 'mdast';

interface Point {
  line: number;
  column: number;
  offset: number;
}
interface Position {
  start: Point;
  end: Point;
}
// Nodes are built as plain objects with the keys in the order mdast-util-from-markdown gives them.
type Node = { type: string; children?: Node[]; position?: Position; [key: string]: unknown };

/** Thrown inside the parser to give up; never leaves this module. */
const GIVE_UP = Symbol('fast-parse: not proven');

/**
 * Characters that end the fast path wherever they are in text (code excluded): see the header. GFM's
 * autolink literals need `www.`, an `@` or `http(s)://` (whose `:` is followed by `/`); a character
 * reference needs `&` before `#` or a letter or digit (any other `&` is itself).
 */
const TEXT_STOP = /[\\<{}_~@\]\x00-\x09\x0b-\x1f\x7f\ufeff]|&(?=[#A-Za-z0-9])|www\.|:[^ \n]|!\[/i;
/**
 * `\{`, `\}` and `\|`, the only escapes taken (each is its character, in the same text node); any
 * other backslash ends the fast path.
 */
const TAKEN_ESCAPE = /\\([{}|])/g;
const ESCAPE_STOP = /\\(?![{}|])/;
/**
 * What a block line may not start with (no interpretation of it is proven here); a `*` only when
 * a list item or a thematic break could begin with it (`* `, `*` alone, `***`, `** `).
 */
const LINE_STOP = /^(?:[ \t>+\-=_~<|:{#]|\*(?:[ \t]|$|\*(?:[ \t*]|$))|```|\d{1,9}[.)]|import |export )/;
/** Spaces starting a line, after a line ending inside text, and at the end of a text run. */
const LEADING_SPACES = /^ +/;
const CONTINUATION_INDENT = /\n +/g;
const LINE_END_INDENT = /\n( +)$/;
/** Trailing spaces or tabs (a hard break, or whitespace micromark strips from the text). */
const TRAILING_SPACE = /[ \t]$/;
/** A blank line: empty, or only spaces and tabs (such as the spaces compat.ts leaves for `<!-- truncate -->`). */
const isBlank = (line: string) => line === '' || /^[ \t]+$/.test(line);
const HEADING = /^(#{1,6}) (?=[^ ])/;
const FENCE = /^(`{3,})([^`]*)$/;
/** `:::name`, or `:::name[label]` with a label of one line, no brackets, no spaces at its ends. */
const CONTAINER = /^:::([A-Za-z][\w-]*)(?:\[([^[\] ](?:[^[\]]*[^[\] ])?)?\])?$/;
const DELIMITER_CELL = /^ *(:?)-+(:?) *$/;
/**
 * A line that opens an HTML block of CommonMark's kind 6 (a known block tag opens or closes it, and
 * the block runs to a blank line), for markdown files: in MDX the same line is JSX. The names are
 * some of CommonMark's block tag names; any other tag is not taken.
 */
const HTML_BLOCK = /^<\/?([A-Za-z][A-Za-z0-9]*)(?=[ \t>]|\/>|$)/;
const HTML_BLOCK_NAMES = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'center',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'ul',
]);
const TASK = /^\[[ xX\t]\]/;
/** A `<details>` element's summary line (MDX): text between the tags, no attributes. */
const SUMMARY = /^<summary>[^ <>{}](?:[^<>{}]*[^ <>{}])?<\/summary>$/;
/** A thematic break of three or more of one marker, nothing else on the line. */
const THEMATIC_BREAK = /^(?:-{3,}|\*{3,}|_{3,})$/;
/**
 * A GFM autolink literal taken here: `http(s)://`, a domain of ASCII letters, digits and `-` (not first) in
 * dot-separated parts, a port, and a path of the characters below only (no `(`, `)`, `&`, `_`, `*`,
 * quotes or brackets, whose meaning at the end of a literal takes more rules than this).
 */
const AUTOLINK = /^https?:\/\/[A-Za-z0-9][A-Za-z0-9-]*(?:\.[A-Za-z0-9-]+)*(?::\d{1,5})?(?:\/[A-Za-z0-9\-/.#?=%+~]*)?/;
/** Trailing punctuation micromark leaves out of a literal when only more of it and an end follow. */
const AUTOLINK_TRAIL = /[.,:;!?)~]/;
/** An ordered list item's marker and its one space: the number, the delimiter. */
const ORDERED = /^(\d{1,9})([.)]) (?=[^ \t])/;
const DESTINATION = /^[\w\-./#?=%+:,;@!$~]+$/;
const ALNUM = /[A-Za-z0-9]/;
const CLOSER_AFTER = /[ \n.,;:!?)]/;
/** Punctuation an emphasis closer may follow (a code span's closing backtick among it). */
const CLOSER_PUNCTUATION = /[.,;:!?)`'"]/;

class FastParser {
  private readonly lines: string[];
  /** Inside a table's rows (a code span's `\|` is a pipe there). */
  private inTable = false;
  /** Inside a link's label (an autolink literal there would be a link in a link: not taken). */
  private inLabel = false;
  private readonly starts: number[];

  constructor(
    private readonly text: string,
    private readonly mdx: boolean,
  ) {
    this.lines = text.split('\n');
    this.starts = new Array(this.lines.length);
    let at = 0;
    for (let i = 0; i < this.lines.length; i++) {
      this.starts[i] = at;
      at += this.lines[i].length + 1;
    }
  }

  root(): MdastRoot {
    const children = this.blocks(0, this.lines.length);
    return { type: 'root', children, position: { start: this.point(0), end: this.point(this.text.length) } } as unknown as MdastRoot;
  }

  /** Offset → point (line and column count UTF-16 units, as micromark does). */
  private point(offset: number): Point {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.starts[low] + 1, offset };
  }

  private span(from: number, to: number): Position {
    return { start: this.point(from), end: this.point(to) };
  }

  private lineEnd(line: number): number {
    return this.starts[line] + this.lines[line].length;
  }

  /** The blocks of lines [first, end): the document, or a container's content. */
  private blocks(first: number, end: number): Node[] {
    const children: Node[] = [];
    const lines = this.lines;
    let line = first;
    while (line < end) {
      const text = lines[line];
      if (isBlank(text)) {
        line++;
        continue;
      }
      if (TRAILING_SPACE.test(text)) throw GIVE_UP;
      const heading = HEADING.exec(text);
      if (heading) {
        if (text.endsWith('#')) throw GIVE_UP;
        const depth = heading[1].length;
        const start = this.starts[line];
        children.push({
          type: 'heading',
          depth,
          children: this.inline(start + depth + 1, this.lineEnd(line)),
          position: this.span(start, this.lineEnd(line)),
        });
        line++;
        continue;
      }
      if (text.startsWith('```')) {
        line = this.fence(line, end, children);
        continue;
      }
      // At the start of a block (a paragraph's next line is not: `---` there makes a heading, and
      // paragraph() refuses it).
      if (THEMATIC_BREAK.test(text)) {
        children.push({ type: 'thematicBreak', position: this.span(this.starts[line], this.lineEnd(line)) });
        line++;
        continue;
      }
      if (text.startsWith('- ') || ORDERED.test(text)) {
        line = this.list(line, end, children);
        continue;
      }
      if (text.startsWith('|')) {
        line = this.table(line, end, children);
        continue;
      }
      if (text.startsWith('<') && !this.mdx) {
        line = this.html(line, end, children);
        continue;
      }
      if (text === '<details>' && this.mdx) {
        line = this.details(line, end, children);
        continue;
      }
      const container = CONTAINER.exec(text);
      if (container) {
        // Closed by the next line that starts with `:::`, which must be exactly that: a nested
        // container (whose `:::` would close the outer one) or a fence of another size gives up.
        let close = line + 1;
        while (close < end && !lines[close].startsWith(':::')) close++;
        if (close >= end || lines[close] !== ':::') throw GIVE_UP;
        const content = this.blocks(line + 1, close);
        if (container[0].endsWith(']')) {
          // The label: a paragraph of its own, first, spanning its brackets.
          const from = this.starts[line] + 3 + container[1].length;
          const to = this.lineEnd(line);
          content.unshift({ type: 'paragraph', data: { directiveLabel: true }, children: this.inline(from + 1, to - 1), position: this.span(from, to) });
        }
        children.push({
          type: 'containerDirective',
          name: container[1],
          attributes: {},
          children: content,
          position: this.span(this.starts[line], this.lineEnd(close)),
        });
        line = close + 1;
        continue;
      }
      line = this.paragraph(line, end, children);
    }
    return children;
  }

  /**
   * In MDX, `<details>` and `</details>` alone on their lines around markdown blocks: a JSX flow
   * element (the collapsible section of Docusaurus's docs). Its first line may be
   * `<summary>text</summary>`, a paragraph holding a JSX text element, followed by an empty line;
   * the blocks end with an empty line before `</details>`, which an empty line or the end follows.
   */
  private details(first: number, end: number, children: Node[]): number {
    const lines = this.lines;
    let close = first + 1;
    while (close < end && lines[close] !== '</details>') {
      if (lines[close].startsWith('<details') || lines[close].startsWith('</details')) throw GIVE_UP;
      close++;
    }
    if (close >= end || lines[close - 1] !== '' || (close + 1 < lines.length && (close + 1 >= end || !isBlank(lines[close + 1])))) throw GIVE_UP;
    const content: Node[] = [];
    let from = first + 1;
    const summary = SUMMARY.exec(lines[from]);
    if (summary) {
      if (lines[from + 1] !== '') throw GIVE_UP;
      const start = this.starts[from];
      const to = this.lineEnd(from);
      content.push({
        type: 'paragraph',
        children: [{ type: 'mdxJsxTextElement', name: 'summary', attributes: [], children: this.inline(start + 9, to - 10), position: this.span(start, to) }],
        position: this.span(start, to),
      });
      from++;
    }
    content.push(...this.blocks(from, close));
    children.push({
      type: 'mdxJsxFlowElement',
      name: 'details',
      attributes: [],
      children: content,
      position: this.span(this.starts[first], this.lineEnd(close)),
    });
    return close + 1;
  }

  /** An HTML block (see HTML_BLOCK) or comment: its lines, as they are. */
  private html(first: number, end: number, children: Node[]): number {
    const lines = this.lines;
    let last = first;
    if (lines[first].startsWith('<!--')) {
      // A comment (kind 2, such as `<!-- truncate -->`): to the end of the line holding `-->`.
      if (/^<!---?>/.test(lines[first])) throw GIVE_UP;
      let close = lines[first].indexOf('-->', 4);
      while (close < 0) {
        if (++last >= end) throw GIVE_UP;
        close = lines[last].indexOf('-->');
      }
    } else {
      const tag = HTML_BLOCK.exec(lines[first]);
      if (!tag || !HTML_BLOCK_NAMES.has(tag[1].toLowerCase())) throw GIVE_UP;
      // To a blank line, or a container's closing fence (micromark closes the container first).
      while (last + 1 < end && !isBlank(lines[last + 1])) last++;
    }
    for (let line = first + 1; line <= last; line++) if (TRAILING_SPACE.test(lines[line])) throw GIVE_UP;
    const start = this.starts[first];
    const to = this.lineEnd(last);
    children.push({ type: 'html', value: this.text.slice(start, to), position: this.span(start, to) });
    return last + 1;
  }

  private paragraph(first: number, end: number, children: Node[]): number {
    const lines = this.lines;
    if (LINE_STOP.test(lines[first]) || /^\[[^\]]*\]:/.test(lines[first])) throw GIVE_UP;
    let last = first;
    while (last + 1 < end && !isBlank(lines[last + 1])) {
      // A line going on with spaces first (a doc comment's wrapped tag text): they are not its text
      // (plain() drops them), and what follows them must not start a block.
      const next = lines[last + 1];
      if (LINE_STOP.test(next.replace(LEADING_SPACES, '')) || TRAILING_SPACE.test(next)) throw GIVE_UP;
      last++;
    }
    const start = this.starts[first];
    const to = this.lineEnd(last);
    children.push({ type: 'paragraph', children: this.inline(start, to), position: this.span(start, to) });
    return last + 1;
  }

  private fence(first: number, end: number, children: Node[]): number {
    const lines = this.lines;
    const open = FENCE.exec(lines[first]);
    if (!open) throw GIVE_UP;
    const size = open[1].length;
    const info = open[2];
    if (info.startsWith(' ') || /[\\&]/.test(info)) throw GIVE_UP;
    const space = info.indexOf(' ');
    const lang = info === '' ? null : space < 0 ? info : info.slice(0, space);
    const meta = space < 0 ? null : info.slice(space + 1).replace(/^ +/, '');
    if (meta === '') throw GIVE_UP;
    let close = first + 1;
    for (; close < end; close++) {
      const text = lines[close];
      // A closing fence: as many backticks or more, nothing else. Anything close to one gives up.
      if (/^ {0,3}`{3,}[ \t]*$/.test(text)) {
        if (/^`+$/.test(text) && text.length >= size) break;
        throw GIVE_UP;
      }
    }
    if (close >= end) throw GIVE_UP;
    const value = first + 1 === close ? '' : this.text.slice(this.starts[first + 1], this.lineEnd(close - 1));
    children.push({ type: 'code', lang, meta, value, position: this.span(this.starts[first], this.lineEnd(close)) });
    return close + 1;
  }

  /**
   * A list of `- ` items, or ordered ones (`1. `, `2) `) with one delimiter throughout (another
   * would begin another list), ended by a blank line or the end. An item is its marker's line and
   * the lines after it indented by the marker's width, with empty lines between them; its content,
   * without that indent, is paragraphs and fenced code (parsed as a document of its own, see
   * `itemContent`). As mdast-util-from-markdown has it: an item is spread when an empty line
   * separates two of its blocks, the list when one separates two items.
   */
  private list(first: number, end: number, children: Node[]): number {
    const lines = this.lines;
    const items: Node[] = [];
    const ordered = ORDERED.exec(lines[first]);
    const delimiter = ordered?.[2];
    let spread = false;
    let line = first;
    let after = first;
    while (line < end) {
      const text = lines[line];
      let width: number;
      if (ordered) {
        const item = ORDERED.exec(text);
        if (!item) break;
        if (item[2] !== delimiter) throw GIVE_UP;
        width = item[0].length;
      } else if (text.startsWith('- ')) width = 2;
      else break;
      const content = text.slice(width);
      if (content === '' || content.startsWith(' ') || TASK.test(content) || TRAILING_SPACE.test(text)) throw GIVE_UP;
      // The item's lines: indented by `width`, or empty with such a line after them.
      const indent = ' '.repeat(width);
      let last = line;
      let blankInside = false;
      let next = line + 1;
      while (next < end) {
        // A line of spaces is blank to micromark: only empty ones are taken inside an item (after
        // one, blockEnds refuses anything but the end of the list).
        if (lines[next] !== '' && isBlank(lines[next])) break;
        if (lines[next].startsWith(indent)) {
          last = next++;
          continue;
        }
        if (lines[next] !== '') break;
        let past = next;
        while (past < end && lines[past] === '') past++;
        if (past >= end || isBlank(lines[past]) || !lines[past].startsWith(indent)) break;
        blankInside = true;
        last = past;
        next = past + 1;
      }
      items.push({
        type: 'listItem',
        spread: blankInside,
        checked: null,
        children: this.itemContent(line, last, width),
        position: this.span(this.starts[line], this.lineEnd(last)),
      });
      after = last + 1;
      // Empty lines and then another item: the list is spread. Anything else after them ends it.
      let past = after;
      while (past < end && lines[past] === '') past++;
      const nextItem = past < end && (ordered ? ORDERED.exec(lines[past])?.[2] === delimiter : lines[past].startsWith('- '));
      if (!nextItem) break;
      if (past > after) spread = true;
      line = past;
    }
    this.blockEnds(after, end, true);
    children.push({
      type: 'list',
      ordered: ordered !== null,
      start: ordered ? Number.parseInt(ordered[1], 10) : null,
      spread,
      children: items,
      position: this.span(this.starts[first], this.lineEnd(after - 1)),
    });
    return after;
  }

  /**
   * An item's content: its lines [first, last] without the marker's width, parsed as a document of
   * its own whose positions are moved back onto this one's lines. Paragraphs and fenced code only.
   */
  private itemContent(first: number, last: number, width: number): Node[] {
    const own: string[] = [];
    for (let line = first; line <= last; line++) own.push(this.lines[line].slice(width));
    const blocks = new FastParser(own.join('\n'), this.mdx).blocks(0, own.length);
    // A point moves right by the indent, but for the end of a run of text at a line ending, which
    // micromark places before the next line's indent (its first column).
    const move = (point: Point, end: boolean): Point => {
      const line = first + point.line - 1;
      const column = end && point.column === 1 && line > first ? 1 : point.column + width;
      return { line: line + 1, column, offset: this.starts[line] + column - 1 };
    };
    const shift = (node: Node): void => {
      if (node.position) node.position = { start: move(node.position.start, false), end: move(node.position.end, true) };
      if (node.children) for (const child of node.children) shift(child);
    };
    for (const block of blocks) {
      if (block.type !== 'paragraph' && block.type !== 'code') throw GIVE_UP;
      shift(block);
    }
    return blocks;
  }

  /**
   * After a list or table: the end of the document, or a blank line (then, after a list, not a
   * line that could continue it: another item would make the list loose). The end of a
   * container's content counts only when the document ends there too: a list or table straight
   * above `:::` gives up.
   */
  private blockEnds(line: number, end: number, list: boolean): void {
    const lines = this.lines;
    if (line >= lines.length) return;
    if (line >= end || !isBlank(lines[line])) throw GIVE_UP;
    if (!list) return;
    let next = line;
    while (next < end && isBlank(lines[next])) next++;
    if (next < end && (lines[next].startsWith('- ') || ORDERED.test(lines[next]) || lines[next].startsWith(' ') || lines[next].startsWith('\t'))) throw GIVE_UP;
  }

  private table(first: number, end: number, children: Node[]): number {
    const lines = this.lines;
    if (first + 1 >= end) throw GIVE_UP;
    const head = this.cells(first);
    const delimiter = lines[first + 1];
    if (!delimiter.startsWith('|') || !delimiter.endsWith('|')) throw GIVE_UP;
    const align = delimiter
      .slice(1, -1)
      .split('|')
      .map((cell) => {
        const found = DELIMITER_CELL.exec(cell);
        if (!found) throw GIVE_UP;
        return found[1] && found[2] ? 'center' : found[1] ? 'left' : found[2] ? 'right' : null;
      });
    if (align.length !== head.length) throw GIVE_UP;
    this.inTable = true;
    const rows = [this.row(first, head)];
    let line = first + 2;
    for (; line < end && !isBlank(lines[line]); line++) {
      const cells = this.cells(line);
      if (cells.length !== head.length) throw GIVE_UP;
      rows.push(this.row(line, cells));
    }
    this.inTable = false;
    this.blockEnds(line, end, false);
    children.push({ type: 'table', align, children: rows, position: this.span(this.starts[first], this.lineEnd(line - 1)) });
    return line;
  }

  /**
   * A table row's cells as [from, to) of each `|`-separated part (the pipes included as GFM places
   * them). `\|` is a pipe of the cell's text, in a code span too (see codeSpan); a row with `\\` and
   * `\|` is not taken (`\\|` is an escaped backslash before a divider).
   */
  private cells(line: number): [number, number][] {
    const text = this.lines[line];
    if (!text.startsWith('|') || !text.endsWith('|') || text.endsWith('\\|') || text.length < 3) throw GIVE_UP;
    const escapes = text.includes('\\|');
    if (escapes && text.includes('\\\\')) throw GIVE_UP;
    const start = this.starts[line];
    const cells: [number, number][] = [];
    let at = 0;
    while (at < text.length - 1) {
      let next = text.indexOf('|', at + 1);
      while (escapes && text.charCodeAt(next - 1) === 92) next = text.indexOf('|', next + 1);
      cells.push([start + at, start + next]);
      at = next;
    }
    return cells;
  }

  private row(line: number, cells: [number, number][]): Node {
    const last = cells.length - 1;
    return {
      type: 'tableRow',
      children: cells.map(([from, to], index) => {
        let a = from + 1;
        let b = to;
        while (a < b && this.text.charCodeAt(a) === 32) a++;
        while (b > a && this.text.charCodeAt(b - 1) === 32) b--;
        return { type: 'tableCell', children: a === b ? [] : this.inline(a, b), position: this.span(from, index === last ? to + 1 : to) };
      }),
      position: this.span(this.starts[line], this.lineEnd(line)),
    };
  }

  /**
   * Plain text [from, to): nothing in it may mean anything but itself, but for `\{` and `\}` (what
   * compat.ts writes around a Docusaurus heading id): each is the brace, in the same text node.
   */
  private plain(from: number, to: number, into: Node[]): void {
    if (from === to) return;
    let value = this.text.slice(from, to);
    if (value.includes('\\')) {
      if (ESCAPE_STOP.test(value) || TEXT_STOP.test(value.replace(TAKEN_ESCAPE, 'x'))) throw GIVE_UP;
      value = value.replace(TAKEN_ESCAPE, '$1');
    } else if (TEXT_STOP.test(value)) throw GIVE_UP;
    // A `!` straight before a link is an image. (A `:` before a construct cannot start a directive,
    // which needs a name; an emphasis opener's own rule looks at the character before it.)
    if (value.charCodeAt(value.length - 1) === 33 && this.text.charCodeAt(to) === 91) throw GIVE_UP;
    // A paragraph's lines lose their leading spaces; a run ending at a line ending ends before them.
    let end = to;
    if (value.includes('\n ')) {
      const indent = LINE_END_INDENT.exec(value);
      if (indent) end -= indent[1].length;
      value = value.replace(CONTINUATION_INDENT, '\n');
    }
    into.push({ type: 'text', value, position: this.span(from, end) });
  }

  /** The inline content [from, to) of a heading, paragraph, item or cell. */
  private inline(from: number, to: number): Node[] {
    const text = this.text;
    const nodes: Node[] = [];
    let plainFrom = from;
    let at = from;
    while (at < to) {
      const c = text.charCodeAt(at);
      // A code span, emphasis, a link, an image or an autolink literal; anything else is plain text
      // up to the next one.
      const construct =
        c === 96
          ? this.codeSpan(at, to)
          : c === 42
            ? this.emphasis(at, to)
            : c === 91
              ? this.link(at, to)
              : c === 33 && text.charCodeAt(at + 1) === 91
                ? this.image(at, to)
                : c === 104
                  ? this.autolink(at, to)
                  : undefined;
      if (!construct) {
        at++;
        continue;
      }
      this.plain(plainFrom, at, nodes);
      nodes.push(construct.node);
      at = plainFrom = construct.to;
    }
    this.plain(plainFrom, to, nodes);
    return nodes;
  }

  /**
   * A code span of one or two backticks (in a paragraph, over lines): backtick runs of another size inside it are
   * its text; a space at both ends (not only spaces) is stripped from each, as CommonMark says.
   */
  private codeSpan(from: number, to: number): { node: Node; to: number } {
    const text = this.text;
    let size = 1;
    while (from + size < to && text.charCodeAt(from + size) === 96) size++;
    if (size > 2) throw GIVE_UP;
    const fence = size === 1 ? '`' : '``';
    let at = from + size;
    for (;;) {
      const close = text.indexOf(fence, at);
      if (close < 0 || close + size > to) throw GIVE_UP;
      // Exactly `size` backticks: a longer run is not the closer.
      if (text.charCodeAt(close + size) === 96) {
        at = close + size;
        while (text.charCodeAt(at) === 96) at++;
        continue;
      }
      let content = text.slice(from + size, close);
      // Across lines of a paragraph, the line endings and the next lines' spaces stay in the value
      // (as mdast-util-from-markdown keeps them); not at its ends.
      if (content === '' || content.startsWith('\n') || content.endsWith('\n')) throw GIVE_UP;
      if (content.startsWith(' ') || content.endsWith(' ')) {
        if (content.length < 2 || !content.startsWith(' ') || !content.endsWith(' ') || !/[^ ]/.test(content)) throw GIVE_UP;
        content = content.slice(1, -1);
      }
      // In a table, mdast-util-gfm-table takes `\|` in code for a pipe (as GitHub does).
      const value = this.inTable ? content.replace(/\\\|/g, '|') : content;
      return { node: { type: 'inlineCode', value, position: this.span(from, close + size) }, to: close + size };
    }
  }

  /**
   * `*x*` or `**x**`: an opener after a space or the start, before a letter, a digit or a code
   * span; the next `*` run the same size, after a letter or digit and before a space, an end or
   * `.,;:!?)`, or after punctuation and before a space or an end. Each run can then only open or
   * only close (CommonMark's flanking rules), so they pair as written.
   */
  private emphasis(from: number, to: number): { node: Node; to: number } {
    const text = this.text;
    const size = text.charCodeAt(from + 1) === 42 ? 2 : 1;
    // Before the opener: a space, a line ending or the start of the content (`# `, `- `, `| ` before it).
    const before = text[from - 1];
    const after = text[from + size] ?? '';
    if (!(before === undefined || before === ' ' || before === '\n') || !(ALNUM.test(after) || after === '`' || after === '[')) throw GIVE_UP;
    const close = text.indexOf('*', from + size);
    if (close < 0 || close + size > to) throw GIVE_UP;
    if (size === 2 ? text.charCodeAt(close + 1) !== 42 || text.charCodeAt(close + 2) === 42 : text.charCodeAt(close + 1) === 42) throw GIVE_UP;
    const end = close + size;
    // After a letter or digit, the closer may be followed by `.,;:!?)`; after punctuation, only by a
    // space or an end (else it could open too).
    const last = text[close - 1];
    if (
      ALNUM.test(last)
        ? !(end === to || CLOSER_AFTER.test(text[end]))
        : !(CLOSER_PUNCTUATION.test(last) && (end === to || text[end] === ' ' || text[end] === '\n'))
    )
      throw GIVE_UP;
    // Text, code spans and links inside (no `*` is, the closer being the next one: a link holding
    // one is cut by it, and link() refuses what is left of it).
    const children = this.inline(from + size, close);
    return { node: { type: size === 2 ? 'strong' : 'emphasis', children, position: this.span(from, end) }, to: end };
  }

  /**
   * `[label](destination)`: a label on one line of text and code spans (each closed inside it, so
   * none runs past the `]`), a destination without spaces, quotes, brackets or escapes.
   */
  private link(from: number, to: number): { node: Node; to: number } {
    const text = this.text;
    const close = this.labelEnd(from, to);
    if (close + 1 >= to || text.charCodeAt(close + 1) !== 40 /* ( */) throw GIVE_UP;
    const label = text.slice(from + 1, close);
    if (label === '' || label.startsWith(' ') || label.endsWith(' ') || label.includes('\n')) throw GIVE_UP;
    const { url, paren } = this.destination(close, to);
    this.inLabel = true;
    const children = this.inline(from + 1, close);
    this.inLabel = false;
    return { node: { type: 'link', title: null, url, children, position: this.span(from, paren + 1) }, to: paren + 1 };
  }

  /**
   * The `]` closing the label opened at `from`: code spans bind tighter than brackets (a `]` in
   * one is its text); a `[`, `*`, `^` or line ending outside them is not taken.
   */
  private labelEnd(from: number, to: number): number {
    const text = this.text;
    let at = from + 1;
    while (at < to) {
      const c = text.charCodeAt(at);
      if (c === 93) return at;
      if (c === 96) {
        at = this.codeSpan(at, to).to;
        continue;
      }
      if (c === 91 || c === 42 || c === 94 || c === 10) throw GIVE_UP;
      at++;
    }
    throw GIVE_UP;
  }

  /** The `(destination)` after a label's `]` at `close`: plain (see DESTINATION), no title. */
  private destination(close: number, to: number): { url: string; paren: number } {
    const paren = this.text.indexOf(')', close + 2);
    if (paren < 0 || paren >= to) throw GIVE_UP;
    const url = this.text.slice(close + 2, paren);
    if (!DESTINATION.test(url)) throw GIVE_UP;
    return { url, paren };
  }

  /** `![alt](destination)`: an alt of plain text on one line (it is the image's `alt` as written). */
  private image(from: number, to: number): { node: Node; to: number } {
    const text = this.text;
    const close = text.indexOf(']', from + 2);
    if (close < 0 || close + 1 >= to || text.charCodeAt(close + 1) !== 40 /* ( */) throw GIVE_UP;
    const alt = text.slice(from + 2, close);
    if (alt === '' || /[[*`\n^!]/.test(alt) || TEXT_STOP.test(alt) || alt.startsWith(' ') || alt.endsWith(' ')) throw GIVE_UP;
    const { url, paren } = this.destination(close, to);
    return { node: { type: 'image', title: null, url, alt, position: this.span(from, paren + 1) }, to: paren + 1 };
  }

  /**
   * A GFM autolink literal (see AUTOLINK) after a space, a line ending or the start, not in a
   * link's label, followed by an end or by trailing punctuation (see AUTOLINK_TRAIL) and then an
   * end: what micromark makes of it. Any other `h` is text (a `http:` there then ends the fast
   * path at its `:`).
   */
  private autolink(from: number, to: number): { node: Node; to: number } | undefined {
    const text = this.text;
    if (!text.startsWith('http://', from) && !text.startsWith('https://', from)) return undefined;
    const before = text.charCodeAt(from - 1);
    if (from > 0 && before !== 32 && before !== 10) return undefined;
    const match = AUTOLINK.exec(text.slice(from, Math.min(to, from + 2048)));
    if (!match || this.inLabel) throw GIVE_UP;
    let end = from + match[0].length;
    while (AUTOLINK_TRAIL.test(text[end - 1])) end--;
    let after = end;
    while (after < to && AUTOLINK_TRAIL.test(text[after])) after++;
    if (after < to && text[after] !== ' ' && text[after] !== '\n') throw GIVE_UP;
    const url = text.slice(from, end);
    return {
      node: { type: 'link', title: null, url, children: [{ type: 'text', value: url, position: this.span(from, end) }], position: this.span(from, end) },
      to: end,
    };
  }
}

/**
 * The mdast of `text` when it is proven to be inside the fast path's subset, else undefined (the
 * caller parses it with micromark). The same for markdown and MDX: nothing MDX reads differently
 * (`<`, `{`, `import`/`export` lines, indented code) is accepted.
 */
export function fastParse(text: string, { mdx }: { mdx: boolean }): MdastRoot | undefined {
  // CR ends lines too; micromark turns NUL into U+FFFD everywhere, code included.
  if (text.includes('\r') || text.includes('\0')) return undefined;
  try {
    return new FastParser(text, mdx).root();
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}
