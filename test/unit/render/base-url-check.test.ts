/**
 * The base-URL check script of every page, run against a minimal fake DOM:
 * it must stay silent when the client bundle loaded, and otherwise suggest
 * the base URL the page's address shows.
 */
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { baseUrlCheckScript } from '../../../src/render/document.js';

interface FakeNode {
  tag: string;
  text: string;
  attributes: Record<string, string>;
  children: FakeNode[];
  id?: string;
}

function run({
  baseUrl,
  routePath,
  pathname,
  clientLoaded,
}: {
  baseUrl: string;
  routePath: string;
  pathname: string;
  clientLoaded: boolean;
}): FakeNode | undefined {
  let onReady: (() => void) | undefined;
  let inserted: FakeNode | undefined;
  const node = (tag: string): FakeNode & Record<string, unknown> => {
    const n: FakeNode & Record<string, unknown> = {
      tag,
      text: '',
      attributes: {},
      children: [],
      setAttribute(name: string, value: string) {
        n.attributes[name] = value;
      },
      appendChild(child: FakeNode) {
        n.children.push(child);
      },
    };
    Object.defineProperty(n, 'textContent', { set: (value: string) => (n.text = value) });
    return n;
  };
  const document = {
    documentElement: { hasAttribute: (name: string) => clientLoaded && name === 'data-folio-client' },
    addEventListener: (type: string, listener: () => void) => type === 'DOMContentLoaded' && (onReady = listener),
    createElement: node,
    createTextNode: (text: string) => ({ tag: '#text', text, attributes: {}, children: [] }),
    body: { firstChild: null, insertBefore: (child: FakeNode) => (inserted = child) },
  };
  vm.runInNewContext(baseUrlCheckScript({ baseUrl, routePath }), { document, location: { pathname } });
  onReady?.();
  return inserted;
}

const message = (banner: FakeNode | undefined) => banner?.children.map((child) => child.text).join('');

describe('baseUrlCheckScript', () => {
  it('shows nothing when the client bundle loaded', () => {
    expect(run({ baseUrl: '/', routePath: '/docs/usage', pathname: '/sub/docs/usage', clientLoaded: true })).toBeUndefined();
  });

  it('suggests the base URL the address shows, for every path form', () => {
    for (const [routePath, pathname] of [
      ['/docs/usage', '/sub/docs/usage'],
      ['/docs/usage', '/sub/docs/usage/'],
      ['/docs/usage', '/sub/docs/usage.html'],
      ['/docs/usage', '/sub/docs/usage/index.html'],
      ['/docs/', '/sub/docs/'],
      ['/', '/sub/'],
      ['/', '/sub/index.html'],
    ]) {
      const banner = run({ baseUrl: '/', routePath, pathname, clientLoaded: false });
      expect(banner?.id).toBe('__folio-base-url-issue');
      expect(banner?.attributes.role).toBe('alert');
      expect(message(banner)).toBe(
        'This site did not load properly. Its scripts were not found: the site is built for baseUrl "/" but is served under "/sub/". Set baseUrl to "/sub/" in site.config.ts and build again.',
      );
    }
    expect(message(run({ baseUrl: '/docs-site/', routePath: '/blog', pathname: '/blog', clientLoaded: false }))).toContain(
      'served under "/". Set baseUrl to "/"',
    );
  });

  it('says the scripts did not load when the address shows no other base', () => {
    for (const [routePath, pathname] of [
      ['/docs/usage', '/docs/usage'],
      ['/404', '/some/unknown/page'],
    ]) {
      expect(message(run({ baseUrl: '/', routePath, pathname, clientLoaded: false }))).toBe(
        'This site did not load properly. Its scripts could not be loaded. If the site is served under another path than its baseUrl "/", set baseUrl in site.config.ts to that path and build again.',
      );
    }
  });
});
