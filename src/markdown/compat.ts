/**
 * The compatibility mode of the spec (Docusaurus' mdx1Compat): HTML
 * comments, `:::type Title` admonitions and `{#id}` heading ids, rewritten
 * into forms the MDX 3 parser accepts. Line and column positions are kept,
 * so errors and link warnings point at the user's own text.
 */
export interface CompatOptions {
  comments: boolean;
  admonitions: boolean;
  headingIds: boolean;
}

export interface CompatResult {
  text: string;
  /** 1-based line of a `<!-- truncate -->` marker (or `{/* truncate *\/}`), if any. */
  truncateLine?: number;
}

export const ADMONITION_TYPES = ['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important', 'success', 'secondary'];

/** The heading of an admonition without a title of its own (also `@theme/Admonition`'s default). */
export const ADMONITION_TITLES: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
  important: 'Important',
  success: 'Success',
  secondary: 'Note',
};

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

export function applyCompat(body: string, options: CompatOptions): CompatResult {
  const lines = body.split('\n');
  let fence: string | undefined;
  let inComment = false;
  let truncateLine: number | undefined;
  const admonition = new RegExp(`^(\\s*:{3,}\\s*)(${ADMONITION_TYPES.join('|')})(?:[ \\t]+(.+?))?\\s*$`);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    if (!inComment) {
      const fenceMatch = FENCE.exec(line);
      if (fenceMatch) {
        const marker = fenceMatch[1];
        if (!fence) fence = marker;
        else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
        continue;
      }
      if (fence) continue;
    }
    if (/^\s*(<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\})\s*$/.test(line)) truncateLine ??= i + 1;
    if (options.comments) {
      // Blank out comments, keeping every other character where it is.
      let out = '';
      let index = 0;
      while (index < line.length) {
        if (inComment) {
          const end = line.indexOf('-->', index);
          if (end < 0) {
            out += ' '.repeat(line.length - index);
            index = line.length;
          } else {
            out += ' '.repeat(end + 3 - index);
            index = end + 3;
            inComment = false;
          }
        } else {
          const start = line.indexOf('<!--', index);
          if (start < 0 || isInInlineCode(line, start)) {
            out += line.slice(index);
            index = line.length;
          } else {
            out += line.slice(index, start);
            index = start;
            inComment = true;
          }
        }
      }
      line = out;
    }
    if (inComment) {
      lines[i] = line;
      continue;
    }
    if (options.admonitions) {
      const match = admonition.exec(line);
      if (match?.[3] && !match[3].startsWith('[') && !match[3].startsWith('{')) {
        line = `${match[1]}${match[2]}[${match[3].replace(/[[\]]/g, '\\$&')}]`;
      }
    }
    if (options.headingIds) {
      line = line.replace(/^(\s{0,3}#{1,6}\s.*?)\s*\{#([^\s{}]+)\}\s*$/, '$1 \\{#$2\\}');
    }
    lines[i] = line;
  }
  return { text: lines.join('\n'), truncateLine };
}

function isInInlineCode(line: string, index: number): boolean {
  let ticks = 0;
  for (let i = 0; i < index; i++) if (line[i] === '`') ticks++;
  return ticks % 2 === 1;
}
