/**
 * The behaviour of `@theme/Tabs` blocks (server-rendered with the default tab shown; see
 * templates/docusaurus/Tabs.tsx). Loaded as its own chunk, only by pages that have a
 * `[data-tabs]` block (main.tsx). Clicks and WAI-ARIA arrow keys are delegated from the document,
 * so bodies shown by client navigation work too; a `groupId` choice is shared by every block of
 * the group on the page and remembered in localStorage for the next pages; `queryString` puts the
 * choice in the URL (`?os=linux`) and a URL with it selects that tab.
 */
// localStorage directly, not shared/storage.js: a module shared with the main bundle would become a
// third chunk that every first visit fetches. Storage that throws (private mode) only forgets choices.
function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // The choice is not remembered.
  }
}

const storageKey = (group: string) => `docusaurus.tab.${group}`;

function tabsOf(block: Element): HTMLElement[] {
  return [...block.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]')];
}

/** Shows one tab of a block; false when the block has no tab of that value. */
function show(block: Element, value: string): boolean {
  const tabs = tabsOf(block);
  if (!tabs.some((tab) => tab.dataset.value === value)) return false;
  for (const tab of tabs) {
    const active = tab.dataset.value === value;
    tab.setAttribute('aria-selected', String(active));
    tab.tabIndex = active ? 0 : -1;
  }
  for (const panel of block.querySelectorAll<HTMLElement>(':scope > .tabs-panels > [role="tabpanel"]')) {
    panel.hidden = panel.dataset.value !== value;
    // A `lazy` block's panel is a <template> until its tab is first shown (Tabs.tsx).
    if (!panel.hidden) for (const held of panel.querySelectorAll<HTMLTemplateElement>(':scope > template[data-folio-lazy]')) held.replaceWith(held.content);
  }
  return true;
}

function select(block: HTMLElement, value: string): void {
  const group = block.dataset.groupId;
  if (!show(block, value)) return;
  if (group) {
    writeStorage(storageKey(group), value);
    // Keep the clicked tab where it was on screen while blocks above it change height.
    const top = block.getBoundingClientRect().top;
    for (const other of document.querySelectorAll<HTMLElement>('[data-tabs]')) if (other !== block && other.dataset.groupId === group) show(other, value);
    window.scrollBy(0, block.getBoundingClientRect().top - top);
  }
  const key = block.dataset.queryString;
  if (key) {
    const url = new URL(location.href);
    url.searchParams.set(key, value);
    history.replaceState(history.state, '', url);
  }
}

/** The choices of the URL and of localStorage, applied to the blocks of the page. */
export function applyTabs(root: ParentNode = document): void {
  const params = new URLSearchParams(location.search);
  for (const block of root.querySelectorAll<HTMLElement>('[data-tabs]')) {
    const key = block.dataset.queryString;
    const group = block.dataset.groupId;
    const fromQuery = key ? params.get(key) : null;
    if (fromQuery !== null && show(block, fromQuery)) continue;
    const stored = group ? readStorage(storageKey(group)) : null;
    if (stored !== null) show(block, stored);
  }
}

let installed = false;

export function installTabs(): void {
  applyTabs();
  if (installed) return;
  installed = true;
  // For tests and styles: the blocks of this document have their behaviour.
  document.documentElement.setAttribute('data-folio-tabs', '');
  document.addEventListener('click', (event) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLElement>('[data-tabs] > [role="tablist"] > [role="tab"]');
    const block = tab?.closest<HTMLElement>('[data-tabs]');
    if (tab && block && tab.dataset.value !== undefined) select(block, tab.dataset.value);
  });
  document.addEventListener('keydown', (event) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLElement>('[data-tabs] > [role="tablist"] > [role="tab"]');
    const block = tab?.closest<HTMLElement>('[data-tabs]');
    if (!tab || !block) return;
    const tabs = tabsOf(block);
    const index = tabs.indexOf(tab);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length];
    target.focus();
    if (target.dataset.value !== undefined) select(block, target.dataset.value);
  });
  // Another window chose a tab of a group: follow it.
  window.addEventListener('storage', (event) => {
    if (!event.key?.startsWith('docusaurus.tab.') || event.newValue === null) return;
    const group = event.key.slice('docusaurus.tab.'.length);
    for (const block of document.querySelectorAll<HTMLElement>('[data-tabs]')) if (block.dataset.groupId === group) show(block, event.newValue);
  });
}
