import { describe, expect, it } from 'vitest';
import { pageDataProblem } from '../../../src/client/page-check.js';
import { prefetchAllowed } from '../../../src/client/prefetch.js';

const templates = ['doc', 'docCategory', 'mdPage', 'tsxPage', 'blogList', 'blogPost', 'blogTags', 'blogAuthors', 'blogArchive', 'notFound'];
const check = (data: unknown, path = '/docs/usage') => pageDataProblem({ data, path, templates, components: ['index'] });
const doc = {
  path: '/docs/usage',
  key: '/docs/usage-abc',
  template: 'doc',
  title: 'Usage | Site',
  props: { title: 'Usage', breadcrumbs: [], toc: [] },
  bodyHtml: '<p>x</p>',
};

describe('pageDataProblem', () => {
  it('accepts a well-formed chunk, whatever the path form', () => {
    expect(check(doc)).toBeUndefined();
    expect(check(doc, '/docs/usage/')).toBeUndefined();
    expect(check({ path: '/', key: '/-1', template: 'tsxPage', title: 'Home', props: { component: 'index' } }, '/')).toBeUndefined();
  });

  it('names what is wrong with a malformed chunk', () => {
    expect(check(null)).toBe('the page data is not an object');
    expect(check([doc])).toBe('the page data is not an object');
    expect(check({ ...doc, title: 3 })).toBe('the page data has no "title" string');
    expect(check({ ...doc, template: 'nope' })).toBe('the page data names an unknown template "nope"');
    expect(check({ ...doc, template: 'constructor' })).toBe('the page data names an unknown template "constructor"');
    expect(check({ ...doc, path: '/docs/other' })).toBe('the page data is for /docs/other, not /docs/usage');
    expect(check({ ...doc, bodyHtml: 5 })).toBe('the page body is not a string');
    expect(check({ ...doc, props: null })).toBe('the page data has no props');
    expect(check({ ...doc, props: { title: 'Usage', breadcrumbs: [] } })).toBe('the doc page data lacks the "toc" list');
    expect(check({ path: '/blog/x', key: 'k', template: 'blogPost', title: 't', props: { toc: [] } }, '/blog/x')).toBe('the blogPost page data lacks "post"');
    expect(check({ path: '/', key: 'k', template: 'tsxPage', title: 't', props: { component: 'gone' } }, '/')).toBe(
      'the page component "gone" is not in the client bundle',
    );
  });
});

describe('prefetchAllowed', () => {
  it('prefetches unless the connection is 2g or saves data', () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: '4g' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '3g', saveData: false })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '4g', saveData: true })).toBe(false);
  });
});
