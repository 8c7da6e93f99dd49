/**
 * routeHref is encodeRoutePath with a shortcut for paths that encode to themselves: the same href
 * for every path, whichever way it goes.
 */
import { describe, expect, it } from 'vitest';
import { routeHref } from '../../../src/links/route-href.js';
import { encodeRoutePath } from '../../../src/shared/url.js';

describe('routeHref', () => {
  it('gives what encodeRoutePath gives, for every ASCII character and for random paths', () => {
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));
    const paths = [...ascii.map((char) => `/docs/a${char}b/`), '/', '', '/docs/with space', '/docs/100%', '/docs/c#sharp', '/docs/ünïcode', '/a?b', '/😀'];
    // Random paths from an alphabet of characters that take either way.
    const alphabet = [...'aZ09-_.!~*\'():@$&+,;=%#?/ \t"<>[]{}|^`\\', 'é', '€', '😀'];
    let seed = 11;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 5000; i++) paths.push(`/${Array.from({ length: next() % 16 }, () => alphabet[next() % alphabet.length]).join('')}`);
    let shortcut = 0;
    for (const routePath of paths) {
      expect(routeHref(routePath), JSON.stringify(routePath)).toBe(encodeRoutePath(routePath));
      if (routeHref(routePath) === routePath) shortcut++;
    }
    // Both ways were taken.
    expect(shortcut).toBeGreaterThan(100);
    expect(shortcut).toBeLessThan(paths.length - 100);
  });
});
