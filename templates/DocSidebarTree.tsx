import { useContext } from 'react';
import type { SidebarItem } from '../src/shared/page-data.js';
import { normalisePath, normaliseRoute } from '../src/shared/url.js';
import { Collapsible } from './Collapsible.js';
import { SidebarStateContext, usePath, useSite } from './context.js';
import { isCurrent } from './paths.js';
import { SmartLink } from './SmartLink.js';

/**
 * For every page a sidebar links to, the categories that hold it. Built once
 * per sidebar (the sidebar data never changes while it is shown), so finding
 * the categories to open costs a lookup, not a walk of the whole tree: that
 * walk, once per category and page, made a 10,000-page build quadratic.
 */
const trailIndexes = new WeakMap<SidebarItem[], Map<string, Set<SidebarItem>>>();

function trailIndex(root: SidebarItem[]): Map<string, Set<SidebarItem>> {
  let index = trailIndexes.get(root);
  if (index) return index;
  const built = new Map<string, Set<SidebarItem>>();
  const walk = (items: SidebarItem[], ancestors: SidebarItem[]) => {
    for (const item of items) {
      const trail = [...ancestors, item];
      if (item.href) {
        const key = normalisePath(item.href);
        if (!built.has(key)) built.set(key, new Set(trail));
      }
      if (item.type === 'category') walk(item.items, trail);
    }
  };
  walk(root, []);
  index = built;
  trailIndexes.set(root, index);
  return index;
}

const NO_TRAIL: ReadonlySet<SidebarItem> = new Set();

/**
 * `autoCollapseCategories` on navigation (Docusaurus): each category on the way to the new
 * page that did not hold the previous one opens, and its sibling categories close. Returns
 * the state changes (category key → expanded); the App applies them when the path changes.
 */
export function autoCollapseChanges(root: SidebarItem[], fromPath: string, toPath: string): Record<string, boolean> {
  const index = trailIndex(root);
  const before = index.get(normaliseRoute(fromPath)) ?? NO_TRAIL;
  const after = index.get(normaliseRoute(toPath));
  const changes: Record<string, boolean> = {};
  if (!after) return changes;
  const walk = (items: SidebarItem[], parentKey: string) => {
    const active = items.find((item) => item.type === 'category' && after.has(item));
    if (active?.type !== 'category') return;
    const key = `${parentKey}/${active.label}`;
    if (!before.has(active)) {
      changes[key] = true;
      for (const sibling of items)
        if (sibling !== active && sibling.type === 'category' && sibling.collapsible) changes[`${parentKey}/${sibling.label}`] = false;
    }
    walk(active.items, key);
  };
  walk(root, '');
  return changes;
}

/**
 * The docs sidebar tree. Categories remember their state across navigation. With
 * `docs.autoCollapseCategories` (as in Docusaurus), opening a category closes its open
 * siblings, and so does navigating into a category (autoCollapseChanges, applied by the App).
 */
export function DocSidebarTree({
  items,
  level = 1,
  parentKey = '',
  idPrefix = '',
  trail,
}: {
  items: SidebarItem[];
  level?: number;
  parentKey?: string;
  idPrefix?: string;
  /** The items on the way to the current page (computed at the top level). */
  trail?: ReadonlySet<SidebarItem>;
}) {
  const path = usePath();
  const state = useContext(SidebarStateContext);
  const activeTrail = trail ?? trailIndex(items).get(normaliseRoute(path)) ?? NO_TRAIL;
  const autoCollapse = useSite().docs?.autoCollapseCategories ?? false;
  const keyOf = (item: SidebarItem) => `${parentKey}/${item.label}`;
  /** Opens or closes a category; opening closes its open siblings when auto-collapse is on. */
  const toggle = (key: string, open: boolean) => {
    const changes: Record<string, boolean> = { [key]: open };
    if (open && autoCollapse) {
      for (const sibling of items) if (sibling.type === 'category' && sibling.collapsible && keyOf(sibling) !== key) changes[keyOf(sibling)] = false;
    }
    state.setExpanded(changes);
  };
  const list = items.map((item) => {
    const key = keyOf(item);
    if (item.type === 'link') {
      const active = isCurrent(item.href, path);
      return (
        <li key={key} className={`sidebar-item level-${level}${item.className ? ` ${item.className}` : ''}`}>
          <SmartLink href={item.href} className={`sidebar-link${active ? ' active' : ''}`} {...(active ? { 'aria-current': 'page' as const } : {})}>
            {item.label}
          </SmartLink>
        </li>
      );
    }
    const containsActive = activeTrail.has(item);
    const stored = state.expanded[key];
    const expanded = !item.collapsible || (stored ?? (containsActive || !item.collapsed));
    const active = item.href ? isCurrent(item.href, path) : false;
    const listId = `${idPrefix}sidebar-${normaliseRoute(key)
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase()}`;
    return (
      <li key={key} className={`sidebar-item sidebar-category level-${level}${expanded ? '' : ' collapsed'}${item.className ? ` ${item.className}` : ''}`}>
        <div className={`sidebar-category-row${containsActive ? ' contains-active' : ''}`}>
          {item.href ? (
            <SmartLink
              href={item.href}
              className={`sidebar-link sidebar-category-link${active ? ' active' : ''}`}
              {...(active ? { 'aria-current': 'page' as const } : {})}
            >
              {item.label}
            </SmartLink>
          ) : (
            <button
              type="button"
              className="sidebar-link sidebar-category-link"
              aria-expanded={expanded}
              aria-controls={listId}
              onClick={() => toggle(key, !expanded)}
            >
              {item.label}
            </button>
          )}
          {item.collapsible ? (
            <button
              type="button"
              className="sidebar-caret icon-button"
              aria-label={`${expanded ? 'Collapse' : 'Expand'} sidebar category '${item.label}'`}
              aria-expanded={expanded}
              aria-controls={listId}
              onClick={() => toggle(key, !expanded)}
            />
          ) : null}
        </div>
        <Collapsible collapsed={!expanded} id={listId}>
          {/* Collapsed categories render their items only once opened: a 10,000-page site
              would otherwise repeat its whole tree in every page. */}
          {expanded || stored !== undefined ? (
            <DocSidebarTree items={item.items} level={level + 1} parentKey={key} idPrefix={idPrefix} trail={activeTrail} />
          ) : null}
        </Collapsible>
      </li>
    );
  });
  return level === 1 ? <ul className="sidebar-list sidebar-root">{list}</ul> : list;
}
