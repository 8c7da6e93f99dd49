/**
 * Where a YAML or JSON syntax error really is, as a 1-based line and column
 * of the file. js-yaml reports the place it noticed the problem, which for an
 * unclosed `[`, `{` or quote is the start of a later line (or the end of the
 * text); the line the user has to fix is the one that opened it. JSON.parse
 * gives a character offset at best, and often none.
 */

export interface TextPosition {
  line: number;
  column: number;
}

interface YamlMark {
  line: number;
  column: number;
  position: number;
}

/**
 * The file position of a js-yaml error in `text`, which starts at line `firstLine` of the file
 * (1 for a whole YAML file; for front matter the text gray-matter parses starts on the line of the
 * opening `---`, just after it). Undefined when the error carries no mark.
 */
export function yamlErrorPosition(error: unknown, text: string, firstLine = 1): TextPosition | undefined {
  const mark = (error as { mark?: YamlMark } | undefined)?.mark;
  if (!mark || typeof mark.line !== 'number') return undefined;
  const opener = typeof mark.position === 'number' ? openConstructAt(text, Math.min(mark.position, text.length)) : undefined;
  if (opener !== undefined) {
    const at = positionOf(text, opener);
    if (at.line - 1 < mark.line) return { line: at.line + firstLine - 1, column: at.column };
  }
  return { line: mark.line + firstLine, column: mark.column + 1 };
}

/** The text's 1-based line and column of a character offset. */
export function positionOf(text: string, offset: number): TextPosition {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

/**
 * The offset of the innermost flow collection (`[`, `{`) or quoted scalar still open at `end`,
 * if any. A light scan, not a YAML parser: quotes and brackets count only where a value starts
 * (so `it's` and `a[1]` in plain scalars do not), and comments are skipped.
 */
function openConstructAt(text: string, end: number): number | undefined {
  const flows: number[] = [];
  let quote: { char: string; index: number } | undefined;
  let valueStart = true;
  for (let i = 0; i < end; i++) {
    const c = text[i];
    if (quote) {
      if (quote.char === '"' && c === '\\') i++;
      else if (c === quote.char) {
        if (quote.char === "'" && text[i + 1] === "'") i++;
        else {
          quote = undefined;
          valueStart = false;
        }
      }
      continue;
    }
    if (c === '\n') {
      if (flows.length === 0) valueStart = true;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') continue;
    if (c === '#' && (i === 0 || /\s/.test(text[i - 1]))) {
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? end : eol - 1;
      continue;
    }
    const next = text[i + 1];
    const separated = next === undefined || /\s/.test(next) || (flows.length > 0 && /[,\]}]/.test(next));
    if (valueStart && (c === '"' || c === "'")) quote = { char: c, index: i };
    else if (valueStart && (c === '[' || c === '{')) flows.push(i);
    else if (flows.length > 0 && (c === ']' || c === '}')) {
      flows.pop();
      valueStart = false;
    } else if (flows.length > 0 && c === ',') valueStart = true;
    else if ((c === ':' || c === '-' || c === '?') && separated) valueStart = c === ':' || valueStart;
    else valueStart = false;
  }
  if (quote) return quote.index;
  return flows.length > 0 ? flows[flows.length - 1] : undefined;
}

/** The file position of a JSON.parse error in `text`: from the offset in the message, or by scanning. */
export function jsonErrorPosition(error: unknown, text: string): TextPosition | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const offset = /at position (\d+)/.exec(message);
  if (offset) return positionOf(text, Number(offset[1]));
  const scanned = firstJsonError(text);
  return scanned === undefined ? undefined : positionOf(text, scanned);
}

/** The offset where JSON text stops being valid (a small recursive-descent check), or undefined. */
export function firstJsonError(text: string): number | undefined {
  let i = 0;
  const space = () => {
    while (i < text.length && /[ \t\r\n\uFEFF]/.test(text[i])) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail();
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\n') fail();
      i += text[i] === '\\' ? 2 : 1;
    }
    if (i >= text.length) fail();
    i++;
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!match) fail();
    i += match![0].length;
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') {
      i++;
      space();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        space();
        if (text[i] !== '"') fail();
        string();
        space();
        if (text[i] !== ':') fail();
        i++;
        value();
        space();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return;
        } else fail();
      }
    }
    if (c === '[') {
      i++;
      space();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        space();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return;
        } else fail();
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    fail();
  };
  try {
    value();
    space();
    return i < text.length ? i : undefined;
  } catch (offset) {
    // A number is where the text went wrong; anything else (nesting deep enough to exhaust the
    // stack) leaves the position unknown rather than failing the report of the real error.
    return typeof offset === 'number' ? Math.min(offset, text.length) : undefined;
  }
}
