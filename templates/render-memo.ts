/**
 * Parts of the page shell rendered once and remembered between pages: server bundle only
 * (render-memo-plugin.ts builds them in; the client bundle never sees this file, so the browser's
 * code and the HTML are what they were). Two memos: the docs sidebar's items (`memoSidebarTree`)
 * and components that are a function of their props alone (`memoPure`: the icons, whose SVG
 * attributes cost React ~40 µs a page).
 *
 * The docs sidebar:
 * Every docs page shows the same tree with one link current and the categories on its way open;
 * React made it again for each page (73 % of `renderApp` at 10,000 pages, 26 kB of its 47). Here
 * an item that neither is nor holds the current page (a *neutral* item) is rendered by React the
 * first time it is met, its HTML kept, and on every later page it costs nothing: the run of
 * neutral items beside the current one is one stand-in link for React, swapped for the kept HTML
 * once the page is a string (`renderWithMemo`). What stays with React on each page is what
 * differs: the items on the way to the current page.
 *
 * Why a neutral item's HTML is the same on every page: the tree reads the page only through
 * `isCurrent(href, path)` of the items it shows and through the trail (the items on the way to
 * the page, found by `normaliseRoute(path)`), and `isCurrent(href, path)` implies
 * `normalisePath(href) === normaliseRoute(path)` (test/integration/render-memo.test.ts checks
 * both forms). So an item none of whose own or inner hrefs normalises to the page's path is not
 * current, holds no current link and is off the trail. The rest it reads is the site (one memo per
 * site object), its level, parent key and id prefix (part of the memo's key), and the readers'
 * open/closed state, which is empty when a page is rendered to HTML (else nothing is remembered).
 */
import { type ComponentType, createElement, Fragment, useContext } from 'react';
import type { SidebarItem, SiteData } from '../src/shared/page-data.js';
import { detached } from '../src/core/detached.js';
import { normalisePath, normaliseRoute } from '../src/shared/url.js';
import { SidebarStateContext, usePath, useSite } from './context.js';

interface TreeProps {
  items: SidebarItem[];
  level?: number;
  parentKey?: string;
  idPrefix?: string;
  trail?: ReadonlySet<SidebarItem>;
}

/** What one site's pages have rendered so far: each neutral item's HTML, by list and place. */
interface SiteMemo {
  /**
   * The lists of the site's own sidebar (its root and each category's items): the only ones
   * remembered. A replaced DocSidebar or Navbar may hand the tree lists of its own (made anew for
   * each page, which would fill the memo with copies) or a trail of its own; the tree renders those
   * as it is.
   */
  lists: WeakSet<SidebarItem[]>;
  /** A list's items' numbers in `html`, by place (level, id prefix and parent key). */
  ids: WeakMap<SidebarItem[], Map<string, number[]>>;
  /**
   * Each item's HTML, `''` until it is first rendered: a copy, as a cut of the page it was first
   * rendered on would keep that whole page alive (1,000 of them, 26 MB, at 10,000 pages).
   */
  html: string[];
}

// The stand-ins are links whose href holds this process's own random mark: no page can write one.
const MARK = `__folio_sidebar_${Math.random().toString(36).slice(2, 10)}_`;
const memos = new WeakMap<SiteData, SiteMemo>();
/** Every href an item holds (its own and its items', all levels), normalised (normalisePath). */
const hrefsUnder = new WeakMap<SidebarItem, ReadonlySet<string>>();
/** The trails this memo computed (and handed down the tree). */
const ownTrails = new WeakSet<ReadonlySet<SidebarItem>>();
/** For each list: which of its items hold an href (normalised), by that href. */
const holders = new WeakMap<SidebarItem[], Map<string, number[]>>();
/** The memo of the page being rendered, and its runs of remembered items (by stand-in number). */
let current: SiteMemo | undefined;
let runs: number[][] = [];
/** Off after a page whose stand-ins were not where they were put (then nothing is remembered). */
let enabled = true;

function hrefsOf(item: SidebarItem): ReadonlySet<string> {
  let set = hrefsUnder.get(item);
  if (set) return set;
  const built = new Set<string>();
  if (item.href) built.add(normalisePath(item.href));
  if (item.type === 'category') for (const inner of item.items) for (const href of hrefsOf(inner)) built.add(href);
  set = built;
  hrefsUnder.set(item, set);
  return set;
}

function memoOf(site: SiteData): SiteMemo {
  let memo = memos.get(site);
  if (memo) return memo;
  const lists = new WeakSet<SidebarItem[]>();
  const walk = (items: SidebarItem[]) => {
    lists.add(items);
    for (const item of items) if (item.type === 'category') walk(item.items);
  };
  if (site.docs) walk(site.docs.sidebar);
  memo = { lists, ids: new WeakMap(), html: [] };
  memos.set(site, memo);
  return memo;
}

function holdersOf(items: SidebarItem[]): Map<string, number[]> {
  let map = holders.get(items);
  if (map) return map;
  map = new Map();
  for (let index = 0; index < items.length; index++) {
    for (const href of hrefsOf(items[index])) {
      const list = map.get(href);
      if (list) list.push(index);
      else map.set(href, [index]);
    }
  }
  holders.set(items, map);
  return map;
}

function idsOf(memo: SiteMemo, items: SidebarItem[], place: string): number[] {
  let places = memo.ids.get(items);
  if (!places) {
    places = new Map();
    memo.ids.set(items, places);
  }
  let ids = places.get(place);
  if (!ids) {
    ids = items.map(() => memo.html.push('') - 1);
    places.set(place, ids);
  }
  return ids;
}

function standIn(kind: 'h' | 'o' | 'c', n: number): SidebarItem {
  return { type: 'link', label: '', href: `/${MARK}${kind}${n}` };
}

const NONE: number[] = [];

function hasKeys(object: object): boolean {
  for (const _ in object) return true;
  return false;
}

/**
 * `Own` is folio's DocSidebarTree; the result takes its place (and its name) in the server bundle,
 * so the tree's own recursion comes back here for each open category.
 */
export function memoSidebarTree(
  Own: ComponentType<TreeProps>,
  trailIndex: (root: SidebarItem[]) => Map<string, Set<SidebarItem>>,
  noTrail: ReadonlySet<SidebarItem>,
): ComponentType<TreeProps> {
  return function DocSidebarTree(props: TreeProps) {
    const site = useSite();
    const path = usePath();
    const state = useContext(SidebarStateContext);
    const memo = memoOf(site);
    if (!enabled || hasKeys(state.expanded) || !memo.lists.has(props.items) || (props.trail !== undefined && !ownTrails.has(props.trail)))
      return createElement(Own, props);
    current = memo;
    const here = normaliseRoute(path);
    // The items holding the page, in order: React renders them on every page.
    const live = holdersOf(props.items).get(here) ?? NONE;
    const ids = idsOf(memo, props.items, `${props.level ?? 1}\u0000${props.idPrefix ?? ''}\u0000${props.parentKey ?? ''}`);
    const items: SidebarItem[] = [];
    let run: number[] | undefined;
    let next = 0;
    for (let index = 0; index < props.items.length; index++) {
      const item = props.items[index];
      const id = ids[index];
      if (live[next] === index) {
        next++;
        run = undefined;
        items.push(item);
      } else if (memo.html[id] === '') {
        // Met for the first time: React renders it between two stand-ins, and its HTML is kept.
        run = undefined;
        items.push(standIn('o', id), item, standIn('c', id));
      } else if (run) run.push(id);
      else {
        run = [id];
        items.push(standIn('h', runs.length));
        runs.push(run);
      }
    }
    const trail = props.trail ?? trailIndex(props.items).get(here) ?? noTrail;
    ownTrails.add(trail);
    return createElement(Own, { ...props, items, trail });
  };
}

/**
 * Each pure component's HTML by its props' key (`pureIds`): undefined until first rendered, null
 * when it is left to React (it rendered nothing, or text at either end).
 */
const pureHtml: (string | null | undefined)[] = [];
const pureIds = new Map<string, number>();
const PURE_TAG = 'folio-memo';

/** A key for props that are all strings, numbers and booleans (undefined for any other props: not remembered). */
function keyOfProps(props: object): string | undefined {
  let key = '';
  for (const [name, value] of Object.entries(props)) {
    const type = typeof value;
    if (type !== 'string' && type !== 'number' && type !== 'boolean' && type !== 'undefined') return undefined;
    key += `${name}\u0000${type}\u0000${String(value)}\u0000`;
  }
  return key;
}

/**
 * A component whose HTML depends on its props alone (no hooks, no context: Icon), rendered once
 * per set of props; on later pages React sees one stand-in element in its place. Props that render
 * nothing, or text at either end, are left to React (an element standing there would change how
 * React separates the texts around it): the page where that is found out is rendered again.
 */
export function memoPure<P extends object>(Own: ComponentType<P>): ComponentType<P> {
  return function Pure(props: P) {
    const key = enabled ? keyOfProps(props) : undefined;
    if (key === undefined) return createElement(Own, props);
    let id = pureIds.get(key);
    if (id === undefined) {
      id = pureHtml.push(undefined) - 1;
      pureIds.set(key, id);
    }
    const html = pureHtml[id];
    if (html === null) return createElement(Own, props);
    if (html !== undefined) return createElement(PURE_TAG, { 'data-m': `${MARK}i${id}` });
    return createElement(
      Fragment,
      null,
      createElement(PURE_TAG, { 'data-m': `${MARK}p${id}` }),
      createElement(Own, props),
      createElement(PURE_TAG, { 'data-m': `${MARK}q${id}` }),
    );
  };
}

class StandInMoved extends Error {}
/** A pure component's HTML cannot be remembered (see memoPure): the page is rendered again, that component by React. */
class RenderAgain extends Error {}

/**
 * The page's HTML with each stand-in replaced: a sidebar run (`<li>`) by its items' kept HTML, a
 * pure component's stand-in (`<folio-memo>`) by its kept HTML, a pair around what was rendered
 * for the first time by nothing (and what lies between them kept).
 */
function expand(html: string, memo: SiteMemo | undefined): string {
  const stack: string[] = [''];
  const opened: string[] = [];
  let at = 0;
  for (let found = html.indexOf(MARK); found >= 0; found = html.indexOf(MARK, at)) {
    const kind = html[found + MARK.length];
    const [open, close] = kind === 'i' || kind === 'p' || kind === 'q' ? [`<${PURE_TAG}`, `</${PURE_TAG}>`] : ['<li', '</li>'];
    const start = html.lastIndexOf(open, found);
    const end = html.indexOf(close, found);
    if (start < at || end < 0 || html.lastIndexOf(open, end) !== start) throw new StandInMoved();
    let digits = found + MARK.length + 1;
    while (html.charCodeAt(digits) >= 48 && html.charCodeAt(digits) <= 57) digits++;
    const n = Number(html.slice(found + MARK.length + 1, digits));
    stack[stack.length - 1] += html.slice(at, start);
    at = end + close.length;
    if (kind === 'h') {
      const run = runs[n];
      if (!run || !memo) throw new StandInMoved();
      for (const id of run) stack[stack.length - 1] += memo.html[id];
    } else if (kind === 'i') {
      const kept = pureHtml[n];
      if (typeof kept !== 'string') throw new StandInMoved();
      stack[stack.length - 1] += kept;
    } else if (kind === 'o' || kind === 'p') {
      opened.push(`${kind}${n}`);
      stack.push('');
    } else if ((kind === 'c' || kind === 'q') && opened.pop() === `${kind === 'c' ? 'o' : 'p'}${n}`) {
      const inner = stack.pop()!;
      if (kind === 'q') {
        // Only HTML that begins and ends with an element can stand where an element stood.
        const elements = inner.startsWith('<') && !inner.startsWith('<!--') && inner.endsWith('>') && !inner.endsWith('-->');
        pureHtml[n] = elements ? detached(inner) : null;
        if (!elements) throw new RenderAgain();
      } else if (memo) memo.html[n] = detached(inner);
      else throw new StandInMoved();
      stack[stack.length - 1] += inner;
    } else throw new StandInMoved();
  }
  if (opened.length > 0) throw new StandInMoved();
  return stack[0] + html.slice(at);
}

/**
 * Renders a page (`render`, React's renderToString of the App) and puts back what it left to the
 * memos. Should the stand-ins ever not be where they were put (a template changed shape), the
 * page is rendered again without the memos, and so is every page after it.
 */
export function renderWithMemo(render: () => string): string {
  runs = [];
  current = undefined;
  const html = render();
  if (!html.includes(MARK)) return html;
  try {
    return expand(html, current);
  } catch (error) {
    if (error instanceof RenderAgain) return renderWithMemo(render);
    if (!(error instanceof StandInMoved)) throw error;
    enabled = false;
    return render();
  } finally {
    runs = [];
  }
}
