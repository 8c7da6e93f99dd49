import { describe, expect, it } from 'vitest';
import { pagePath, paginate } from '../../../src/routes/paginate.js';

describe('paginate', () => {
  it('puts page 2 of every listing kind where the spec spells it', () => {
    expect(pagePath({ basePath: '/blog', pageSegment: 'page', page: 2 })).toBe('/blog/page/2');
    expect(pagePath({ basePath: '/blog/tags/the-codegen-project', pageSegment: 'page', page: 2 })).toBe('/blog/tags/the-codegen-project/page/2');
    expect(pagePath({ basePath: '/blog/authors/jonaslagoni', pageSegment: 'authors', page: 2 })).toBe('/blog/authors/jonaslagoni/authors/2');
    expect(pagePath({ basePath: '/', pageSegment: 'page', page: 3 })).toBe('/page/3');
  });

  it('keeps page 1 at the base path (without a trailing slash)', () => {
    expect(pagePath({ basePath: '/blog/', pageSegment: 'page', page: 1 })).toBe('/blog');
  });

  it('splits 11 items into 10 + 1 with previous/next links', () => {
    const pages = paginate({ items: Array.from({ length: 11 }, (_, i) => i), basePath: '/blog', pageSegment: 'page', perPage: 10 });
    expect(pages.map((p) => p.items.length)).toEqual([10, 1]);
    expect(pages[0]).toMatchObject({ page: 1, totalPages: 2, totalItems: 11, path: '/blog', next: '/blog/page/2', previous: undefined });
    expect(pages[1]).toMatchObject({ page: 2, path: '/blog/page/2', previous: '/blog', next: undefined });
    expect(pages[1].items).toEqual([10]);
  });

  it('always has one page, even when empty', () => {
    const pages = paginate({ items: [], basePath: '/blog', pageSegment: 'page', perPage: 10 });
    expect(pages).toHaveLength(1);
    expect(pages[0].items).toEqual([]);
  });
});
