import { useContext } from 'react';
import type { SidebarItem } from '../src/shared/page-data.js';
import { normalisePath } from '../src/shared/url.js';
import { Collapsible } from './Collapsible.js';
import { SidebarStateContext, usePath } from './context.js';
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

/** The docs sidebar tree. Categories remember their state across navigation and never auto-collapse. */
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
  const activeTrail = trail ?? trailIndex(items).get(normalisePath(path)) ?? NO_TRAIL;
  const list = items.map((item) => {
    const key = `${parentKey}/${item.label}`;
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
    const listId = `${idPrefix}sidebar-${normalisePath(key).replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase()}`;
    return (
      <li key={key} className={`sidebar-item sidebar-category level-${level}${expanded ? '' : ' collapsed'}${item.className ? ` ${item.className}` : ''}`}>
        <div className={`sidebar-category-row${containsActive ? ' contains-active' : ''}`}>
          {item.href ? (
            <SmartLink href={item.href} className={`sidebar-link sidebar-category-link${active ? ' active' : ''}`} {...(active ? { 'aria-current': 'page' as const } : {})}>
              {item.label}
            </SmartLink>
          ) : (
            <button type="button" className="sidebar-link sidebar-category-link" aria-expanded={expanded} aria-controls={listId} onClick={() => state.setExpanded(key, !expanded)}>
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
              onClick={() => state.setExpanded(key, !expanded)}
            />
          ) : null}
        </div>
        <Collapsible collapsed={!expanded} id={listId}>
          {/* Collapsed categories render their items only once opened: a 10,000-page site
              would otherwise repeat its whole tree in every page. */}
          {expanded || stored !== undefined ? <DocSidebarTree items={item.items} level={level + 1} parentKey={key} idPrefix={idPrefix} trail={activeTrail} /> : null}
        </Collapsible>
      </li>
    );
  });
  return level === 1 ? <ul className="sidebar-list sidebar-root">{list}</ul> : <>{list}</>;
}
