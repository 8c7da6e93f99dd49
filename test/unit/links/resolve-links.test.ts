/**
 * Link resolution (issue 12): files content pulls in must lie in the site
 * (by real path), and a markdown link to a page whose file name holds `%`,
 * `#`, `?` or a space becomes a URL a browser reads back as that page.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warning } from '../../../src/core/warnings.js';
import { isFolioError, type FolioError } from '../../../src/errors/index.js';
import { resolveContentLinks, type LinkResolver, type MediaFile } from '../../../src/links/resolve-links.js';
import { siteFoldersOf } from '../../../src/links/site-folders.js';
import type { CompiledContent } from '../../../src/markdown/compile.js';
import { decodeUrlPath, encodeRoutePath, normalisePath, normaliseRoute, outputFileFor, chunkNameFor } from '../../../src/shared/url.js';

let parent: string;
let root: string;
let secret: string;
const config = { staticDir: 'content/static', docs: { path: 'content/docs' }, blog: undefined, pages: { path: 'content/pages' } } as never;

beforeAll(() => {
  parent = mkdtempSync(path.join(os.tmpdir(), 'folio-confine-'));
  root = path.join(parent, 'site');
  mkdirSync(path.join(root, 'content/docs/sub'), { recursive: true });
  mkdirSync(path.join(root, 'content/static'), { recursive: true });
  secret = path.join(parent, 'secret.txt');
  writeFileSync(secret, 'not for publishing\n');
  writeFileSync(path.join(root, 'content/docs/pic.png'), 'png bytes');
  symlinkSync(secret, path.join(root, 'content/docs/leak.png'));
  symlinkSync(parent, path.join(root, 'content/docs/outside-dir'));
  symlinkSync(path.join(root, 'content/docs/pic.png'), path.join(root, 'content/docs/alias.png'));
});
afterAll(() => rmSync(parent, { recursive: true, force: true }));

function resolverFor(fileRoutes: Map<string, string> = new Map()): { resolver: LinkResolver; warnings: Warning[]; media: Map<string, MediaFile> } {
  const warnings: Warning[] = [];
  const media = new Map<string, MediaFile>();
  return { resolver: { fileRoutes, baseUrl: '/', media, folders: siteFoldersOf(root, config), warn: (warning) => warnings.push(warning) }, warnings, media };
}

function page(html: string, refs: { links?: string[]; images?: string[] }): CompiledContent {
  const at = (href: string, index: number) => ({ href, line: 10 + index, column: 1 });
  return {
    html,
    hasTruncate: false,
    headings: [],
    ids: [],
    links: (refs.links ?? []).map(at),
    images: (refs.images ?? []).map(at),
    words: 0,
    summary: '',
    usedMdx: false,
  };
}

function failure(run: () => unknown): FolioError {
  try {
    run();
  } catch (error) {
    if (isFolioError(error)) return error;
    throw error;
  }
  throw new Error('expected a FolioError');
}

describe('files referenced from content stay inside the site', () => {
  const file = () => path.join(root, 'content/docs/sub/page.md');

  it('an image reached through ../ out of the site is an error naming the line, and nothing is collected', () => {
    const { resolver, media } = resolverFor();
    const src = '../../../../secret.txt';
    expect(path.resolve(path.dirname(file()), src)).toBe(secret);
    const error = failure(() => resolveContentLinks({ compiled: page(`<img src="${src}">`, { images: [src] }), file: file(), resolver }));
    expect(error.code).toBe('MEDIA_OUTSIDE_SITE');
    expect(error.location).toMatchObject({ file: file(), line: 10 });
    expect(error.message).toContain(src);
    expect(media.size).toBe(0);
  });

  it('../ escapes fail whether or not the target exists (nothing about the outside is revealed)', () => {
    for (const src of ['../../../../../../../../etc/passwd', '../../../../no-such-file.png']) {
      const { resolver, media } = resolverFor();
      expect(failure(() => resolveContentLinks({ compiled: page('', { images: [src] }), file: file(), resolver })).code).toBe('MEDIA_OUTSIDE_SITE');
      expect(media.size).toBe(0);
    }
  });

  it('a symbolic link inside the site that points out counts as outside', () => {
    for (const src of ['../leak.png', '../outside-dir/secret.txt']) {
      const { resolver, media } = resolverFor();
      expect(failure(() => resolveContentLinks({ compiled: page('', { images: [src] }), file: file(), resolver })).code).toBe('MEDIA_OUTSIDE_SITE');
      expect(media.size).toBe(0);
    }
  });

  it('a markdown link to a file outside the site is a broken link that says so, without probing the file', () => {
    writeFileSync(path.join(parent, 'notes.md'), '# Notes\n');
    const { resolver, warnings } = resolverFor();
    resolveContentLinks({ compiled: page('', { links: ['../../../../notes.md', '../../../../missing.md'] }), file: file(), resolver });
    expect(warnings.map((warning) => warning.message)).toEqual([
      'markdown link "../../../../notes.md" points to a file outside the site',
      'markdown link "../../../../missing.md" points to a file outside the site',
    ]);
  });

  it('images inside the site (also through a link that stays inside) are collected as before', () => {
    const { resolver, media, warnings } = resolverFor();
    const result = resolveContentLinks({
      compiled: page('<img src="../pic.png"><img src="../alias.png">', { images: ['../pic.png', '../alias.png'] }),
      file: file(),
      resolver,
    });
    expect(warnings).toEqual([]);
    expect(media.size).toBe(2);
    expect(result.html).toMatch(/^<img src="\/assets\/media\/pic-[0-9a-f]{8}\.png"><img src="\/assets\/media\/alias-[0-9a-f]{8}\.png">$/);
  });

  it('a folder given as an image is a warning, not a crash (it threw EISDIR)', () => {
    const { resolver, media, warnings } = resolverFor();
    resolveContentLinks({ compiled: page('', { images: ['.'] }), file: file(), resolver });
    expect(media.size).toBe(0);
    expect(warnings.map((warning) => [warning.code, warning.message])).toEqual([['MISSING_IMAGE', 'image "." is not a file']]);
  });
});

describe('routes with %, #, ? and spaces in their names', () => {
  const names = ['100%', 'c#sharp', 'with space', 'what?', 'café'];

  it('a markdown link resolves to an href that a browser reads back as the route', () => {
    const docs = path.join(root, 'content/docs');
    const fileRoutes = new Map(names.map((name) => [path.join(docs, `${name}.md`), `/docs/${name}`]));
    const { resolver, warnings } = resolverFor(fileRoutes);
    // How markdown writes links to these files (micromark keeps %xx escapes and encodes the rest).
    const links = ['./100%25.md', './c%23sharp.md#intro', './with%20space.md', './what%3F.md', './caf%C3%A9.md'];
    const result = resolveContentLinks({ compiled: page('', { links }), file: path.join(docs, 'index.md'), resolver });
    expect(warnings).toEqual([]);
    const pageUrl = 'https://example.com/docs/index';
    result.links.forEach((link, index) => {
      const url = new URL(link.href, pageUrl);
      expect(decodeURIComponent(url.pathname)).toBe(`/docs/${names[index]}`);
      expect(url.search).toBe('');
      expect(url.hash).toBe(index === 1 ? '#intro' : '');
    });
  });

  it('encodes and decodes route paths segment by segment', () => {
    for (const name of names) {
      const route = `/docs/${name}/`;
      const href = encodeRoutePath(route);
      expect(decodeURIComponent(new URL(href, 'https://x.dev').pathname)).toBe(route);
      expect(decodeUrlPath(href)).toBe(route);
      expect(normalisePath(`${href}?q=1#top`)).toBe(normaliseRoute(route));
    }
    expect(encodeRoutePath('/docs/a:b@c')).toBe('/docs/a:b@c');
    expect(decodeUrlPath('/docs/100%')).toBe('/docs/100%');
  });

  it('writes the output file under the decoded name and gives the page data a URL-safe chunk name', () => {
    expect(outputFileFor('/docs/c#sharp')).toBe('docs/c#sharp/index.html');
    expect(outputFileFor('/docs/what?')).toBe('docs/what?/index.html');
    expect(outputFileFor('/docs/100%/')).toBe('docs/100%/index.html');
    const chunks = names.map((name) => chunkNameFor(`/docs/${name}-abc`));
    for (const chunk of chunks) {
      expect(chunk).toMatch(/^[A-Za-z0-9._~-]+$/);
      expect(new URL(`/__folio/${chunk}`, 'https://x.dev').pathname).toBe(`/__folio/${chunk}`);
    }
    expect(new Set(chunks).size).toBe(names.length);
    expect(chunkNameFor('/blog/archive-3f1')).toBe('blog_archive-3f1.json');
  });
});
