/**
 * Guards against content nested so deeply that the tools choke on it. A
 * list nested 1,000 deep kept the markdown parser busy for minutes (its
 * list parsing grows much faster than the text), and JSX or quotes nested
 * 3,000 deep overflowed the stack of the recursive tree transforms
 * (mdast-util-to-hast, hast-util-to-html, our own walks) with a bare
 * RangeError. Real content never comes close to MAX_NESTING levels, so
 * anything deeper ends in one clear error naming the line:
 *
 * - before parsing, `prescanNesting` estimates the depth of each line from
 *   its container prefix (`>`, list markers, indentation), the open `:::`
 *   directives and, in MDX, the open JSX tags; cheap, one pass, and a lower
 *   bound for ordinary nesting, so it never refuses what the parser would
 *   nest less deeply than MAX_NESTING;
 * - after parsing, `deepestNode` measures the tree exactly, without
 *   recursion (emphasis and links nest inline, where the pre-scan does not
 *   look);
 * - a stack overflow anywhere in the compile is still turned into the same
 *   error (`isStackOverflow`).
 */
import type { Root } from 'mdast';

/** Nesting levels allowed: far beyond real content, far below what overflows the stack (about 1,000). */
export const MAX_NESTING = 200;

export interface TooDeep {
  /** 1-based line of the body text. */
  line?: number;
  depth: number;
}

const FENCE = /^(`{3,}|~{3,})/;
const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/;
const DIRECTIVE_OPEN = /^:{3,}[A-Za-z]/;
const DIRECTIVE_CLOSE = /^:{3,}\s*$/;

/**
 * The first line whose estimated nesting exceeds `limit`, or undefined. The estimate of a line is
 * its quote and list markers, plus a level per four columns of indentation before them (a nested
 * list item is indented by two to four columns per level), plus the `:::` directives and (MDX)
 * the JSX elements open around it. Fenced code is skipped.
 */
export function prescanNesting(text: string, { mdx, limit = MAX_NESTING }: { mdx: boolean; limit?: number }): TooDeep | undefined {
  let fence: string | undefined;
  let directives = 0;
  let jsx = 0;
  let lineNumber = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    lineNumber++;
    // The container prefix: indentation, then `>` and list markers with the blanks after them.
    let index = 0;
    let indent = 0;
    let markers = 0;
    for (;;) {
      const char = line[index];
      if (char === ' ') indent++;
      else if (char === '\t') indent += 4 - (indent % 4);
      else break;
      index++;
    }
    for (;;) {
      const rest = line.slice(index, index + 12);
      if (rest.startsWith('>')) {
        markers++;
        index++;
      } else {
        const list = LIST_MARKER.exec(rest);
        if (!list) break;
        markers++;
        index += list[0].length;
      }
      while (line[index] === ' ' || line[index] === '\t') index++;
    }
    const content = line.slice(index);
    const fenceMatch = FENCE.exec(content);
    if (fence) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length && content.trim() === fenceMatch[1]) fence = undefined;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      continue;
    }
    if (DIRECTIVE_OPEN.test(content)) directives++;
    else if (DIRECTIVE_CLOSE.test(content) && directives > 0) directives--;
    const containers = markers > 0 ? markers + Math.floor(indent / 4) : 0;
    if (containers + directives + jsx > limit) return { line: lineNumber, depth: containers + directives + jsx };
    if (mdx) {
      const tags = jsxTags(content);
      if (jsx + tags.deepest + directives > limit) return { line: lineNumber, depth: jsx + tags.deepest + directives };
      jsx = Math.max(0, jsx + tags.balance);
    }
  }
  return undefined;
}

/**
 * The JSX tags of a line: opening minus closing ones (`balance`), and how many are open at most
 * along the line (`deepest`: `<A><A><A>x</A></A></A>` balances out but nests 3 deep). Code spans
 * are skipped.
 */
function jsxTags(line: string): { balance: number; deepest: number } {
  if (!line.includes('<')) return { balance: 0, deepest: 0 };
  const withoutCode = line.replace(/(`+)[\s\S]*?\1/g, '');
  let balance = 0;
  let deepest = 0;
  // `<Name …>`, `</Name>`, `<Name />`, and the fragments `<>` `</>`; not `<!-- … -->` or `a < b`.
  for (const match of withoutCode.matchAll(/<(\/?)(?:[A-Za-z][\w.:-]*(?:\s[^<>]*?)?)?(\/?)>/g)) {
    if (match[1]) balance--;
    else if (!match[2]) deepest = Math.max(deepest, ++balance);
  }
  return { balance, deepest };
}

/** Nodes that hold others without nesting them in the reader's eyes (a list and its item are one level). */
const NOT_A_LEVEL = new Set(['listItem', 'paragraph', 'heading', 'tableRow', 'tableCell']);

/**
 * The first node nested deeper than `limit` levels, measured without recursion. A level is a node
 * that nests content (a list, a quote, a JSX element, emphasis, a directive…).
 */
export function deepestNode(tree: Root, limit = MAX_NESTING): TooDeep | undefined {
  type Node = { type: string; children?: Node[]; position?: { start: { line: number } } };
  const stack: { node: Node; depth: number }[] = [{ node: tree as unknown as Node, depth: 0 }];
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    if (depth > limit) return { line: node.position?.start.line, depth };
    const children = node.children;
    if (!children) continue;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (!child.children) continue;
      stack.push({ node: child, depth: NOT_A_LEVEL.has(child.type) ? depth : depth + 1 });
    }
  }
  return undefined;
}

/** A JavaScript stack overflow (the backstop for nesting the guards above did not catch). */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}
