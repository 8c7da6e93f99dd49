/**
 * A page's markdown tree (mdast) to its HTML tree (hast): the tree mdast-util-to-hast makes with
 * the options the compile stage gives it, positions included, for the nodes everyday pages hold.
 * mdast-util-to-hast first walks the whole tree for link and footnote definitions (a generic
 * visitor, ~85 ms of each compiling thread on the 1,000-page corpus) and dispatches every node
 * through a handler table; this is its handlers for the common nodes written out, with the same
 * helpers (URL normalising, line trimming, positions) imported from the packages it uses.
 *
 * Link and image references, footnotes and MDX nodes make it answer `undefined`, and the caller
 * runs mdast-util-to-hast (it needs the definitions and writes the footnote section). The parse
 * differential compares both on every page of the fixtures, this site and a generated corpus
 * (the reference path, FOLIO_FULL_PARSE=1, uses mdast-util-to-hast), and hand-made trees are
 * compared in test/unit/markdown/mdast-hast.test.ts.
 */
import type { Element, ElementContent, Properties, Root as HastRoot, RootContent as HastContent } from 'hast';
import type { Nodes as MdastNodes, Parents as MdastParents, Table } from 'mdast';
import { normalizeUri } from 'micromark-util-sanitize-uri';
import { trimLines } from 'trim-lines';
import { pointEnd, pointStart, position } from 'unist-util-position';

/** A node this converter leaves to mdast-util-to-hast. */
class Unknown extends Error {}

export interface MdastHastOptions {
  allowDangerousHtml: boolean;
  /** Node types copied as they are (MDX's): left to mdast-util-to-hast. */
  passThrough?: readonly string[];
}

type Result = HastContent | HastRoot | HastContent[] | undefined;
type AnyNode = MdastNodes & { data?: { hName?: unknown; hProperties?: unknown; hChildren?: unknown } };

/** The hast tree of `tree`, or undefined when it holds a node left to mdast-util-to-hast. */
export function mdastToHast(tree: MdastNodes, options: MdastHastOptions): HastRoot | undefined {
  try {
    const node = new Converter(options).one(tree as AnyNode, undefined);
    return Array.isArray(node) ? { type: 'root', children: node } : ((node as HastRoot | undefined) ?? { type: 'root', children: [] });
  } catch (error) {
    if (error instanceof Unknown) return undefined;
    throw error;
  }
}

const own = Object.prototype.hasOwnProperty;

/** Node types with a handler in mdast-util-to-hast that are not written here (they need the definitions, or make footnotes). */
const LEFT_OUT = new Set(['footnoteReference', 'imageReference', 'linkReference', 'footnote']);
/** Node types mdast-util-to-hast drops. */
const IGNORED = new Set(['toml', 'yaml', 'definition', 'footnoteDefinition']);

class Converter {
  constructor(private readonly options: MdastHastOptions) {}

  one(node: AnyNode, parent: MdastParents | undefined): Result {
    if (!node || typeof node !== 'object' || typeof node.type !== 'string') throw new Unknown();
    const type = node.type;
    if (LEFT_OUT.has(type)) throw new Unknown();
    if (IGNORED.has(type)) return undefined;
    switch (type) {
      case 'root':
        return this.finish(node, { type: 'root', children: wrap(this.all(node)) } as unknown as HastRoot);
      case 'blockquote':
        return this.finish(node, element('blockquote', {}, wrap(this.all(node), true)));
      case 'break':
        return [this.finish(node, element('br', {}, [])) as ElementContent, { type: 'text', value: '\n' }];
      case 'code':
        return this.code(node);
      case 'delete':
        return this.finish(node, element('del', {}, this.all(node)));
      case 'emphasis':
        return this.finish(node, element('em', {}, this.all(node)));
      case 'strong':
        return this.finish(node, element('strong', {}, this.all(node)));
      case 'paragraph':
        return this.finish(node, element('p', {}, this.all(node)));
      case 'heading':
        return this.finish(node, element(`h${node.depth}`, {}, this.all(node)));
      case 'thematicBreak':
        return this.finish(node, element('hr', {}, []));
      case 'html':
        return this.options.allowDangerousHtml ? this.finish(node, { type: 'raw', value: node.value } as unknown as HastContent) : undefined;
      case 'image': {
        const properties: Properties = { src: normalizeUri(node.url) };
        if (node.alt !== null && node.alt !== undefined) properties.alt = node.alt;
        if (node.title !== null && node.title !== undefined) properties.title = node.title;
        return this.finish(node, element('img', properties, []));
      }
      case 'link': {
        const properties: Properties = { href: normalizeUri(node.url) };
        if (node.title !== null && node.title !== undefined) properties.title = node.title;
        return this.finish(node, element('a', properties, this.all(node)));
      }
      case 'inlineCode': {
        const text: HastContent = { type: 'text', value: node.value.replace(/\r?\n|\r/g, ' ') };
        patch(node, text);
        return this.finish(node, element('code', {}, [text as ElementContent]));
      }
      case 'text':
        return this.finish(node, { type: 'text', value: trimLines(String(node.value)) });
      case 'list':
        return this.list(node);
      case 'listItem':
        return this.listItem(node, parent);
      case 'table':
        return this.table(node);
      case 'tableRow':
        return this.tableRow(node, parent);
      case 'tableCell':
        return this.finish(node, element('td', {}, this.all(node)));
      default:
        if (this.options.passThrough?.includes(type)) throw new Unknown();
        return this.unknown(node);
    }
  }

  /** mdast-util-to-hast's `all`: the children's results, a text after a hard break without its leading spaces. */
  all(parent: AnyNode): HastContent[] {
    const values: HastContent[] = [];
    if (!('children' in parent)) return values;
    const nodes = parent.children as AnyNode[];
    for (let index = 0; index < nodes.length; index++) {
      const result = this.one(nodes[index], parent as MdastParents);
      if (!result) continue;
      if (index && nodes[index - 1].type === 'break') {
        if (!Array.isArray(result) && result.type === 'text') result.value = trimMarkdownSpaceStart(result.value);
        if (!Array.isArray(result) && result.type === 'element') {
          const head = result.children[0];
          if (head && head.type === 'text') head.value = trimMarkdownSpaceStart(head.value);
        }
      }
      if (Array.isArray(result)) values.push(...result);
      else values.push(result as HastContent);
    }
    return values;
  }

  /** `patch` then `applyData`, as every handler ends. */
  private finish(node: AnyNode, result: HastContent | HastRoot): HastContent | HastRoot {
    patch(node, result);
    return applyData(node, result);
  }

  private code(node: Extract<MdastNodes, { type: 'code' }>): HastContent {
    const value = node.value ? `${node.value}\n` : '';
    const properties: Properties = {};
    const language = node.lang ? node.lang.split(/\s+/) : [];
    if (language.length > 0) properties.className = [`language-${language[0]}`];
    let result: HastContent | HastRoot = element('code', properties, [{ type: 'text', value }]);
    if (node.meta) (result as Element).data = { meta: node.meta } as Element['data'];
    patch(node, result);
    result = applyData(node, result);
    const pre = element('pre', {}, [result as ElementContent]);
    patch(node, pre);
    return pre;
  }

  private list(node: Extract<MdastNodes, { type: 'list' }>): HastContent | HastRoot {
    const properties: Properties = {};
    const results = this.all(node);
    if (typeof node.start === 'number' && node.start !== 1) properties.start = node.start;
    for (const child of results) {
      if (
        child.type === 'element' &&
        child.tagName === 'li' &&
        child.properties &&
        Array.isArray(child.properties.className) &&
        child.properties.className.includes('task-list-item')
      ) {
        properties.className = ['contains-task-list'];
        break;
      }
    }
    return this.finish(node, element(node.ordered ? 'ol' : 'ul', properties, wrap(results, true)));
  }

  private listItem(node: Extract<MdastNodes, { type: 'listItem' }>, parent: MdastParents | undefined): HastContent | HastRoot {
    const results = this.all(node);
    const loose = parent ? listLoose(parent) : listItemLoose(node);
    const properties: Properties = {};
    const children: ElementContent[] = [];
    if (typeof node.checked === 'boolean') {
      const head = results[0];
      let paragraph: Element;
      if (head && head.type === 'element' && head.tagName === 'p') paragraph = head;
      else {
        paragraph = element('p', {}, []);
        results.unshift(paragraph);
      }
      if (paragraph.children.length > 0) paragraph.children.unshift({ type: 'text', value: ' ' });
      paragraph.children.unshift(element('input', { type: 'checkbox', checked: node.checked, disabled: true }, []));
      properties.className = ['task-list-item'];
    }
    for (let index = 0; index < results.length; index++) {
      const child = results[index];
      if (loose || index !== 0 || child.type !== 'element' || child.tagName !== 'p') children.push({ type: 'text', value: '\n' });
      if (child.type === 'element' && child.tagName === 'p' && !loose) children.push(...child.children);
      else children.push(child as ElementContent);
    }
    const tail = results[results.length - 1];
    if (tail && (loose || tail.type !== 'element' || tail.tagName !== 'p')) children.push({ type: 'text', value: '\n' });
    return this.finish(node, element('li', properties, children));
  }

  private table(node: Table): HastContent | HastRoot {
    const rows = this.all(node);
    const firstRow = rows.shift();
    const content: HastContent[] = [];
    if (firstRow) {
      const head = element('thead', {}, wrap([firstRow], true));
      patch(node.children[0] as AnyNode, head);
      content.push(head);
    }
    if (rows.length > 0) {
      const body = element('tbody', {}, wrap(rows, true));
      const start = pointStart(node.children[1]);
      const end = pointEnd(node.children[node.children.length - 1]);
      if (start && end) body.position = { start, end };
      content.push(body);
    }
    return this.finish(node, element('table', {}, wrap(content, true)));
  }

  private tableRow(node: Extract<MdastNodes, { type: 'tableRow' }>, parent: MdastParents | undefined): HastContent | HastRoot {
    const siblings = parent ? parent.children : undefined;
    const rowIndex = siblings ? (siblings as unknown[]).indexOf(node) : 1;
    const tagName = rowIndex === 0 ? 'th' : 'td';
    const align = parent && parent.type === 'table' ? parent.align : undefined;
    const length = align ? align.length : node.children.length;
    const cells: HastContent[] = [];
    for (let cellIndex = 0; cellIndex < length; cellIndex++) {
      const cell = node.children[cellIndex] as AnyNode | undefined;
      const properties: Properties = {};
      const alignValue = align ? align[cellIndex] : undefined;
      if (alignValue) properties.align = alignValue;
      let result: HastContent | HastRoot = element(tagName, properties, []);
      if (cell) {
        (result as Element).children = this.all(cell) as ElementContent[];
        patch(cell, result);
        result = applyData(cell, result);
      }
      cells.push(result as HastContent);
    }
    return this.finish(node, element('tr', {}, wrap(cells, true)));
  }

  /** mdast-util-to-hast's `defaultUnknownHandler` (a directive, say): its text, or a `div` of its children. */
  private unknown(node: AnyNode): HastContent | HastRoot {
    const data = node.data || {};
    const result: HastContent =
      'value' in node && !(own.call(data, 'hProperties') || own.call(data, 'hChildren'))
        ? { type: 'text', value: (node as { value: string }).value }
        : element('div', {}, this.all(node) as ElementContent[]);
    return this.finish(node, result);
  }
}

function element(tagName: string, properties: Properties, children: HastContent[]): Element {
  return { type: 'element', tagName, properties, children: children as ElementContent[] };
}

function patch(from: AnyNode, to: HastContent | HastRoot): void {
  if (from.position) to.position = position(from);
}

/** `data.hName`, `data.hProperties` and `data.hChildren`, as mdast-util-to-hast applies them. */
function applyData(from: AnyNode, to: HastContent | HastRoot): HastContent | HastRoot {
  let result = to;
  if (from?.data) {
    const { hChildren, hName, hProperties } = from.data;
    if (typeof hName === 'string') {
      if (result.type === 'element') result.tagName = hName;
      else {
        const children = 'children' in result ? result.children : [result];
        result = { type: 'element', tagName: hName, properties: {}, children: children as ElementContent[] };
      }
    }
    if (result.type === 'element' && hProperties) Object.assign(result.properties, structuredClone(hProperties));
    if ('children' in result && result.children && hChildren !== null && hChildren !== undefined) (result as Element).children = hChildren as ElementContent[];
  }
  return result;
}

function wrap(nodes: HastContent[], loose = false): HastContent[] {
  const result: HastContent[] = [];
  if (loose) result.push({ type: 'text', value: '\n' });
  for (let index = 0; index < nodes.length; index++) {
    if (index) result.push({ type: 'text', value: '\n' });
    result.push(nodes[index]);
  }
  if (loose && nodes.length > 0) result.push({ type: 'text', value: '\n' });
  return result;
}

function listLoose(node: MdastParents): boolean {
  let loose = false;
  if (node.type === 'list') {
    loose = node.spread || false;
    for (let index = 0; !loose && index < node.children.length; index++) loose = listItemLoose(node.children[index]);
  }
  return loose;
}

function listItemLoose(node: { spread?: boolean | null; children: unknown[] }): boolean {
  const { spread } = node;
  return spread === null || spread === undefined ? node.children.length > 1 : spread;
}

function trimMarkdownSpaceStart(value: string): string {
  let index = 0;
  let code = value.charCodeAt(index);
  while (code === 9 || code === 32) {
    index++;
    code = value.charCodeAt(index);
  }
  return value.slice(index);
}
