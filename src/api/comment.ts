/**
 * Doc comments of typedoc's JSON → markdown (compiled later like any other
 * content) and plain text. `{@link}` tags become markdown links to the
 * target's page when it has one; links to names that are not documented
 * stay as text or code. Pure.
 */
import type { JsonComment, JsonDisplayPart } from './reflection-kinds.js';

export interface LinkResolver {
  /** Page path (with #anchor) of a reflection, if it has one. */
  hrefFor(id: number): string | undefined;
}

function escapeLinkText(text: string): string {
  return text.replace(/([[\]\\])/g, '\\$1');
}

/** Markdown of a list of comment parts. */
export function partsToMarkdown(parts: readonly JsonDisplayPart[] | undefined, links: LinkResolver): string {
  if (!parts) return '';
  let out = '';
  for (const part of parts) {
    if (part.kind === 'text' || part.kind === 'code' || part.kind === 'relative-link') {
      out += part.text;
      continue;
    }
    const { tag, text, target } = part;
    if (tag !== '@link' && tag !== '@linkcode' && tag !== '@linkplain') {
      out += text;
      continue;
    }
    const href = typeof target === 'number' ? links.hrefFor(target) : typeof target === 'string' ? target : undefined;
    const code = tag === '@linkcode' || (tag === '@link' && typeof target !== 'string' && !/\s/.test(text));
    const label = code ? `\`${text.replace(/`/g, '')}\`` : escapeLinkText(text);
    out += href ? `[${label}](${href})` : label;
  }
  return out.trim();
}

/** Plain text of comment parts (markdown code ticks and links removed). */
export function partsToText(parts: readonly JsonDisplayPart[] | undefined): string {
  if (!parts) return '';
  return parts
    .map((part) => (part.kind === 'code' ? part.text.replace(/^`+|`+$/g, '') : part.text))
    .join('')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_]{1,2}([^*_]+)[*_]{1,2}/g, '$1');
}

/** First paragraph of a comment's summary as one line of plain text (page descriptions). */
export function summaryLine(comment: JsonComment | undefined, max = 200): string | undefined {
  if (!comment) return undefined;
  const first = partsToText(comment.summary)
    .split(/\n\s*\n/)[0]
    ?.replace(/\s+/g, ' ')
    .trim();
  if (!first) return undefined;
  return first.length > max ? `${first.slice(0, max - 3).replace(/\s+\S*$/, '')}…` : first;
}

export function blockTags(comment: JsonComment | undefined, tag: string): { name?: string; content: readonly JsonDisplayPart[] }[] {
  return (comment?.blockTags ?? []).filter((block) => block.tag === tag);
}

export function hasModifier(comment: JsonComment | undefined, tag: string): boolean {
  return Boolean(comment?.modifierTags?.includes(tag as never));
}

/** Block tags folio renders in their own place; others are listed generically. */
export const KNOWN_BLOCK_TAGS = new Set([
  '@returns',
  '@example',
  '@deprecated',
  '@since',
  '@see',
  '@throws',
  '@remarks',
  '@defaultValue',
  '@default',
  '@param',
  '@typeParam',
  '@template',
  '@category',
  '@group',
  '@module',
  '@packageDocumentation',
]);

/** The markdown of an `@example` block: fenced code as is, bare code fenced as TypeScript. */
export function exampleMarkdown(content: readonly JsonDisplayPart[], links: LinkResolver): string {
  const text = partsToMarkdown(content, links);
  if (/^\s*(```|~~~)/m.test(text)) return text;
  return `\`\`\`ts\n${text}\n\`\`\``;
}
