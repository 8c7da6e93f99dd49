import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isNoise, isStyleOnly, planChanges, type FileEvent } from '../../../src/build/incremental/changes.js';
import type { WatchedPaths } from '../../../src/core/site-paths.js';

const root = '/site';
const theme = '/folio';
const watched: WatchedPaths = {
  root,
  configFile: '/site/site.config.ts',
  docsDir: '/site/content/docs',
  blogDir: '/site/content/blog',
  pagesDir: '/site/content/pages',
  staticDir: '/site/content/static',
  apiPaths: ['/site/content/api/src', '/site/content/api/src/index.ts'],
  themeDirs: [path.join(theme, 'templates'), path.join(theme, 'src/client')],
  ignoredDirs: ['/site/out', '/site/.folio-cache'],
};
const change = (file: string, type: FileEvent['type'] = 'change'): FileEvent => ({ path: file, type });

describe('planChanges', () => {
  it('re-reads a doc edited in place, and re-discovers the section when docs come or go', () => {
    expect(planChanges([change('/site/content/docs/a.md')], watched).sections.docs).toEqual({ rediscover: false, files: ['/site/content/docs/a.md'] });
    for (const type of ['add', 'unlink'] as const) expect(planChanges([change('/site/content/docs/a.md', type)], watched).sections.docs.rediscover).toBe(true);
    expect(planChanges([change('/site/content/docs/guides', 'unlinkDir')], watched).sections.docs.rediscover).toBe(true);
    expect(planChanges([change('/site/content/docs/guides/_category_.yml')], watched).sections.docs.rediscover).toBe(true);
  });

  it('treats blog metadata files as a change of the whole blog', () => {
    expect(planChanges([change('/site/content/blog/authors.yml')], watched).sections.blog.rediscover).toBe(true);
    expect(planChanges([change('/site/content/blog/tags.yml')], watched).sections.blog.rediscover).toBe(true);
    expect(planChanges([change('/site/content/blog/2025-01-01-x/index.md')], watched).sections.blog).toEqual({
      rediscover: false,
      files: ['/site/content/blog/2025-01-01-x/index.md'],
    });
  });

  it('rebuilds the bundles for theme and page-component changes, the client only for styles', () => {
    const template = planChanges([change('/folio/templates/DocPage.tsx')], watched);
    expect([template.client, template.server]).toEqual([true, true]);
    const style = planChanges([change('/folio/templates/styles/base.css')], watched);
    expect([style.client, style.server]).toEqual([true, false]);
    expect(isStyleOnly(style)).toBe(true);
    const page = planChanges([change('/site/content/pages/index.tsx')], watched);
    expect([page.sections.pages.rediscover, page.client, page.server]).toEqual([true, true, true]);
    const pageStyle = planChanges([change('/site/content/pages/home.css')], watched);
    expect([pageStyle.sections.pages.rediscover, pageStyle.client, pageStyle.server]).toEqual([false, true, false]);
    expect(isStyleOnly(planChanges([change('/folio/templates/styles/base.css'), change('/site/content/docs/a.md')], watched))).toBe(false);
  });

  it('sorts out config, API sources, static files and images next to content', () => {
    expect(planChanges([change('/site/site.config.ts')], watched).config).toBe(true);
    expect(planChanges([change('/site/content/api/src/util.ts')], watched).sections.api.rediscover).toBe(true);
    expect(planChanges([change('/site/content/static/img/logo.svg')], watched).statics).toEqual(['/site/content/static/img/logo.svg']);
    expect(planChanges([change('/site/content/docs/guides/diagram.png')], watched).media).toEqual(['/site/content/docs/guides/diagram.png']);
  });

  it('ignores noise, output and cache files, and files discovery skips', () => {
    const plan = planChanges(
      [
        change('/site/content/docs/.a.md.swp'),
        change('/site/content/docs/a.md~'),
        change('/site/out/docs/a/index.html'),
        change('/site/.folio-cache/page/x.json'),
        change('/site/content/docs/_partials/x.md'),
        change('/site/README.md'),
      ],
      watched,
    );
    expect(plan.paths).toEqual([]);
  });

  it('lists each changed path once, in order', () => {
    const plan = planChanges([change('/site/content/docs/b.md'), change('/site/content/docs/a.md'), change('/site/content/docs/b.md')], watched);
    expect(plan.paths).toEqual(['/site/content/docs/b.md', '/site/content/docs/a.md']);
    expect(plan.sections.docs.files).toEqual(['/site/content/docs/b.md', '/site/content/docs/a.md']);
  });
});

describe('isNoise', () => {
  it('recognises editor and OS artefacts', () => {
    for (const file of ['/x/.DS_Store', '/x/a.md.swp', '/x/4913', '/x/a.md~', '/x/node_modules/y/z.js', '/x/a.orig']) expect(isNoise(file), file).toBe(true);
    for (const file of ['/x/a.md', '/x/index.tsx', '/x/styles/base.css']) expect(isNoise(file), file).toBe(false);
  });
});

describe('sections', () => {
  it('every registered section gets the changes under its own folders, and no other section does', async () => {
    const { sections } = await import('../../../src/sections/registry.js');
    for (const section of sections) {
      const [root] = section.roots(watched);
      expect(root, section.name).toBeDefined();
      const file = path.join(root.endsWith('.ts') ? path.dirname(root) : root, 'fresh-file.md');
      const plan = planChanges([change(file, 'add')], watched);
      for (const other of sections) {
        const touched = plan.sections[other.name].rediscover || plan.sections[other.name].files.length > 0;
        expect(touched, `${file} → ${other.name}`).toBe(other === section);
      }
    }
  });
});
