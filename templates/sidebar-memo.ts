/**
 * The docs sidebar, remembered between pages: server bundle only (bundle-pages.ts builds it in
 * when the site replaces none of the components the tree is made of; the client bundle never
 * sees this file, so the browser's code and the HTML are what they were).
 *
 * Every docs page shows the same tree with one link current and the categories on its way open;
 * React made it again for each page (73 % of `renderApp` at 10,000 pages, 26 kB of its 47). Here
 * an item that neither is nor holds the current page (a *neutral* item) is rendered by React the
 * first time it is met, its HTML kept, and on every later page it costs nothing: the run of
 * neutral items beside the current one is one stand-in link for React, swapped for the kept HTML
 * once the page is a string (`expandSidebarMemo`). What stays with React on each page is what
 * differs: the items on the way to the current page.
 *
 * Why a neutral item's HTML is the same on every page: the tree reads the page only through
 * `isCurrent(href, path)` of the items it shows and through the trail (the items on the way to
 * the page, found by `normaliseRoute(path)`), and `isCurrent(href, path)` implies
 * `normalisePath(href) === normaliseRoute(path)` (test/unit/render/sidebar-memo.test.ts checks
 * both forms). So an item none of whose own or inner hrefs normalises to the page's path is not
 * current, holds no current link and is off the trail. The rest it reads is the site (one memo per
 * site object), its level, parent key and id prefix (part of the memo's key), and the readers'
 * open/closed state, which is empty when a page is rendered to HTML (else nothing is remembered).
 */
import { createElement, useContext, type ComponentType } from 'react';
import type { SidebarItem, SiteData } from '../src/shared/page-data.js';
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
  /** A list's items' numbers in `html`, by place (level, id prefix and parent key). */
  ids: WeakMap<SidebarItem[], Map<string, number[]>>;
  /** Each item's HTML, `''` until it is first rendered. */
  html: string[];
}

// The stand-ins are links whose href holds this process's own random mark: no page can write one.
const MARK = `__folio_sidebar_${Math.random().toString(36).slice(2, 10)}_`;
const memos = new WeakMap<SiteData, SiteMemo>();
/** Every href an item holds (its own and its items', all levels), normalised (normalisePath). */
const hrefsUnder = new WeakMap<SidebarItem, ReadonlySet<string>>();
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
    if (!enabled || hasKeys(state.expanded)) return createElement(Own, props);
    let memo = memos.get(site);
    if (!memo) {
      memo = { ids: new WeakMap(), html: [] };
      memos.set(site, memo);
    }
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
    return createElement(Own, { ...props, items, trail });
  };
}

class StandInMoved extends Error {}

/**
 * The page's HTML with each stand-in's `<li>` replaced: a run by its items' kept HTML, a pair
 * around an item met for the first time by nothing (and what lies between them kept).
 */
function expand(html: string, memo: SiteMemo): string {
  const stack: string[] = [''];
  const opened: number[] = [];
  let at = 0;
  for (let found = html.indexOf(MARK); found >= 0; found = html.indexOf(MARK, at)) {
    const start = html.lastIndexOf('<li', found);
    const end = html.indexOf('</li>', found);
    if (start < at || end < 0 || html.lastIndexOf('<li', end) !== start) throw new StandInMoved();
    let digits = found + MARK.length + 1;
    while (html.charCodeAt(digits) >= 48 && html.charCodeAt(digits) <= 57) digits++;
    const kind = html[found + MARK.length];
    const n = Number(html.slice(found + MARK.length + 1, digits));
    stack[stack.length - 1] += html.slice(at, start);
    at = end + 5;
    if (kind === 'h') {
      const run = runs[n];
      if (!run) throw new StandInMoved();
      for (const id of run) stack[stack.length - 1] += memo.html[id];
    } else if (kind === 'o') {
      opened.push(n);
      stack.push('');
    } else if (kind === 'c' && opened.pop() === n) {
      const item = stack.pop()!;
      memo.html[n] = item;
      stack[stack.length - 1] += item;
    } else throw new StandInMoved();
  }
  if (opened.length > 0) throw new StandInMoved();
  return stack[0] + html.slice(at);
}

/**
 * Renders a page (`render`, React's renderToString of the App) and puts back what its sidebar
 * left to the memo. Should the stand-ins ever not be where they were put (a template changed
 * shape), the page is rendered again without the memo, and so is every page after it.
 */
export function renderWithSidebarMemo(render: () => string): string {
  runs = [];
  current = undefined;
  const html = render();
  const memo = current as SiteMemo | undefined;
  if (!memo || !html.includes(MARK)) return html;
  try {
    return expand(html, memo);
  } catch (error) {
    if (!(error instanceof StandInMoved)) throw error;
    enabled = false;
    return render();
  } finally {
    runs = [];
  }
}
