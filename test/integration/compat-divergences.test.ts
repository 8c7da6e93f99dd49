/**
 * Docusaurus compatibility, small divergences (issue 14): no version badge
 * when the site has one version (a version's `badge` turns it on), category
 * cards described by a doc's first paragraph, `docs.exclude` with
 * Docusaurus's defaults, the footer copyright as HTML under the base URL,
 * and the generated API index winning over a doc that claims its route.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite, outExists, readOut, removeDir } from '../support/fixtures.js';

const roots: string[] = [];
afterAll(() => roots.forEach(removeDir));

function site(config: string, files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'folio-compat-'));
  roots.push(root);
  const all: Record<string, string> = { 'site.config.ts': config, 'content/pages/index.md': '# Home\n\nWelcome.\n', ...files };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const docs = {
  'content/docs/intro.md': '---\ntitle: Intro\n---\n\nThe kettle is on.\n',
  'content/docs/guides/_category_.json': JSON.stringify({ label: 'Guides', link: { type: 'generated-index' } }),
  'content/docs/guides/boiling.md': '---\ntitle: Boiling\n---\n\n# Boiling\n\nWater boils at **one hundred** degrees at sea level.\n\nA second paragraph.\n',
  'content/docs/guides/steeping.md': '---\ntitle: Steeping\ndescription: How long the leaves stay in.\n---\n\nFour minutes.\n',
  'content/docs/_partial.md': 'A partial, imported elsewhere.\n',
  'content/docs/_shared/notes.md': '# Notes\n\nShared notes.\n',
  'content/docs/__tests__/case.md': '# Case\n\nA test page.\n',
  'content/docs/drafts/idea.md': '# Idea\n\nNot ready.\n',
};

function routes(root: string): string[] {
  return (JSON.parse(readOut(root, 'routes.json')) as { path: string }[]).map((route) => route.path);
}

describe('docs defaults (one version, default exclude)', () => {
  let root: string;
  it('builds', async () => {
    root = site(
      `export default { title: 'Tea', url: 'https://tea.example.org', baseUrl: '/tea/', docs: {}, footer: { copyright: 'Brewed by <a href="/docs/intro">the tea club</a>, <a href="https://example.org/licence">licensed</a>' } };\n`,
      docs,
    );
    const result = await buildSite(root);
    expect(result.ok, result.stderr).toBe(true);
  }, 60_000);

  it('shows no version badge when the site has one version', () => {
    const html = readOut(root, 'docs/intro/index.html');
    expect(html).toContain('The kettle is on.');
    expect(html).not.toContain('version-badge');
    expect(html).not.toContain('Version: Next');
  });

  it('describes a category card by the doc’s first paragraph when it has no description', () => {
    const html = readOut(root, 'docs/category/guides/index.html');
    const cards = [...html.matchAll(/<span class="card-description">([^<]*)<\/span>/g)].map((match) => match[1]);
    expect(cards).toEqual(['Water boils at one hundred degrees at sea level.', 'How long the leaves stay in.']);
  });

  it('leaves out partials and tests, as Docusaurus’s default exclude does', () => {
    expect(routes(root).filter((route) => route.startsWith('/docs'))).toEqual([
      '/docs/category/guides',
      '/docs/drafts/idea',
      '/docs/guides/boiling',
      '/docs/guides/steeping',
      '/docs/intro',
    ]);
  });

  it('renders the footer copyright as HTML, its site links under the base URL', () => {
    const html = readOut(root, 'docs/intro/index.html');
    expect(html).toContain(
      '<p class="footer-copyright">Brewed by <a href="/tea/docs/intro">the tea club</a>, <a href="https://example.org/licence">licensed</a></p>',
    );
  });
});

describe('docs.exclude and a version badge set in the config', () => {
  it('excludes what the globs name (and only that: they replace the defaults) and shows the badge', async () => {
    const root = site(
      `export default { title: 'Tea', url: 'https://tea.example.org', docs: { exclude: ['**/drafts/**', '**/__tests__/**'], versions: { current: { label: 'Next', badge: true } } } };\n`,
      docs,
    );
    const result = await buildSite(root);
    expect(result.ok, result.stderr).toBe(true);
    const docRoutes = routes(root).filter((route) => route.startsWith('/docs'));
    expect(docRoutes).not.toContain('/docs/drafts/idea');
    expect(docRoutes).not.toContain('/docs/__tests__/case');
    expect(docRoutes).toEqual(expect.arrayContaining(['/docs/_partial', '/docs/_shared/notes']));
    expect(readOut(root, 'docs/intro/index.html')).toContain('<span class="badge version-badge">Version: <!-- -->Next</span>');
  }, 60_000);
});

describe('a doc that claims the API index route', () => {
  it('loses to the generated API index, and the warning names both sources', async () => {
    const root = site(
      `export default { title: 'Tea', url: 'https://tea.example.org', docs: {}, api: { entryPoints: ['src/kettle.ts'], readme: 'content/docs/api/API.md', routeBase: '/docs/api' } };\n`,
      {
        'content/docs/intro.md': '# Intro\n\nSee [the API](./api/API.md).\n',
        'content/docs/api/API.md': '# Kettle API\n\nThe kettle package, written by hand.\n',
        'src/kettle.ts':
          '/** Boils water for the given number of minutes. */\nexport function boil(minutes: number): string {\n  return `boiled for ${minutes}`;\n}\n',
      },
    );
    const result = await buildSite(root);
    expect(result.ok, result.stderr).toBe(true);
    const output = `${result.stdout}\n${result.stderr}`.replaceAll(`${root}/`, '');
    expect(output).toContain(
      'warning DUPLICATE_ROUTE content/docs/api/API.md: route /docs/api/ is produced twice: by the doc content/docs/api/API.md and by the API reference generated from src/kettle.ts (with this doc as its readme); the API reference is kept',
    );
    // A link to the readme leads to the index that shows it.
    expect(output).not.toContain('BROKEN_MARKDOWN_LINK');
    expect(readOut(root, 'docs/intro/index.html')).toContain('See <a href="/docs/api/">the API</a>');
    const index = readOut(root, 'docs/api/index.html');
    expect(index).toContain('href="/docs/api/functions/boil"');
    expect(index).toContain('The kettle package, written by hand.');
    expect(outExists(root, 'docs/api/functions/boil/index.html')).toBe(true);
    expect(
      routes(root)
        .filter((route) => route.startsWith('/docs/api'))
        .sort(),
    ).toEqual(['/docs/api/', '/docs/api/functions/boil']);
  }, 120_000);
});
