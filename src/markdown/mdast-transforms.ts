/**
 * Transforms on the markdown tree (mdast): admonitions, heading ids, the
 * leading title heading, leftover directives and MDX comments, and plain
 * HTML written as JSX. Pure functions over the tree; used by both the fast
 * path (no JS evaluation) and the full MDX path.
 */
import GithubSlugger from 'github-slugger';
import { slugOr } from '../shared/slug.js';
import { headingText } from '../content/leading-title.js';
import type { Heading as MdHeading, Root, RootContent, Parent, Text, PhrasingContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { ADMONITION_TITLES, ADMONITION_TYPES } from './compat.js';

export interface Heading {
  depth: number;
  id: string;
  text: string;
}

export interface MdastInfo {
  title?: string;
  headings: Heading[];
  /** True when the file needs real MDX evaluation (imports, expressions, components). */
  needsMdx: boolean;
  /** The file imports other modules: its output depends on files besides its own text. */
  imports: boolean;
}

type AnyNode = { type: string; children?: AnyNode[]; data?: Record<string, unknown>; [key: string]: unknown };

export function transformMdast(tree: Root, { stripTitle, source }: { stripTitle: boolean; source?: string }): MdastInfo {
  const info: MdastInfo = { headings: [], needsMdx: false, imports: false };
  walk(tree as unknown as AnyNode, info);
  if (stripTitle) {
    const index = tree.children.findIndex((node) => node.type !== 'mdxjsEsm');
    const first = tree.children[index];
    if (first && first.type === 'heading' && first.depth === 1) {
      // The title's text by the one rule route labels use (headingText), from the heading's source line.
      const start = first.position?.start.offset;
      const end = first.position?.end.offset;
      const line = source !== undefined && start !== undefined && end !== undefined ? source.slice(start, end) : undefined;
      info.title = (line !== undefined ? headingText(line) : undefined) ?? toString(first).trim();
      tree.children.splice(index, 1);
    }
  }
  const slugger = new GithubSlugger();
  visitHeadings(tree as unknown as AnyNode, (heading) => {
    const explicit = takeExplicitId(heading);
    const text = toString(heading).trim();
    const id = explicit ?? headingSlug(slugger, text);
    if (explicit) slugger.slug(explicit); // reserve it
    heading.data = { ...(heading.data ?? {}), hProperties: { ...((heading.data?.hProperties as object) ?? {}), id } };
    info.headings.push({ depth: heading.depth, id, text });
  });
  return info;
}

function walk(node: AnyNode, info: MdastInfo): void {
  const children = node.children;
  if (!children) return;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    switch (child.type) {
      case 'mdxFlowExpression':
      case 'mdxTextExpression': {
        if (isCommentOnly(String(child.value ?? ''))) {
          children.splice(i, 1);
          i--;
          continue;
        }
        info.needsMdx = true;
        break;
      }
      case 'mdxjsEsm':
        info.needsMdx = true;
        if (/(^|[\s;])import[\s{*'"]/.test(String(child.value ?? ''))) info.imports = true;
        break;
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        const converted = jsxToElement(child);
        if (!converted) info.needsMdx = true;
        break;
      }
      case 'containerDirective': {
        const name = String(child.name);
        if (ADMONITION_TYPES.includes(name)) admonition(child, name);
        else child.data = { hName: 'div', hProperties: { className: [`directive-${name}`] } };
        break;
      }
      case 'leafDirective':
      case 'textDirective': {
        // Not ours: put the text back as it was written (e.g. "10:30" or "a:b").
        const prefix = child.type === 'leafDirective' ? '::' : ':';
        const label = child.children?.length ? `[${toString(child as never)}]` : '';
        const text: Text = { type: 'text', value: `${prefix}${String(child.name)}${label}` };
        if (child.type === 'leafDirective') children[i] = { type: 'paragraph', children: [text] } as unknown as AnyNode;
        else children[i] = text as unknown as AnyNode;
        continue;
      }
    }
    walk(child, info);
    if (child.type === 'paragraph') hoistBlockHtml(children, i);
  }
}

const BLOCK_TAGS = new Set(['summary', 'details', 'div', 'section', 'figure', 'figcaption', 'table', 'ul', 'ol', 'p', 'pre', 'blockquote', 'center']);

/** `<summary>Text</summary>` alone on a line: a block element, not a paragraph. */
function hoistBlockHtml(children: AnyNode[], index: number): void {
  const paragraph = children[index];
  const meaningful = (paragraph.children ?? []).filter((c) => !(c.type === 'text' && !String(c.value).trim()));
  if (meaningful.length === 1 && meaningful[0].type === 'folioHtmlText' && BLOCK_TAGS.has(String(meaningful[0].data?.hName))) {
    children[index] = meaningful[0];
  }
}

function isCommentOnly(value: string): boolean {
  return /^\s*(\/\*[\s\S]*?\*\/\s*)*$/.test(value);
}

/** Plain lowercase JSX with literal attributes becomes an HTML element. */
function jsxToElement(node: AnyNode): boolean {
  const name = node.name as string | null;
  if (!name || !/^[a-z][a-z0-9-]*$/.test(name)) return false;
  const properties: Record<string, unknown> = {};
  for (const attribute of (node.attributes as AnyNode[]) ?? []) {
    if (attribute.type !== 'mdxJsxAttribute') return false;
    const value = attribute.value;
    if (value !== null && value !== undefined && typeof value !== 'string') return false;
    const key = String(attribute.name);
    const literal = value ?? true;
    if (key === 'class' || key === 'className') properties.className = String(literal).split(/\s+/).filter(Boolean);
    else properties[key === 'htmlFor' ? 'for' : key] = literal;
  }
  node.data = { ...(node.data ?? {}), hName: name, hProperties: properties };
  node.type = node.type === 'mdxJsxFlowElement' ? 'folioHtmlFlow' : 'folioHtmlText';
  return true;
}

function admonition(node: AnyNode, name: string): void {
  const children = node.children ?? [];
  let titleChildren: PhrasingContent[] = [{ type: 'text', value: ADMONITION_TITLES[name] }];
  const first = children[0];
  if (first && first.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
    titleChildren = (first.children ?? []) as unknown as PhrasingContent[];
    children.shift();
  }
  node.data = { hName: 'div', hProperties: { className: ['admonition', `admonition-${name}`], role: 'note' } };
  node.children = [
    { type: 'folioBlock', data: { hName: 'div', hProperties: { className: ['admonition-heading'] } }, children: titleChildren as never },
    { type: 'folioBlock', data: { hName: 'div', hProperties: { className: ['admonition-content'] } }, children },
  ];
}

/** The id of a heading without an explicit one; `section`, `section-1`… for a heading of emoji or punctuation only. */
function headingSlug(slugger: GithubSlugger, text: string): string {
  return slugOr(slugger, text, 'section');
}

function visitHeadings(node: AnyNode, fn: (heading: MdHeading) => void): void {
  for (const child of node.children ?? []) {
    if (child.type === 'heading') fn(child as unknown as MdHeading);
    else if (child.children) visitHeadings(child, fn);
  }
}

function takeExplicitId(heading: MdHeading): string | undefined {
  const last = heading.children[heading.children.length - 1];
  if (last?.type !== 'text') return undefined;
  const match = /\s*\{#([^\s{}]+)\}\s*$/.exec(last.value);
  if (!match) return undefined;
  last.value = last.value.slice(0, match.index);
  if (!last.value) heading.children.pop();
  return match[1];
}

/** Children of the root that end before a given line (the excerpt). */
export function childrenBefore(tree: Root, line: number): RootContent[] {
  return tree.children.filter((child) => (child.position?.end.line ?? 0) < line);
}

export type { Parent };
