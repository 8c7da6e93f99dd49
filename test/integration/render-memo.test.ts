/**
 * The docs sidebar remembered between pages (templates/render-memo.ts): every page's HTML is the
 * one React makes without the memo, whatever the tree and whatever order the pages come in.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { Cache } from '../../src/core/cache.js';
import { type ComponentType, createElement, type ReactNode, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, type ServerModule, serverBundleId } from '../../src/render/bundle-pages.js';
import { memoisedIconSource, memoisedTreeSource, renderMemoOf, SIDEBAR_TREE_PARTS } from '../../src/render/render-memo-plugin.js';
import type { PageData, SidebarItem, SiteData } from '../../src/shared/page-data.js';
import { normalisePath, normaliseRoute } from '../../src/shared/url.js';
import { PathContext, SiteContext } from '../../templates/context.js';
import { isCurrent } from '../../templates/paths.js';
import { memoPure, memoSidebarTree, renderWithMemo } from '../../templates/render-memo.js';
import { fixtureCopies, removeDir, repoRoot, runCli } from '../support/fixtures.js';
import { heapAfterGc } from '../support/heap.js';

const fixture = fixtureCopies();

const link = (label: string, href: string, className?: string): SidebarItem => ({ type: 'link', label, href, ...(className ? { className } : {}) });
const category = (label: string, items: SidebarItem[], more: Partial<Extract<SidebarItem, { type: 'category' }>> = {}): SidebarItem => ({
  type: 'category',
  label,
  items,
  collapsible: true,
  collapsed: true,
  ...more,
});

/**
 * A tree with the shapes a sidebar can take: nested and open categories, categories with a page of
 * their own, ones that cannot be closed, the same page linked twice, external links, encoded and
 * unusual hrefs, class names, labels to escape, and a category nested under an open one.
 */
function tree(): SidebarItem[] {
  return [
    link('Intro', '/docs/intro'),
    category('Guides', [
      link('Install', '/docs/guides/install'),
      link('Configure', '/docs/guides/configure/', 'pinned'),
      category('Deep', [link('Deeper <one>', '/docs/guides/deep/one'), link('Intro again', '/docs/intro')]),
      link('Café', '/docs/guides/caf%C3%A9'),
    ]),
    category('Open', [link('Always', '/docs/open/always'), category('Inner', [link('Inner page', '/docs/open/inner/page')], { collapsed: false })], {
      collapsed: false,
      className: 'open-one',
    }),
    category('Fixed', [link('Fixed page', '/docs/fixed/page'), link('Elsewhere', 'https://example.com/docs')], { collapsible: false }),
    category('Indexed', [link('Child', '/docs/indexed/child'), link('Html form', '/docs/indexed/page.html')], { href: '/docs/indexed' }),
    category("Tom's & Jerry's", [link('Query', '/docs/q?x=1#part'), link('Index file', '/docs/indexed/index.html')]),
    link('Last', '/docs/last'),
  ];
}

/** Every page the tree knows in several spellings, and pages it does not know. */
function paths(items: SidebarItem[]): string[] {
  const found: string[] = [];
  const walk = (list: SidebarItem[]) => {
    for (const item of list) {
      if (item.href && !/^https?:/.test(item.href)) found.push(normalisePath(item.href), `${normalisePath(item.href)}/`);
      if (item.type === 'category') walk(item.items);
    }
  };
  walk(items);
  return [...found, '/docs/indexed/page', '/docs/nowhere', '/', '/blog/some-post', '/docs/guides'];
}

describe('the sidebar memo', () => {
  let memo: ServerModule;
  let plain: ServerModule;
  let site: SiteData;
  let page: PageData;
  const cacheDirs = new Map<ServerModule, string>();
  afterAll(() => [...cacheDirs.values()].forEach(removeDir));

  beforeAll(async () => {
    // A real site's data and a doc page's data, from a build of the docs fixture.
    const root = fixture('docs-basic');
    const built = runCli(['build', '--no-cache'], { cwd: root });
    expect(built.status, built.output).toBe(0);
    const assets = path.join(root, 'out/assets');
    site = JSON.parse(readFileSync(path.join(assets, readdirSync(assets).find((file) => /^site-.*\.json$/.test(file))!), 'utf8'));
    const chunk = readdirSync(path.join(assets, 'data')).find((file) => file.startsWith('docs_getting-started'))!;
    page = JSON.parse(readFileSync(path.join(assets, 'data', chunk), 'utf8'));
    const server = async (on: boolean) => {
      const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'folio-memo-'));
      const before = process.env.FOLIO_RENDER_MEMO;
      process.env.FOLIO_RENDER_MEMO = on ? '1' : '0';
      try {
        const server = await bundleServer({ pages: [], cacheDir, cache: new Cache(cacheDir) });
        cacheDirs.set(server, cacheDir);
        return server;
      } finally {
        if (before === undefined) delete process.env.FOLIO_RENDER_MEMO;
        else process.env.FOLIO_RENDER_MEMO = before;
      }
    };
    memo = await server(true);
    plain = await server(false);
  });

  const render = (server: ServerModule, sidebarSite: SiteData, at: string) => server.renderApp(sidebarSite, { ...page, path: at });

  it('renders every page as React does without it, in any order, with any base URL', () => {
    for (const baseUrl of ['/', '/base/']) {
      const items = tree();
      const withTree: SiteData = { ...site, baseUrl, docs: { ...site.docs!, sidebar: items } };
      const order = paths(items);
      // In order, backwards, then each page twice in a row: items are met first in every position.
      for (const at of [...order, ...[...order].reverse(), ...order.flatMap((p) => [p, p])]) {
        const expected = render(plain, withTree, at);
        expect(render(memo, withTree, at), at).toBe(expected);
      }
      // What the test checks is there: the tree, a current link on a page it lists, escaped labels.
      const current = /<aside[^]*?<\/aside>/.exec(render(memo, withTree, '/docs/guides/deep/one'))![0];
      expect(current).toContain('Deeper &lt;one&gt;</a>');
      expect(current.match(/aria-current="page"/g)?.length).toBe(1);
      expect(current).toContain(`href="${baseUrl === '/' ? '' : '/base'}/docs/guides/deep/one" class="sidebar-link active" aria-current="page"`);
      expect(current).not.toContain('__folio_sidebar_');
    }
  });

  it("keeps the items' HTML apart from the page each was first rendered on", () => {
    // A cut of 13 characters or more is a view of the string it was cut from in V8: a kept item
    // would keep a whole page alive (at 10,000 pages, 1,000 of them: 26 MB to the end of the build).
    const items = tree();
    const withTree: SiteData = { ...site, docs: { ...site.docs!, sidebar: items } };
    const before = heapAfterGc();
    const order = paths(items).slice(0, 12);
    order.forEach((at, i) => {
      // Each page a body of its own of about 1 MB (words under 13 characters: V8 copies those).
      const bodyHtml = `<p>${Array.from({ length: 200_000 }, (_, w) => `w${(w * 7 + i) % 5000} `).join('')}</p>`;
      const html = memo.renderApp(withTree, { ...page, path: at, bodyHtml });
      expect(html.length).toBeGreaterThan(1_000_000);
    });
    // The pages are gone; what stays is the memo's HTML of a tree of 15 items.
    expect(heapAfterGc() - before).toBeLessThan(1_500_000);
  });

  it('is built into the server bundle only when on', () => {
    const source = (server: ServerModule) => readFileSync(path.join(cacheDirs.get(server)!, serverBundleId(server)!), 'utf8');
    expect(source(memo)).toMatch(/DocSidebarTree = memoSidebarTree\(DocSidebarTreeOwn, trailIndex, NO_TRAIL\)/);
    expect(source(memo)).toMatch(/Icon = memoPure\(IconOwn\)/);
    expect(source(plain)).not.toContain('DocSidebarTreeOwn');
    expect(source(plain)).not.toContain('IconOwn');
  });

  it("holds React's string renderer and not its streaming one, which folio never calls", () => {
    const source = readFileSync(path.join(cacheDirs.get(memo)!, serverBundleId(memo)!), 'utf8');
    expect(source).toContain('react-dom-server-legacy.node.production.js');
    expect(source).not.toContain('react-dom-server.node.production.js');
    expect(source).not.toMatch(/function renderToPipeableStream|exports\.renderToPipeableStream/);
    // It renders the page (what it renders is compared with React's own above).
    expect(render(memo, site, page.path)).toContain('<h1 class="doc-title">Getting started</h1>');
  });

  it('a site that replaces a part of the tree renders its sidebar without it', () => {
    const replacing = (name: string) => renderMemoOf({ root: '/', assetsUrl: '/assets', overrides: { [name]: `/site/theme/${name}.tsx` }, customCss: [] });
    expect(renderMemoOf(undefined)).toEqual({ sidebar: true, icons: true });
    for (const name of SIDEBAR_TREE_PARTS) expect(replacing(name).sidebar).toBe(false);
    expect(replacing('Icons').icons).toBe(false);
    expect(replacing('Footer')).toEqual({ sidebar: true, icons: true });
  });

  it('names every theme component the tree renders', async () => {
    const result = await esbuild.build({
      entryPoints: [path.join(repoRoot, 'templates/DocSidebarTree.tsx')],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      jsx: 'automatic',
      external: ['react', 'react/*'],
      logLevel: 'silent',
    });
    const components = Object.keys(result.metafile.inputs)
      .map((file) => /^templates\/([A-Z][A-Za-z0-9]*)\.tsx$/.exec(file.replace(/\\/g, '/'))?.[1])
      .filter((name) => name !== undefined);
    expect(components).toContain('DocSidebarTree');
    expect(components.length).toBeGreaterThanOrEqual(3);
    for (const name of components) expect(SIDEBAR_TREE_PARTS).toContain(name);
  });

  it('takes the shipped templates', () => {
    const tree = readFileSync(path.join(repoRoot, 'templates/DocSidebarTree.tsx'), 'utf8');
    expect(memoisedTreeSource(tree, '/memo.ts')).toMatch(
      /export const DocSidebarTree = folioRenderMemo\.memoSidebarTree\(DocSidebarTreeOwn, trailIndex, NO_TRAIL\)/,
    );
    expect(memoisedTreeSource(tree.replace('export function DocSidebarTree(', 'export const DocSidebarTree = ('), '/memo.ts')).toBeUndefined();
    const icons = readFileSync(path.join(repoRoot, 'templates/Icons.tsx'), 'utf8');
    expect(memoisedIconSource(icons, '/memo.ts')).toMatch(/export const Icon = folioRenderMemo\.memoPure\(IconOwn\)/);
    // Icon is a function of its props: no hook, no context.
    expect(icons).not.toMatch(/\buse[A-Z]\w*\(|useContext/);
  });
});

describe('why a neutral item can be remembered', () => {
  it('a current link normalises to the page it is on', () => {
    const hrefs = [
      '/a',
      '/a/',
      '/a//b',
      '/a/b/',
      '/a/index.html',
      '/a.html',
      '/a/b.html',
      '/caf%C3%A9',
      '/caf%c3%a9/',
      '/a?x=1',
      '/a#h',
      '/a/?x#y',
      '',
      '/',
      '//',
      'a',
      'a/b',
      '/a%2Fb',
      '/100%25',
      '/bad%zz',
      '/a/index',
      '/A',
    ];
    const routes = [
      '/a',
      '/a/',
      '/a/b',
      '/a//b',
      '/café',
      '/café/',
      '/a/index.html',
      '/a.html',
      '/',
      '',
      'a',
      '/a/b.html',
      '/a%2Fb',
      '/100%',
      '/bad%zz',
      '/a?x=1',
      '/A',
    ];
    let current = 0;
    for (const href of hrefs) {
      for (const route of routes) {
        if (!isCurrent(href, route)) continue;
        current++;
        expect(normalisePath(href), `${href} on ${route}`).toBe(normaliseRoute(route));
      }
    }
    expect(current).toBeGreaterThan(20);
  });
});

/** A pure component: a star, none, or a label, by its props. */
interface MarkProps {
  kind: 'star' | 'none' | 'text';
  size?: number;
}
function Mark({ kind, size = 10 }: MarkProps): ReactNode {
  if (kind === 'none') return null;
  if (kind === 'text') return `mark ${size}`;
  return createElement(
    'svg',
    { width: size, height: size, viewBox: '0 0 10 10', 'aria-hidden': true, strokeWidth: 2 },
    createElement('path', { d: 'M5 0L10 10H0Z' }),
  );
}
const MemoMark = memoPure(Mark);

describe('a pure component remembered', () => {
  it('renders as itself, between texts too, the first time and every time after', () => {
    const around = (Component: ComponentType<MarkProps>, kind: 'star' | 'none' | 'text', size?: number) =>
      createElement('p', null, 'before', createElement(Component, { kind, size }), 'after', createElement(Component, { kind, size: 12 }));
    for (let round = 0; round < 3; round++) {
      for (const kind of ['star', 'none', 'text'] as const) {
        for (const size of [undefined, 10, 24]) {
          const plain = renderToString(around(Mark, kind, size));
          expect(
            renderWithMemo(() => renderToString(around(MemoMark, kind, size))),
            `${kind} ${size}`,
          ).toBe(plain);
        }
      }
    }
    expect(renderToString(around(Mark, 'none'))).toBe('<p>before<!-- -->after</p>');
  });
});

/** Stand-ins a tree component was handed (the memo at work), counted by `shapedTree`. */
let standInsSeen = 0;

/**
 * A tree shaped as folio's where the memo relies on it (an <li> per item, `active` on the page's
 * link), its open categories rendered through `Inner` (the memo, or itself for the plain tree).
 */
function shapedTree({ items, trail }: ShapedProps, path: string, Inner: ComponentType<ShapedProps>): ReactNode {
  standInsSeen += items.filter((item) => item.href?.includes('__folio_sidebar_')).length;
  return createElement(
    'ul',
    null,
    items.map((item, index) =>
      createElement(
        'li',
        { key: index, className: item.href && isCurrent(item.href, path) ? 'active' : undefined },
        createElement('a', { href: item.href }, item.label),
        // As folio's tree: the trail it was given, or one of its own, handed down.
        item.type === 'category' ? createElement(Inner, { items: item.items, level: 2, trail: trail ?? new Set() }) : null,
      ),
    ),
  );
}
interface ShapedProps {
  items: SidebarItem[];
  level?: number;
  trail?: ReadonlySet<SidebarItem>;
}
function PlainShaped(props: ShapedProps): ReactNode {
  return shapedTree(props, useContext(PathContext), PlainShaped);
}
function OwnShaped(props: ShapedProps): ReactNode {
  return shapedTree(props, useContext(PathContext), MemoShaped);
}
const MemoShaped: ComponentType<ShapedProps> = memoSidebarTree(OwnShaped, () => new Map(), new Set());

describe("the sidebar memo and lists that are not the site's", () => {
  const sidebar = [link('A', '/a'), category('C', [link('B', '/b'), link('D', '/d')], { collapsed: false }), link('E', '/e')];
  const site = { baseUrl: '/', docs: { sidebar } } as unknown as SiteData;
  const page = (Tree: ComponentType<ShapedProps>, at: string, props: ShapedProps) =>
    renderToString(createElement(SiteContext.Provider, { value: site }, createElement(PathContext.Provider, { value: at }, createElement(Tree, props))));
  const both = (at: string, props: ShapedProps) => {
    const plain = page(PlainShaped, at, props);
    standInsSeen = 0;
    const memo = renderWithMemo(() => page(MemoShaped, at, props));
    expect(memo, at).toBe(plain);
    return standInsSeen;
  };

  it("remembers the site's own lists", () => {
    both('/a', { items: sidebar });
    expect(both('/b', { items: sidebar })).toBeGreaterThan(0);
  });

  it('renders as it is a list made anew for each page, or a trail of its own', () => {
    for (const at of ['/a', '/b', '/e', '/a']) expect(both(at, { items: [...sidebar] })).toBe(0);
    for (const at of ['/a', '/e']) expect(both(at, { items: sidebar, trail: new Set([sidebar[0]]) })).toBe(0);
  });
});

/** A tree component that puts its items in <p>, not <li>: the memo's stand-ins cannot be found back. */
function Paragraphs({ items }: { items: SidebarItem[] }): ReactNode {
  return items.map((item) => createElement('p', { key: item.label }, createElement('a', { href: item.href }, item.label)));
}

// Last: the fallback turns the memos off for the rest of this module.
describe('a tree that is not in the shape the memo expects', () => {
  it('is rendered again without the memo, and so are the pages after it', () => {
    const Tree = memoSidebarTree(Paragraphs, () => new Map(), new Set());
    const site = { baseUrl: '/', docs: { sidebar: [] } } as unknown as SiteData;
    const items = [link('One', '/one'), link('Two', '/two'), link('Three', '/three')];
    const page = (at: string) =>
      renderToString(createElement(SiteContext.Provider, { value: site }, createElement(PathContext.Provider, { value: at }, createElement(Tree, { items }))));
    const expected = '<p><a href="/one">One</a></p><p><a href="/two">Two</a></p><p><a href="/three">Three</a></p>';
    expect(renderWithMemo(() => page('/two'))).toBe(expected);
    expect(renderWithMemo(() => page('/one'))).toBe(expected);
  });
});
