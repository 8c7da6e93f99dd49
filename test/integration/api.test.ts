/**
 * The API reference feature end to end: typedoc runs on fixture sources with
 * every reflection kind folio renders (api-kinds) and on a real declaration
 * file from node_modules (api-dts); the pages, cross-links, sidebar, TOC,
 * cache, TypeScript-error warnings and the missing-entry-point error are
 * checked on the built output.
 */
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTypedoc } from '../../src/api/run-typedoc.js';
import { isFolioError } from '../../src/errors/index.js';
import type { PageData, SidebarItem } from '../../src/shared/page-data.js';
import { buildSite, fixtureCopies, outExists, readOut, repoRoot, runCli, treeHash, type CapturedBuild } from '../support/fixtures.js';

const fixture = fixtureCopies();

/** The pre-rendered body of a page (what the API components produced). */
function body(root: string, route: string): string {
  const html = readOut(root, `${route.replace(/^\//, '')}/index.html`);
  const start = html.indexOf('data-folio-body=""');
  expect(start).toBeGreaterThan(0);
  return html.slice(start, html.indexOf('<footer', start));
}

/** Body text on one line, without tags and with parameter lists unbroken, to read types and signatures. */
function code(html: string): string {
  return text(html)
    .replace(/\(\s+/g, '(')
    .replace(/,\s*\)/g, ')')
    .replace(/\s+/g, ' ');
}

/** Body text without tags, to read types and signatures. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function pageData(root: string, route: string): PageData {
  const entry = (JSON.parse(readOut(root, 'routes.json')) as { path: string; chunk: string }[]).find((item) => item.path === route);
  expect(entry, route).toBeDefined();
  return JSON.parse(readOut(root, entry!.chunk.replace(/^\//, '')));
}

const KINDS_PAGES = [
  '/docs/api/',
  '/docs/api/classes/Base',
  '/docs/api/classes/Greeter',
  '/docs/api/enumerations/Color',
  '/docs/api/enumerations/Level',
  '/docs/api/functions/greet',
  '/docs/api/functions/hello',
  '/docs/api/functions/parse',
  '/docs/api/interfaces/Doc',
  '/docs/api/interfaces/GreetOptions',
  '/docs/api/interfaces/Node',
  '/docs/api/namespaces/Geometry',
  '/docs/api/namespaces/Geometry/functions/distance',
  '/docs/api/namespaces/Geometry/variables/UNIT',
  '/docs/api/type-aliases/Callback',
  '/docs/api/type-aliases/Event',
  '/docs/api/type-aliases/Point',
  '/docs/api/type-aliases/Shape',
  '/docs/api/variables/VERSION',
  '/docs/api/variables/defaultOptions',
];

describe('api-kinds fixture: every reflection kind', () => {
  let root: string;
  let first: CapturedBuild;

  beforeAll(async () => {
    root = fixture('api-kinds');
    first = await buildSite(root);
  });

  it('runs typedoc, builds one page per export plus the index, with no warnings', () => {
    expect(first.ok, first.stderr).toBe(true);
    expect(first.warnings).toEqual([]);
    expect(first.content?.api?.generated).toBe(true);
    expect([...first.content!.api!.sourceFiles].map((file) => path.relative(root, file)).sort()).toEqual(
      ['aliases.ts', 'classes.ts', 'enums.ts', 'functions.ts', 'index.ts', 'interfaces.ts', 'internal.ts', 'namespace.ts', 'variables.ts']
        .map((name) => `api/src/${name}`)
        .concat('api/tsconfig.json')
        .sort(),
    );
    expect(first.stdout).toMatch(/✓ api \(typedoc\)\s+\S+ m?s\s+generated, 17 exports/);
    const apiRoutes = (JSON.parse(readOut(root, 'routes.json')) as { path: string }[])
      .map((route) => route.path)
      .filter((route) => route.startsWith('/docs/api'));
    expect(apiRoutes.sort()).toEqual([...KINDS_PAGES].sort());
  });

  it('renders a function: signature, parameters with linked types, returns, throws, since, see, example and source link', () => {
    const html = body(root, '/docs/api/functions/greet');
    expect(text(html)).toContain('function greet(name: string, options?: GreetOptions): string');
    expect(html).toContain('<a class="api-type-link tok-type" href="/docs/api/interfaces/GreetOptions">GreetOptions</a>');
    expect(html).toMatch(
      /<td class="api-name-cell"><code>name<\/code><\/td><td class="api-type-cell"><code class="api-type"><span class="tok-kw">string<\/span><\/code><\/td><td><div class="api-doc api-cell-doc"><p>Who to greet\.<\/p>/,
    );
    expect(html).toContain('<code>options?</code>');
    expect(html).toContain('<p>The greeting.</p>');
    expect(html).toContain('<h2 id="throws" class="anchor">Throws');
    expect(html).toContain('<code class="code-nowrap">RangeError</code> when the name is empty.');
    expect(html).toContain('<span class="api-since">Since 1.2.0</span>');
    expect(html).toContain('<a href="/docs/api/functions/parse"><code class="code-nowrap">parse</code></a> for the reverse.');
    expect(html).toMatch(
      /<h2 id="example"[^>]*>Example[\s\S]*<pre class="shiki[^"]*"[^>]*data-language="typescript"><code><span class="line"><span style="--shiki-light:#[0-9A-Fa-f]{6};--shiki-dark:#[0-9A-Fa-f]{6}">greet<\/span>/,
    );
    expect(html).toContain('<strong>markdown</strong>');
    expect(html).toContain('href="https://github.com/example/kinds/blob/main/api/src/functions.ts#L20"');
  });

  it('renders overloads and generics: one section per overload, type parameters with constraint and default', () => {
    const html = body(root, '/docs/api/functions/parse');
    expect(html).toContain('This function has 2 overloads');
    expect(text(html)).toContain('function parse(input: string): Doc');
    expect(code(html)).toContain('function parse<T extends object = object>(input: string, map: (node: Node<string>) => T): Node<T>');
    expect(html).toMatch(/<h2 id="overload-1-parseinput"[^>]*>/);
    expect(html).toMatch(/<h2 id="overload-2-parseinput-map"[^>]*>/);
    expect(html).toMatch(/<h3 id="type-parameters"[^>]*>Type parameters/);
    expect(html).toContain('<p>Type of the mapped values.</p>');
    const toc = (pageData(root, '/docs/api/functions/parse').props as { toc: { id: string; depth: number }[] }).toc;
    expect(toc.map((item) => `${item.depth}:${item.id}`)).toEqual([
      '2:overload-1-parseinput',
      '3:parameters',
      '3:returns',
      '2:overload-2-parseinput-map',
      '3:type-parameters',
      '3:parameters-1',
      '3:returns-1',
    ]);
  });

  it('renders an interface: optional and readonly members as anchored table rows, defaults, methods, index signatures, hierarchy', () => {
    const html = body(root, '/docs/api/interfaces/GreetOptions');
    expect(html).toMatch(
      /<tr id="punctuation"><td class="api-name-cell"><code class="api-member-name">punctuation<\/code><span class="api-badges"><span class="api-badge api-badge-neutral">readonly<\/span><span class="api-badge api-badge-info">optional<\/span>/,
    );
    expect(html).toMatch(/<tr id="shout">[\s\S]*?<strong>Default:<\/strong> <code class="code-nowrap">false<\/code>/);
    expect(html).toMatch(/<tr id="color">[\s\S]*?<a class="api-type-link tok-type" href="\/docs\/api\/enumerations\/Color">Color<\/a>/);
    expect(html).toMatch(/<h3 id="ondone" class="anchor api-method-heading"><code>onDone\(\)<\/code>/);
    const node = body(root, '/docs/api/interfaces/Node');
    expect(text(node)).toContain('interface Node<T = unknown>');
    expect(text(node)).toContain('[key: string]');
    expect(node).toMatch(
      /<dt>Extended by<\/dt><dd><span><code class="api-type"><a class="api-type-link tok-type" href="\/docs\/api\/interfaces\/Doc">Doc<\/a>/,
    );
    expect(text(body(root, '/docs/api/interfaces/Doc'))).toContain('interface Doc extends Node<string>');
  });

  it('renders type aliases: a union, an object type as a table, a union of objects by discriminant, a function type', () => {
    const shape = body(root, '/docs/api/type-aliases/Shape');
    expect(text(shape)).toContain('type Shape = Point | Point[] | "none"');
    expect(shape).toContain('<a class="api-type-link tok-type" href="/docs/api/type-aliases/Point">Point</a>');
    const point = body(root, '/docs/api/type-aliases/Point');
    expect(point).toMatch(/<tr id="y">[\s\S]*?readonly/);
    expect(point).toMatch(/<tr id="label">[\s\S]*?optional/);
    // A type that is not exported is plain text, not a link.
    expect(point).toMatch(/<tr id="settings">[\s\S]*?<span class="tok-type">InternalSettings<\/span>/);
    expect(point).not.toContain('InternalSettings</a>');
    const event = body(root, '/docs/api/type-aliases/Event');
    expect(event).toMatch(/<h2 id="kind-open"[^>]*><code>kind: &quot;open&quot;<\/code>/);
    expect(event).toMatch(/<h2 id="kind-close"[^>]*><code>kind: &quot;close&quot;<\/code>/);
    expect(event).toMatch(/<tr id="reason">/);
    const callback = body(root, '/docs/api/type-aliases/Callback');
    expect(text(callback)).toContain('type Callback<T> = (error: Error | null, value?: T) => void');
    expect(callback).toContain('<p>Set when it failed.</p>');
  });

  it('renders variables, enumerations with values, a class and a namespace', () => {
    expect(text(body(root, '/docs/api/variables/defaultOptions'))).toContain('const defaultOptions: GreetOptions');
    expect(text(body(root, '/docs/api/variables/VERSION'))).toContain('const VERSION: "1.0.0"');
    const color = body(root, '/docs/api/enumerations/Color');
    expect(color).toMatch(/<tr id="green"><td class="api-name-cell"><code class="api-member-name">Green<\/code>[\s\S]*?&quot;green&quot;/);
    expect(color).toMatch(
      /<tr id="lime">[\s\S]*?deprecated[\s\S]*?<a href="\/docs\/api\/enumerations\/Color#green"><code class="code-nowrap">Color.Green<\/code><\/a>/,
    );
    expect(text(body(root, '/docs/api/enumerations/Level'))).toMatch(/Low\s*0[\s\S]*Medium\s*1[\s\S]*High\s*10/);
    const greeter = body(root, '/docs/api/classes/Greeter');
    expect(text(greeter)).toContain('class Greeter<T extends string = string> extends Base');
    expect(text(greeter)).toContain('new Greeter(prefix: string): Greeter<T>');
    expect(greeter).toMatch(/<tr id="count">[\s\S]*?protected[\s\S]*?inherited/);
    expect(greeter).toMatch(/<tr id="size">[\s\S]*?readonly/);
    expect(greeter).toMatch(/<h3 id="create"[^>]*><code>create\(\)<\/code><span class="api-badge api-badge-neutral">static<\/span>/);
    expect(greeter).not.toContain('secret');
    expect(text(body(root, '/docs/api/classes/Base'))).toContain('abstract class Base');
    const geometry = body(root, '/docs/api/namespaces/Geometry');
    expect(geometry).toContain('<a href="/docs/api/namespaces/Geometry/functions/distance" class="api-export-link"><code>distance</code></a>');
    expect(text(body(root, '/docs/api/namespaces/Geometry/functions/distance'))).toContain('function distance(a: number, b: number): number');
  });

  it('shows the readme on the index, then every export by group; the readme title is the page title', () => {
    const html = readOut(root, 'docs/api/index.html');
    expect(html).toContain('<h1 class="doc-title">Kinds reference</h1>');
    expect(html).toContain('<meta name="description" content="Everything the kinds package exports."');
    const index = body(root, '/docs/api/');
    expect(index).toContain('The public API of the <strong>kinds</strong> package.');
    for (const group of ['Namespaces', 'Classes', 'Enumerations', 'Functions', 'Interfaces', 'Type Aliases', 'Variables'])
      expect(index).toContain(`>${group}<a class="hash-link"`);
    expect(index).toContain(
      '<a href="/docs/api/functions/greet" class="api-export-link"><code>greet</code></a></td><td><div class="api-doc api-cell-doc"><p>Greets someone by name.</p>',
    );
    const toc = (pageData(root, '/docs/api/').props as { toc: { text: string }[] }).toc.map((item) => item.text);
    expect(toc).toEqual(['Install', 'Namespaces', 'Classes', 'Enumerations', 'Functions', 'Interfaces', 'Type Aliases', 'Variables']);
  });

  it('puts the reference in the docs sidebar as a category with the groups as sub-categories, with previous/next', () => {
    const sidebar = first.table!.site.docs!.sidebar;
    const api = sidebar.find((item) => item.label === 'Reference') as Extract<SidebarItem, { type: 'category' }>;
    expect(api.href).toBe('/docs/api/');
    expect(api.items.map((item) => item.label)).toEqual(['Namespaces', 'Classes', 'Enumerations', 'Functions', 'Interfaces', 'Type Aliases', 'Variables']);
    const functions = api.items.find((item) => item.label === 'Functions') as Extract<SidebarItem, { type: 'category' }>;
    expect(functions.items).toEqual([
      { type: 'link', label: 'greet', href: '/docs/api/functions/greet', className: 'api-sidebar-item' },
      { type: 'link', label: 'hello', href: '/docs/api/functions/hello', className: 'api-sidebar-item' },
      { type: 'link', label: 'parse', href: '/docs/api/functions/parse', className: 'api-sidebar-item' },
    ]);
    const docsPage = readOut(root, 'docs/index.html');
    expect(docsPage).toContain('href="/docs/api/functions/greet"');
    const page = readOut(root, 'docs/api/functions/greet/index.html');
    expect(page).toMatch(/« Previous[\s\S]*?Color|Level/);
    expect((pageData(root, '/docs/api/functions/greet').props as { previous?: { href: string }; next?: { href: string } }).previous?.href).toBe(
      '/docs/api/enumerations/Level',
    );
    expect((pageData(root, '/docs/api/functions/greet').props as { next?: { href: string } }).next?.href).toBe('/docs/api/functions/hello');
  });

  it('passes the link checker: docs pages link to API pages and member anchors, API pages to each other', () => {
    expect(first.warnings.filter((warning) => warning.code === 'BROKEN_LINK' || warning.code === 'BROKEN_ANCHOR')).toEqual([]);
    expect(body(root, '/docs/')).toContain('href="/docs/api/enumerations/Color#green"');
  });

  it('reports a broken link in a doc comment at the declaration line', async () => {
    const broken = fixture('api-kinds');
    const file = path.join(broken, 'api/src/variables.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('/** The package version. */', '/** The package version, see [the notes](/docs/release-notes). */'));
    const result = await buildSite(broken);
    expect(result.ok).toBe(true);
    // Once on the variable's page and once on the index, which shows its summary: both at the comment's declaration.
    const warnings = result.warnings.filter((item) => item.code === 'BROKEN_LINK');
    expect(warnings.map((warning) => warning.message).sort()).toEqual([
      'broken link on /docs/api/: /docs/release-notes',
      'broken link on /docs/api/variables/VERSION: /docs/release-notes',
    ]);
    for (const warning of warnings) expect(warning.location).toEqual({ file, line: 8, column: 1 });
  });

  describe('cache', () => {
    let second: CapturedBuild;
    beforeAll(async () => {
      // --force: nothing changed, so without it the build would stop at the up-to-date check.
      second = await buildSite(root, { force: true });
    });

    it('does not call typedoc when the sources are unchanged, and builds the same pages', () => {
      expect(second.ok).toBe(true);
      expect(second.content?.api?.generated).toBe(false);
      expect(second.stdout).toMatch(/✓ api \(typedoc\)\s+\S+ m?s\s+cached, 17 exports/);
      expect(second.warnings).toEqual([]);
      expect(body(root, '/docs/api/functions/greet')).toContain('function </span><span class="tok-fn">greet</span>');
    });

    it('runs typedoc again when an imported file (not the entry point) changes', async () => {
      const file = path.join(root, 'api/src/interfaces.ts');
      writeFileSync(file, readFileSync(file, 'utf8').replace('/** Text after the name. */', '/** Text written after the greeted name. */'));
      const third = await buildSite(root);
      expect(third.ok).toBe(true);
      expect(third.content?.api?.generated).toBe(true);
      expect(body(root, '/docs/api/interfaces/GreetOptions')).toContain('Text written after the greeted name.');
      const fourth = await buildSite(root, { force: true });
      expect(fourth.content?.api?.generated).toBe(false);
    });
  });
});

describe('errors in the API sources', () => {
  it('turns a TypeScript error into a warning with file:line and still builds the pages', async () => {
    const root = fixture('api-kinds');
    const entry = path.join(root, 'api/src/index.ts');
    const line = readFileSync(entry, 'utf8').split('\n').length;
    appendFileSync(entry, "export const broken: number = 'text';\n");
    const result = await buildSite(root);
    expect(result.ok, result.stderr).toBe(true);
    const errors = result.warnings.filter((warning) => warning.code === 'API_TYPE_ERROR');
    expect(errors).toHaveLength(1);
    expect(errors[0].location).toEqual({ file: entry, line, column: 14 });
    expect(errors[0].message).toMatch(/^TS2322: Type 'string' is not assignable to type 'number'/);
    expect(result.stderr).toContain(`api/src/index.ts:${line}:14: TS2322`);
    expect(outExists(root, 'docs/api/variables/broken/index.html')).toBe(true);
    expect(outExists(root, 'docs/api/functions/greet/index.html')).toBe(true);
    // The warning is reported again when the model comes from the cache.
    const again = await buildSite(root, { force: true });
    expect(again.content?.api?.generated).toBe(false);
    expect(again.warnings.filter((warning) => warning.code === 'API_TYPE_ERROR')).toEqual(errors);
    // And when nothing changed at all, the up-to-date check replays it.
    const unchanged = await buildSite(root);
    expect(unchanged.upToDate).toBe(true);
    expect(unchanged.warnings.filter((warning) => warning.code === 'API_TYPE_ERROR')).toEqual(errors);
    expect(unchanged.stderr).toContain(`api/src/index.ts:${line}:14: TS2322`);
  });

  it('gives the same pages and warnings, in the same order, when typedoc runs in a worker thread beside the markdown compile (CLI)', async () => {
    const root = fixture('api-kinds');
    appendFileSync(path.join(root, 'api/src/index.ts'), "export const broken: number = 'text';\n");
    appendFileSync(path.join(root, 'content/docs/README.md'), '\nA [missing page](./not-there.md).\n');
    // The CLI (dist/) runs typedoc on a worker thread; through the API from source it runs in this
    // thread (here from the model the CLI cached; the build of every page is its own).
    const cli = runCli(['build', '--root', root, '--out', 'out-cli']);
    expect(cli.status, cli.output).toBe(0);
    expect(cli.output).toMatch(/discoverContent .*API model on its way\n.*api \(typedoc\) .*generated/);
    // A cold build compiled its markdown, also when the final route table (with the API index and its
    // readme) made the markdown pass run again from the cache: it said "0 compiled" then.
    expect(cli.output).toMatch(/compileContent .* [1-9]\d* compiled/);
    const api = await buildSite(root, { outDir: 'out-api' });
    expect(api.ok, api.stderr).toBe(true);
    const lines = (text: string) => text.split('\n').filter((line) => /^warning /.test(line));
    expect(lines(api.stderr).map((line) => line.split(' ')[1])).toEqual(expect.arrayContaining(['API_TYPE_ERROR', 'BROKEN_MARKDOWN_LINK']));
    expect(lines(cli.stderr)).toEqual(lines(api.stderr));
    expect(treeHash(path.join(root, 'out-cli'))).toEqual(treeHash(path.join(root, 'out-api')));
  });

  it('the worker thread (which hands typedoc a TypeScript loaded with require) makes the same model as typedoc run here', async () => {
    const root = fixture('api-kinds');
    appendFileSync(path.join(root, 'api/src/index.ts'), "export const broken: number = 'text';\n");
    const job = { root, entryPoints: [path.join(root, 'api/src/index.ts')], tsconfig: path.join(root, 'api/tsconfig.json') };
    const worker = new Worker(new URL('../../dist/typedoc-worker.mjs', import.meta.url));
    const fromWorker = await new Promise<{ result?: unknown; error?: unknown }>((resolve) => {
      worker.once('message', resolve);
      worker.postMessage({ id: 1, job });
    }).finally(() => worker.terminate());
    expect(fromWorker.error).toBeUndefined();
    const here = await runTypedoc(job);
    // typedoc numbers reflections with a counter of the process: earlier runs in this one moved
    // it, so ids are compared by their order.
    expect(byIdOrder(fromWorker.result)).toBe(byIdOrder(here));
    // The type error is found both ways (the checker is TypeScript's own, whichever way it was loaded).
    expect(JSON.stringify(here.problems)).toContain('TS2322');
  });

  it('asks git nothing: folio makes the source links, and typedoc 0.28 would run git in every repository of the sources', async () => {
    const root = fixture('api-kinds');
    // A repository around the sources (typedoc looks for .git folders), and a git that logs what it is asked.
    mkdirSync(path.join(root, '.git'));
    const bin = path.join(root, 'logging-bin');
    mkdirSync(bin);
    const log = path.join(root, 'git-calls.log');
    writeFileSync(path.join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${log}'\n[ "$1" = "--version" ] && echo "git version 2.0.0" && exit 0\nexit 1\n`, {
      mode: 0o755,
    });
    const job = { root, entryPoints: [path.join(root, 'api/src/index.ts')], tsconfig: path.join(root, 'api/tsconfig.json') };
    const pathBefore = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${pathBefore}`;
    let run: Awaited<ReturnType<typeof runTypedoc>>;
    try {
      run = await runTypedoc(job);
    } finally {
      process.env.PATH = pathBefore;
    }
    const asked = existsSync(log)
      ? readFileSync(log, 'utf8')
          .split('\n')
          .filter((line) => line && line !== '--version')
      : [];
    expect(asked).toEqual([]);
    // The source links are still there, from folio's template.
    expect(JSON.stringify(run.project)).toMatch(/"url":"api\/src\/[\w/.-]+\.ts#L\d+"/);
  });

  it('builds the same files, names included, from two checkouts of the site in different folders', async () => {
    const first = fixture('api-kinds');
    const second = path.join(fixture('api-kinds'), 'deeper', 'checkout');
    cpSync(path.join(repoRoot, 'test/fixtures/api-kinds'), second, { recursive: true });
    for (const root of [first, second]) expect((await buildSite(root)).ok).toBe(true);
    const names = (root: string) => readdirSync(path.join(root, 'out/assets/data')).sort();
    // The API pages' data files are named by their route keys: those came from absolute paths.
    expect(names(first).filter((name) => name.startsWith('docs_api')).length).toBeGreaterThan(5);
    expect(names(second)).toEqual(names(first));
    expect(readOut(second, 'routes.json')).toBe(readOut(first, 'routes.json'));
    expect(treeHash(path.join(second, 'out'))).toEqual(treeHash(path.join(first, 'out')));
  });

  it('fails with API_ENTRY_MISSING at the config line when an entry point does not exist', async () => {
    const root = fixture('api-kinds');
    const config = path.join(root, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("entryPoints: ['api/src/index.ts']", "entryPoints: ['api/src/missing.ts']"));
    const result = await buildSite(root);
    expect(result.ok).toBe(false);
    expect(isFolioError(result.error) && result.error.code).toBe('API_ENTRY_MISSING');
    expect(isFolioError(result.error) && result.error.location).toEqual({ file: config, line: 9 });
    const cli = runCli(['build', '--root', root]);
    expect(cli.status).not.toBe(0);
    expect(cli.output).toContain('API_ENTRY_MISSING');
    expect(cli.output).toContain('site.config.ts:9: api.entryPoints "api/src/missing.ts" does not exist');
    expect(cli.output).not.toMatch(/\n\s+at /);
  });

  it('fails with API_README_MISSING when the readme does not exist', async () => {
    const root = fixture('api-kinds');
    const config = path.join(root, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("readme: 'api/README.md'", "readme: 'api/INTRO.md'"));
    const result = await buildSite(root);
    expect(result.ok).toBe(false);
    expect(isFolioError(result.error) && result.error.code).toBe('API_README_MISSING');
    expect(isFolioError(result.error) && result.error.location).toEqual({ file: config, line: 12 });
  });
});

describe('api-dts fixture: a declaration file nobody here wrote (js-yaml)', () => {
  const dts = path.join(repoRoot, 'node_modules/js-yaml/dist/js-yaml.d.ts');
  let root: string;
  let result: CapturedBuild;

  beforeAll(async () => {
    root = fixture('api-dts');
    const config = path.join(root, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("'../../../node_modules/js-yaml/dist/js-yaml.d.ts'", JSON.stringify(dts)));
    result = await buildSite(root);
  });

  it('builds with no errors and no TypeScript or typedoc problems', () => {
    expect(result.ok, result.stderr).toBe(true);
    const codes = new Set(result.warnings.map((warning) => warning.code));
    expect(codes.has('API_TYPE_ERROR')).toBe(false);
    expect(codes.has('API_DOC_WARNING')).toBe(false);
    // js-yaml's comments link to its repository's docs folder, which the package does not ship: reported, at the declaration.
    for (const warning of result.warnings) {
      expect(warning.code).toBe('BROKEN_MARKDOWN_LINK');
      expect(warning.location?.file).toBe(dts);
    }
  });

  it('gives every export of the declaration file a page', () => {
    const source = readFileSync(dts, 'utf8');
    const exported = [...source.matchAll(/^export (?:type )?\{([^}]*)\}/gm)].flatMap((match) =>
      match[1]
        .split(',')
        .map(
          (name) =>
            name
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)
              .pop()!,
        )
        .filter(Boolean),
    );
    expect(exported.length).toBeGreaterThan(50);
    const routes = (JSON.parse(readOut(root, 'routes.json')) as { path: string }[]).map((route) => route.path);
    const missing = exported.filter((name) => !routes.some((route) => /^\/docs\/api\/[a-z-]+\/[^/]+$/.test(route) && route.endsWith(`/${name}`)));
    expect(missing).toEqual([]);
    expect(routes.filter((route) => route.startsWith('/docs/api/')).length).toBe(exported.length + 1);
  });

  it('renders its overloads, classes and cross-links', () => {
    const loadAll = body(root, '/docs/api/functions/loadAll');
    expect(loadAll).toMatch(/This function has \d+ overloads/);
    expect(loadAll).toContain('<a class="api-type-link tok-type" href="/docs/api/interfaces/LoadOptions">LoadOptions</a>');
    expect(text(body(root, '/docs/api/classes/YAMLException'))).toContain('class YAMLException extends Error');
    expect(body(root, '/docs/api/classes/YAMLException')).toContain('<span class="tok-type">Error</span>');
  });
});

/** A typedoc model as JSON with every reflection id (and reference to one) replaced by its rank among the ids. */
function byIdOrder(model: unknown): string {
  const ids: number[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === 'id' && typeof child === 'number') ids.push(child);
        collect(child);
      }
    }
  };
  collect(model);
  const rank = new Map([...new Set(ids)].sort((a, b) => a - b).map((id, i) => [id, i]));
  const renumber = (id: unknown) => (typeof id === 'number' && rank.has(id) ? `#${rank.get(id)}` : id);
  return JSON.stringify(model, (key, value) => {
    if (key === 'id' || key === 'target') return renumber(value);
    if (key === 'children' && Array.isArray(value) && value.every((item) => typeof item === 'number')) return value.map(renumber);
    if (key === 'symbolIdMap' && value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([id, symbol]) => [renumber(Number(id)), symbol]));
    if (key === 'reflections' && value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([file, id]) => [file, renumber(id)]));
    return value;
  });
}
