import { describe, expect, it } from 'vitest';
import { chunkNameFor, normalisePath, outputFileFor, withBase } from '../../../src/shared/url.js';

describe('url helpers', () => {
  it('treats x, x/, x.html and x/index.html as one path', () => {
    for (const form of ['/docs/usage', '/docs/usage/', '/docs/usage.html', '/docs/usage/index.html', '/docs/usage?x=1#top']) {
      expect(normalisePath(form)).toBe('/docs/usage');
    }
    expect(normalisePath('/index.html')).toBe('/');
    expect(normalisePath('/')).toBe('/');
  });

  it('maps routes to output files and chunk names', () => {
    expect(outputFileFor('/')).toBe('index.html');
    expect(outputFileFor('/docs/')).toBe('docs/index.html');
    expect(outputFileFor('/blog/page/2')).toBe('blog/page/2/index.html');
    expect(chunkNameFor('/blog/archive-3f1')).toBe('blog_archive-3f1.json');
    expect(chunkNameFor('/-abc')).toBe('index-abc.json');
  });

  it('adds the base URL to site paths only', () => {
    expect(withBase('/site/', '/docs/')).toBe('/site/docs/');
    expect(withBase('/', '/docs/')).toBe('/docs/');
    expect(withBase('/site/', 'https://x.dev')).toBe('https://x.dev');
  });
});
