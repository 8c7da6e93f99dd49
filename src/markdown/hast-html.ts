/**
 * A compiled page's syntax tree (hast) to HTML: the bytes hast-util-to-html writes with the
 * options the compile stage gives it (`allowDangerousHtml`, everything else its default), in a
 * fraction of its time. hast-util-to-html is general (every option, a settings object assembled
 * for each attribute and text, a dispatcher per node); this is that one configuration written
 * out: the same property-information lookups (cached), the same void elements, the same
 * character references (hexadecimal, `&#x3C;`) for the same characters. It was ~190 ms of each
 * compiling thread's 2.5 s on the 1,000-page corpus.
 *
 * A node it does not know (a doctype, an MDX node, anything new) makes it answer `undefined`,
 * and the caller uses hast-util-to-html, which then writes or refuses it as before. The
 * differential test compares both on every page of the fixtures, a generated corpus and
 * tricky hand-made trees (test/unit/markdown/hast-html.test.ts); `npm run bench` compares this
 * site's and the corpus's `out/` with a build through hast-util-to-html (FOLIO_FULL_PARSE=1).
 */
import type { Element, Nodes, Parents, Root } from 'hast';
import { htmlVoidElements } from 'html-void-elements';
import { find, html, svg, type Schema } from 'property-information';

/** Nodes this serializer does not write: the caller falls back to hast-util-to-html. */
class Unknown extends Error {}

/** What hast-util-to-html escapes (its `constants` for double quotes, no parse errors, no dangerous characters). */
const TEXT = /[<&]/g;
const VALUE = /["&'`]/g;
const NAME = /[\t\n\f\r "&'/=>`]/g;
const COMMENT = /^>|^->|<!--|-->|--!>|<!-$/g;
const COMMENT_CHARACTERS = /[<>]/g;
const INTEGRATION_POINTS = new Set(['desc', 'foreignObject', 'title']);
const VOIDS = new Set(htmlVoidElements);

/** A character as stringify-entities writes it by default: a hexadecimal reference, upper case, with its `;`. */
const reference = (character: string) => `&#x${character.charCodeAt(0).toString(16).toUpperCase()};`;
const escapeWith = (value: string, pattern: RegExp) => {
  pattern.lastIndex = 0;
  return pattern.test(value) ? value.replace(pattern, reference) : value;
};

interface AttributeInfo {
  /** The attribute's name as written (escaped). */
  name: string;
  attribute: string;
  boolean: boolean;
  overloadedBoolean: boolean;
  commaSeparated: boolean;
}

const infoCache = new Map<Schema, Map<string, AttributeInfo>>([
  [html, new Map()],
  [svg, new Map()],
]);

function infoOf(schema: Schema, key: string): AttributeInfo {
  const cache = infoCache.get(schema)!;
  let info = cache.get(key);
  if (!info) {
    const found = find(schema, key);
    info = {
      name: escapeWith(found.attribute, NAME),
      attribute: found.attribute,
      boolean: found.boolean,
      overloadedBoolean: found.overloadedBoolean,
      commaSeparated: found.commaSeparated,
    };
    cache.set(key, info);
  }
  return info;
}

/** The HTML of a tree, or undefined when it holds a node this serializer does not write. */
export function hastToHtml(tree: Root): string | undefined {
  try {
    return new Writer().one(tree, undefined);
  } catch (error) {
    if (error instanceof Unknown) return undefined;
    throw error;
  }
}

class Writer {
  private schema: Schema = html;

  one(node: Nodes, parent: Parents | undefined): string {
    if (!node || typeof node !== 'object') throw new Unknown();
    // A value that is not a string is hast-util-to-html's to write (or refuse) as it does.
    if ((node.type === 'text' || node.type === 'raw' || node.type === 'comment') && typeof node.value !== 'string') throw new Unknown();
    switch (node.type) {
      case 'root':
        return this.all(node);
      case 'element':
        return this.element(node);
      case 'text':
        return parent?.type === 'element' && (parent.tagName === 'script' || parent.tagName === 'style') ? node.value : escapeWith(node.value, TEXT);
      case 'raw':
        return node.value;
      case 'comment':
        COMMENT.lastIndex = 0;
        return `<!--${node.value.replace(COMMENT, (match) => escapeWith(match, COMMENT_CHARACTERS))}-->`;
      default:
        throw new Unknown();
    }
  }

  private all(parent: Parents): string {
    let result = '';
    for (const child of parent.children) result += this.one(child as Nodes, parent);
    return result;
  }

  private element(node: Element): string {
    const schema = this.schema;
    if (typeof node.tagName !== 'string') throw new Unknown();
    // hast-util-to-html's `closeEmptyElements` (svg) and `closeSelfClosing` are off.
    let selfClosing = schema.space === 'svg' ? false : VOIDS.has(node.tagName.toLowerCase());
    if (schema.space === 'html' && node.tagName === 'svg') this.schema = svg;
    const attributes = this.attributes(node.properties);
    if (this.schema.space === 'svg' && INTEGRATION_POINTS.has(node.tagName)) this.schema = html;
    let content: string;
    try {
      const template = schema.space === 'html' && node.tagName === 'template';
      content = template ? this.all((node as Element & { content: Root }).content ?? { type: 'root', children: [] }) : this.all(node);
    } finally {
      this.schema = schema;
    }
    if (content) selfClosing = false;
    return `<${node.tagName}${attributes ? ` ${attributes}` : ''}>${content}${selfClosing ? '' : `</${node.tagName}>`}`;
  }

  private attributes(properties: Element['properties'] | undefined): string {
    let result = '';
    if (!properties) return result;
    for (const key in properties) {
      const value = properties[key];
      if (value === null || value === undefined) continue;
      const written = this.attribute(key, value);
      if (written) result = result ? `${result} ${written}` : written;
    }
    return result;
  }

  private attribute(key: string, given: unknown): string {
    const info = infoOf(this.schema, key);
    let value = given;
    if (info.overloadedBoolean && (value === info.attribute || value === '')) value = true;
    else if ((info.boolean || info.overloadedBoolean) && (typeof value !== 'string' || value === info.attribute || value === '')) value = Boolean(value);
    if (value === null || value === undefined || value === false || (typeof value === 'number' && Number.isNaN(value))) return '';
    if (value === true) return info.name;
    let text: string;
    if (Array.isArray(value)) {
      if (info.commaSeparated) text = (value[value.length - 1] === '' ? [...value, ''] : value).join(', ').trim();
      else text = value.join(' ').trim();
    } else text = String(value);
    return `${info.name}="${escapeWith(text, VALUE)}"`;
  }
}
