/** The API reference routes, sidebar and link targets are pure: built here from a small typedoc JSON project. */
import { describe, expect, it } from 'vitest';
import { buildApiIndex } from '../../../src/api/model.js';
import type { ApiModel } from '../../../src/api/types.js';
import { configSchema } from '../../../src/config/schema.js';
import { buildApiRoutes } from '../../../src/routes/api-routes.js';
import type { DocProps } from '../../../src/shared/page-data.js';
import { project } from './project.js';

const config = configSchema.parse({
  title: 'T',
  url: 'https://t.dev',
  docs: {},
  api: { entryPoints: ['api/src/index.ts'], routeBase: '/docs/api', sidebarLabel: 'Reference' },
});
const model: ApiModel = {
  project,
  hash: 'model-hash',
  portableHash: 'model-hash-portable',
  root: '/site',
  generated: true,
  ms: 1,
  sourceFiles: ['/site/api/src/index.ts'],
  problems: [],
  readme: {
    file: '/site/api/README.md',
    relPath: 'api/README.md',
    source: '# API',
    frontMatter: { description: 'All exports.' },
    body: '# API',
    bodyLineOffset: 0,
    hash: 'readme-hash',
  },
};

describe('buildApiIndex', () => {
  const index = buildApiIndex({ project, routeBase: '/docs/api/', label: 'Reference' });

  it('gives every export a page under its group, namespaces their own groups, in reading order', () => {
    expect(index.pages.map((page) => page.path)).toEqual([
      '/docs/api/',
      '/docs/api/namespaces/Geo',
      '/docs/api/namespaces/Geo/functions/dist',
      '/docs/api/enumerations/Color',
      '/docs/api/functions/run',
      '/docs/api/interfaces/Opts',
    ]);
    expect(index.pages.map((page) => page.id)).toEqual([
      'api:index',
      'api:namespaces/Geo',
      'api:namespaces/Geo/functions/dist',
      'api:enumerations/Color',
      'api:functions/run',
      'api:interfaces/Opts',
    ]);
    expect(index.root.reexports).toEqual([{ name: 'start', target: 5 }]);
  });

  it('maps reflections to their page, members to an #anchor, nested reflections to the page that shows them', () => {
    expect(index.targets.get(7)).toBe('/docs/api/interfaces/Opts');
    expect(index.targets.get(4)).toBe('/docs/api/enumerations/Color#green');
    expect(index.targets.get(8)).toBe('/docs/api/interfaces/Opts#a');
    expect(index.targets.get(6)).toBe('/docs/api/functions/run');
    expect(index.targets.get(13)).toBe('/docs/api/functions/run');
    expect(index.targets.get(10)).toBe('/docs/api/namespaces/Geo/functions/dist');
    expect(index.targets.get(12)).toBeUndefined();
  });
});

describe('buildApiRoutes', () => {
  const { drafts, sidebarNode } = buildApiRoutes({ model, config });
  const byPath = new Map(drafts.map((draft) => [draft.path, draft]));

  it('makes doc routes with the api flag, a stable source id, breadcrumbs and a description from the comment', () => {
    const run = byPath.get('/docs/api/functions/run')!;
    expect(run.template).toBe('doc');
    expect(run.sidebar).toBe('docs');
    expect(run.source).toEqual({ file: 'api:functions/run', kind: 'api' });
    expect(run.description).toBe('Runs with Opts.');
    expect(run.origin).toBe('/site/api/src/index.ts');
    const props = run.props as DocProps;
    expect(props.api).toBe(true);
    expect(props.title).toBe('run');
    // One docs version: no "Version: …" badge, as in Docusaurus (issue 14).
    expect(props.version).toBeUndefined();
    expect(props.breadcrumbs).toEqual([{ label: 'Reference', href: '/docs/api/' }, { label: 'Functions' }, { label: 'run' }]);
    expect(props.previous).toEqual({ label: 'Color', href: '/docs/api/enumerations/Color' });
    expect(props.next).toEqual({ label: 'Opts', href: '/docs/api/interfaces/Opts' });
  });

  it('titles the index with the sidebar label, takes its description from the readme and depends on the readme', () => {
    const index = byPath.get('/docs/api/')!;
    expect(index.title).toBe('Reference');
    expect(index.description).toBe('All exports.');
    expect(index.dependsOn).toEqual(['model-hash-portable', 'readme-hash', '']);
    expect((index.props as DocProps).previous).toBeUndefined();
    expect((index.props as DocProps).next).toEqual({ label: 'Geo', href: '/docs/api/namespaces/Geo' });
    expect((byPath.get('/docs/api/namespaces/Geo/functions/dist')!.props as DocProps).breadcrumbs).toEqual([
      { label: 'Reference', href: '/docs/api/' },
      { label: 'Geo', href: '/docs/api/namespaces/Geo' },
      { label: 'Functions' },
      { label: 'dist' },
    ]);
  });

  it('puts the reference in the sidebar as a category with the groups as sub-categories', () => {
    const shape = (node: typeof sidebarNode): unknown =>
      node.kind === 'doc' ? node.href : { label: node.label, href: node.href, collapsed: node.collapsed, children: node.children.map(shape) };
    expect(shape(sidebarNode)).toEqual({
      label: 'Reference',
      href: '/docs/api/',
      collapsed: true,
      children: [
        {
          label: 'Namespaces',
          href: undefined,
          collapsed: true,
          children: [
            {
              label: 'Geo',
              href: '/docs/api/namespaces/Geo',
              collapsed: true,
              children: [{ label: 'Functions', href: undefined, collapsed: true, children: ['/docs/api/namespaces/Geo/functions/dist'] }],
            },
          ],
        },
        { label: 'Enumerations', href: undefined, collapsed: true, children: ['/docs/api/enumerations/Color'] },
        { label: 'Functions', href: undefined, collapsed: true, children: ['/docs/api/functions/run'] },
        { label: 'Interfaces', href: undefined, collapsed: true, children: ['/docs/api/interfaces/Opts'] },
      ],
    });
  });
});
