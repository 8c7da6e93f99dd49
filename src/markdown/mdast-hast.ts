/**
 * A page's markdown tree (mdast) to its HTML tree (hast): the tree mdast-util-to-hast makes with
 * the options the compile stage gives it, positions included, through its own handlers
 * (`defaultHandlers`) and a state of folio's. mdast-util-to-hast's `toHast` first walks the whole
 * tree for link and footnote definitions (a generic visitor, ~85 ms of each compiling thread on the
 * 1,000-page corpus) and dispatches every node through a merged handler table; here the state is
 * made without that walk, so the nodes that need the definitions (link and image references,
 * footnote references) and MDX's nodes make it answer `undefined`, and the caller runs `toHast`.
 *
 * The state's `one`, `all`, `patch`, `applyData` and `wrap` do what mdast-util-to-hast's do (they
 * are not exported). The parse differential compares both on every page of the fixtures, this
 * site and a generated corpus (the reference path, FOLIO_FULL_PARSE=1, uses `toHast`), and
 * hand-made trees are compared in test/unit/markdown/mdast-hast.test.ts.
 */
import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from 'hast';
import type { Nodes as MdastNodes, Parents as MdastParents } from 'mdast';
import { defaultHandlers, type Handler, type State } from 'mdast-util-to-hast';
import { position } from 'unist-util-position';

/** A node left to mdast-util-to-hast. */
class Unknown extends Error {}

export interface MdastHastOptions {
  allowDangerousHtml: boolean;
  /** Node types copied as they are (MDX's): left to mdast-util-to-hast. */
  passThrough?: readonly string[];
}

type Result = HastContent | HastRoot | HastContent[] | undefined;
type AnyNode = MdastNodes & { data?: { hName?: unknown; hProperties?: unknown; hChildren?: unknown } };

const own = Object.prototype.hasOwnProperty;
const handlers = defaultHandlers as unknown as Record<string, Handler>;

/** Node types whose handlers read the definitions or make the footnote section: left to `toHast`. */
const LEFT_OUT = new Set(['footnoteReference', 'imageReference', 'linkReference']);

/** The hast tree of `tree`, or undefined when it holds a node left to mdast-util-to-hast. */
export function mdastToHast(tree: MdastNodes, options: MdastHastOptions): HastRoot | undefined {
  const state = stateOf(options);
  try {
    const node = state.one(tree, undefined) as Result;
    return Array.isArray(node) ? { type: 'root', children: node } : ((node as HastRoot | undefined) ?? { type: 'root', children: [] });
  } catch (error) {
    if (error instanceof Unknown) return undefined;
    throw error;
  }
}

function stateOf(options: MdastHastOptions): State {
  const state = {
    options,
    handlers,
    definitionById: new Map(),
    footnoteById: new Map(),
    footnoteCounts: new Map(),
    footnoteOrder: [],
    patch,
    applyData,
    wrap,
    one(node: AnyNode, parent: MdastParents | undefined): Result {
      if (!node || typeof node !== 'object' || typeof node.type !== 'string' || LEFT_OUT.has(node.type)) throw new Unknown();
      if (own.call(handlers, node.type)) return handlers[node.type](state as unknown as State, node as never, parent) as Result;
      if (options.passThrough?.includes(node.type)) throw new Unknown();
      return unknown(state as unknown as State, node);
    },
    /** The children's results; a text after a hard break loses its leading spaces. */
    all(parent: AnyNode): HastContent[] {
      const values: HastContent[] = [];
      if (!('children' in parent)) return values;
      const nodes = parent.children as AnyNode[];
      for (let index = 0; index < nodes.length; index++) {
        const result = state.one(nodes[index], parent as MdastParents);
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
    },
  };
  return state as unknown as State;
}

/** mdast-util-to-hast's `defaultUnknownHandler` (a directive, say): its text, or a `div` of its children. */
function unknown(state: State, node: AnyNode): HastContent | HastRoot {
  const data = node.data || {};
  const result: HastContent =
    'value' in node && !(own.call(data, 'hProperties') || own.call(data, 'hChildren'))
      ? { type: 'text', value: (node as { value: string }).value }
      : { type: 'element', tagName: 'div', properties: {}, children: state.all(node as MdastParents) as ElementContent[] };
  patch(node, result);
  return applyData(node, result);
}

function patch(from: AnyNode, to: HastContent | HastRoot): void {
  if (from.position) to.position = position(from);
}

/** `data.hName`, `data.hProperties` and `data.hChildren`, as mdast-util-to-hast applies them. */
function applyData<Type extends HastContent | HastRoot>(from: AnyNode, to: Type): Type | Element {
  let result: HastContent | HastRoot = to;
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
  return result as Type | Element;
}

function wrap<Type extends HastContent>(nodes: Type[], loose = false): (Type | { type: 'text'; value: '\n' })[] {
  const result: (Type | { type: 'text'; value: '\n' })[] = [];
  if (loose) result.push({ type: 'text', value: '\n' });
  for (let index = 0; index < nodes.length; index++) {
    if (index) result.push({ type: 'text', value: '\n' });
    result.push(nodes[index]);
  }
  if (loose && nodes.length > 0) result.push({ type: 'text', value: '\n' });
  return result;
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
