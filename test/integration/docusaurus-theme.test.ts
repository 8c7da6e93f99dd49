/**
 * Docusaurus theme components in MDX (#14), on test/fixtures/docusaurus-compat: `@theme/…`,
 * `@docusaurus/…` and `@site/…` imports resolve to folio's implementations and render without
 * JavaScript; magic comments highlight code; an import folio does not provide is a clear error.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BuildSession } from '../../src/build/session.js';
import { createLogger } from '../../src/core/logger.js';
import { fixtureCopies, readOut, runCli } from '../support/fixtures.js';

const fixture = fixtureCopies();
const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

/** The body of a built page (what MarkdownBody renders). */
function body(root: string, page: string): string {
  const html = readOut(root, `${page}/index.html`);
  return html.slice(html.indexOf('data-folio-body'), html.indexOf('</article>') > 0 ? html.indexOf('</article>') : undefined);
}

/** The lines of each code block, `*` before the highlighted ones. */
function codeLines(html: string): string[][] {
  return [...html.matchAll(/<pre [^>]*><code>([\s\S]*?)<\/code><\/pre>/g)].map(([, code]) =>
    code.split('\n').map((line) => `${line.startsWith('<span class="line highlighted">') ? '*' : ''}${line.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'")}`),
  );
}

describe('the docusaurus-compat fixture', () => {
  let root: string;
  let result: ReturnType<typeof runCli>;
  beforeAll(() => {
    root = fixture('docusaurus-compat');
    result = runCli(['build', '--strict'], { cwd: root });
  });

  it('builds with --strict and no warning', () => {
    expect(result.status, result.output).toBe(0);
    expect(result.output).toContain('with 0 warnings');
  });

  it('renders Tabs with the default tab shown and the others hidden, fenced code inside them highlighted', () => {
    const html = body(root, 'docs/install');
    const first = html.slice(html.indexOf('data-tabs'), html.indexOf('id="checking-the-install"'));
    expect(first).toContain('data-group-id="package-manager" data-query-string="package-manager"');
    expect([...first.matchAll(/role="tab"[^>]*aria-selected="(true|false)"[^>]*data-value="(\w+)"/g)].map(([, on, value]) => `${value}:${on}`)).toEqual([
      'npm:false',
      'yarn:true',
      'pnpm:false',
    ]);
    expect(
      [...first.matchAll(/role="tabpanel"[^>]*data-value="(\w+)"( hidden="")?/g)].map(([, value, hidden]) => `${value}:${hidden ? 'hidden' : 'shown'}`),
    ).toEqual(['npm:hidden', 'yarn:shown', 'pnpm:hidden']);
    expect(first.match(/class="shiki /g)).toHaveLength(3);
    // Without a TabItem marked default, the first tab is the default.
    const usage = body(root, 'docs/usage');
    expect(usage).toMatch(/aria-selected="true" tabindex="0" data-value="short"/);
  });

  it('renders CodeBlock like fenced code, Admonition like :::tip, Details, TOCInline, BrowserOnly, Link and the site hooks', () => {
    const html = body(root, 'docs/install');
    expect(html).toContain('<div class="code-block language-typescript"><div class="code-title">lantern.config.ts</div>');
    // MDX itself strips the indentation of a template literal's lines inside JSX (as in Docusaurus).
    expect(codeLines(html).at(-1)).toEqual(['export default {', "*theme: 'amber',", '};']);
    expect(html).toContain(
      '<div class="admonition admonition-tip" role="note"><div class="admonition-heading">Dim terminals</div><div class="admonition-content">',
    );
    expect(html).toContain('<details><summary>Why a global install?</summary><div class="details-content">Lantern wraps other commands');
    expect(html).toContain(
      '<nav class="toc-inline" aria-label="On this page"><ul><li><a href="#with-a-package-manager">With a package manager</a></li><li><a href="#checking-the-install">Checking the install</a><ul><li><a href="#a-first-configuration">A first configuration</a></li></ul></li></ul></nav>',
    );
    expect(html).toContain('<span id="browser-only">Shown without a browser.</span>');
    expect(html).not.toContain('window.innerWidth');
    expect(html).toContain('<strong id="release">Release 2.4 of Lantern Docs</strong>');
    expect(html).toContain('Welcome aboard, reader!');
    expect(html).toContain('<a href="/docs/usage">usage guide</a>');
    expect(html).toContain('<a href="/docs/intro">introduction</a>');
    expect(html).not.toContain('data-folio-code');
  });

  it('puts the panels of a lazy Tabs block other than the default in inert templates, and checks their links and ids', () => {
    const html = body(root, 'docs/shells');
    expect(html).toContain('data-value="bash">Add <code');
    expect(html).toMatch(/data-value="fish" hidden=""><template data-folio-lazy=""><h3 id="fish-setup"[^>]*>Fish setup/);
    expect(html).toContain('<a href="#completions">');
    const copy = fixture('docusaurus-compat');
    const page = path.join(copy, 'content/docs/shells.mdx');
    writeFileSync(
      page,
      readFileSync(page, 'utf8')
        .replace('[usage guide](/docs/usage)', '[usage guide](/docs/usage-gone)')
        .replace('[its own section](#completions)', '[its own section](#completions), the fish steps are under [Fish setup](#fish-setup)')
        .replace('<h3 id="fish-setup">Fish setup</h3>', '### Fish setup'),
    );
    const broken = runCli(['build'], { cwd: copy });
    expect(broken.status, broken.output).toBe(0);
    // A link inside a lazy panel is checked like any other.
    expect(broken.output).toMatch(/content\/docs\/shells\.mdx:18.*\n?.*\/docs\/usage-gone/);
    // An id inside a lazy panel is not in the document until its tab is chosen, so a link to it
    // goes nowhere in the browser: a broken anchor, as Docusaurus (which does not render those
    // panels) reports it too; the warning says why.
    expect(broken.output).toMatch(/content\/docs\/shells\.mdx:10.*\n?.*#fish-setup.*inside a lazy Tabs panel/);
    // That one warning only: the table of contents leaves out a markdown heading it could not reach.
    expect(broken.output.match(/#fish-setup/g)).toHaveLength(1);
    const copied = readOut(copy, 'docs/shells/index.html');
    expect(copied).toContain('<h3 id="fish-setup"');
    expect(copied.slice(copied.indexOf('</article>'))).not.toContain('fish-setup');
    expect(copied.slice(copied.indexOf('</article>'))).toContain('href="#completions"');
  });

  it('removes magic comments and highlights their lines, with title and line numbers', () => {
    const html = body(root, 'docs/intro');
    expect(html).toContain('<div class="code-title">lantern.config.js</div>');
    expect(html).toContain('line-numbers');
    expect(html).not.toContain('highlight-');
    expect(codeLines(html)).toEqual([
      ['export default {', "*  theme: 'amber',", '*  glow: 3,', '*  pulse: true,', '  quiet: false,', '};'],
      ['def shine():', '*    return "bright"'],
    ]);
  });

  it('builds a Docusaurus home page: Layout, Link, the site context, a CSS module and an image import', () => {
    const html = readOut(root, 'index.html');
    const hero =
      /<header class="(index_hero_\w+)"><img class="(index_logo_\w+)" src="(\/assets\/media\/lantern-\w+\.webp)" alt="" width="96" height="96"\/><h1>Lantern Docs<\/h1><p class="index_tagline_\w+">A small lamp for dark terminals<\/p><a href="\/docs\/intro" class="index_start_\w+">Get started<\/a><\/header>/.exec(
        html,
      );
    expect(hero, html.slice(html.indexOf('tsx-page'), html.indexOf('tsx-page') + 600)).not.toBeNull();
    const [, heroClass, logoClass, image] = hero!;
    expect(
      readFileSync(path.join(root, 'out', image))
        .subarray(8, 12)
        .toString(),
    ).toBe('WEBP');
    const css = readdirSync(path.join(root, 'out/assets')).filter((file) => file.endsWith('.css'));
    const text = readFileSync(path.join(root, 'out/assets', css[0]), 'utf8');
    expect(text).toContain(`.${heroClass}{padding:48px 24px;text-align:center}`);
    expect(text).toContain(`.${logoClass}{`);
    expect(html).toContain('<title>Home | Lantern Docs</title>');
  });

  it('loads the tabs behaviour as a chunk of its own, which no page names', () => {
    const scripts = [...readOut(root, 'docs/install/index.html').matchAll(/<script type="module" src="([^"]+)"/g)].map(([, src]) => src);
    const chunks = readdirSync(path.join(root, 'out/assets')).filter((file) => file.endsWith('.js'));
    const tabs = chunks.filter((file) => readFileSync(path.join(root, 'out/assets', file), 'utf8').includes('docusaurus.tab.'));
    expect(tabs).toHaveLength(1);
    expect(tabs[0]).not.toMatch(/^client-/);
    expect(scripts.some((src) => src.endsWith(tabs[0]))).toBe(false);
  });

  it('makes what BrowserOnly wraps an island: the fallback in a marker in the HTML, the function in a browser module', () => {
    const html = body(root, 'docs/install');
    const markers = [...html.matchAll(/<(div|span) data-folio-island="(island-[a-z0-9]+\.js)#(\d)">/g)].map(([, tag, file, index]) => ({ tag, file, index }));
    expect(markers.map(({ tag, index }) => `${tag}#${index}`)).toEqual(['div#0', 'div#1']);
    expect(markers[0].file).toBe(markers[1].file);
    expect(html).toContain(
      `<div data-folio-island="${markers[1].file}#1"><p id="screen-fallback">Lantern measures your screen once the page runs in a browser.</p></div>`,
    );
    // The wrapped code runs only in the browser: nothing of it is in the HTML.
    expect(html).not.toContain('pixels wide');
    const island = readFileSync(path.join(root, 'out/assets', markers[0].file), 'utf8');
    expect(island).toContain('pixels wide');
    expect(island).toContain('prefers-color-scheme: dark');
    // The component came along from its relative import; React is the client's, not a copy.
    expect(island).toContain('globalThis.__folioShared.react');
    expect(island).not.toContain('react.production');
    expect(island.length).toBeLessThan(6000);
    // Pages without BrowserOnly have no marker, and no page names the module in a script tag.
    expect(body(root, 'docs/usage')).not.toContain('data-folio-island');
    expect(readOut(root, 'docs/install/index.html')).not.toMatch(/<script[^>]+island-/);
  });

  it('gives Link and useBaseUrl the base URL, and checks a Link to a missing page', () => {
    const site = fixture('docusaurus-compat');
    const config = path.join(site, 'site.config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace("url: 'https://lantern.example.com',", "url: 'https://lantern.example.com',\n  baseUrl: '/lantern/',"),
    );
    let result = runCli(['build', '--strict'], { cwd: site });
    expect(result.status, result.output).toBe(0);
    const html = body(site, 'docs/install');
    expect(html).toContain('<a href="/lantern/docs/usage">usage guide</a>');
    expect(html).toContain('<a href="/lantern/docs/intro">introduction</a>');
    const home = readOut(site, 'index.html');
    expect(home).toMatch(/<img class="index_logo_\w+" src="\/lantern\/assets\/media\/lantern-\w+\.webp"/);
    expect(home).toMatch(/<a href="\/lantern\/docs\/intro" class="index_start_\w+">Get started<\/a>/);
    const page = path.join(site, 'content/docs/install.mdx');
    writeFileSync(page, readFileSync(page, 'utf8').replace('<Link to="/docs/usage">', '<Link to="/docs/missing">'));
    result = runCli(['build'], { cwd: site });
    expect(result.output).toMatch(/warning BROKEN_LINK content\/docs\/install\.mdx:\d+/);
    expect(result.output).toContain('/docs/missing');
  });
});

describe('the theme override seam and customCss', () => {
  it("replaces folio's component on every page, keeps the original reachable, and adds the site's stylesheet after folio's", () => {
    const root = fixture('docusaurus-compat');
    const result = runCli(['build', '--strict'], { cwd: root });
    expect(result.status, result.output).toBe(0);
    for (const page of ['index.html', 'docs/intro/index.html', 'docs/install/index.html', '404.html']) {
      expect(readOut(root, page), page).toMatch(/<p class="lantern-footer-note">Lantern is looked after by volunteers\.<\/p><footer class="footer/);
    }
    const css = readdirSync(path.join(root, 'out/assets')).filter((file) => file.endsWith('.css'));
    expect(css).toHaveLength(1);
    const text = readFileSync(path.join(root, 'out/assets', css[0]), 'utf8');
    expect(text.lastIndexOf('--c-primary: #b5651d')).toBeGreaterThan(text.indexOf('--c-primary: #2e8555'));
  });

  it('takes theme/ before src/theme/, with the component exported by its name', () => {
    const root = fixture('docusaurus-compat');
    mkdirSync(path.join(root, 'theme'));
    writeFileSync(path.join(root, 'theme/Footer.tsx'), 'export function Footer() {\n  return <footer className="plain-footer">Plain footer</footer>;\n}\n');
    const result = runCli(['build', '--strict'], { cwd: root });
    expect(result.status, result.output).toBe(0);
    const html = readOut(root, 'docs/intro/index.html');
    expect(html).toContain('<footer class="plain-footer">Plain footer</footer>');
    expect(html).not.toContain('lantern-footer-note');
  });

  it('refuses a customCss path outside the site or to no file', () => {
    for (const [value, problem] of [
      ['../outside.css', 'is outside the site root'],
      ['src/css/missing.css', 'is not a file'],
      ['site.config.ts', 'is not a .css stylesheet'],
    ]) {
      const root = fixture('docusaurus-compat');
      const config = path.join(root, 'site.config.ts');
      writeFileSync(config, readFileSync(config, 'utf8').replace("customCss: './src/css/custom.css'", `customCss: ['./src/css/custom.css', '${value}']`));
      const result = runCli(['build'], { cwd: root });
      expect(result.status).toBe(1);
      expect(result.output).toContain('error CUSTOM_CSS_INVALID');
      expect(result.output).toContain(`customCss "${value}" ${problem}`);
      expect(result.output).not.toMatch(STACK_LINE);
    }
  });
});

describe("the site's MDX components", () => {
  it('MDXComponents adds components every page may use; @theme/Name imports a component the site provides', () => {
    const root = fixture('docusaurus-compat');
    const result = runCli(['build', '--strict'], { cwd: root });
    expect(result.status, result.output).toBe(0);
    const html = body(root, 'docs/extras');
    expect(html).toContain('Lantern can <mark style="background-color:#ffe58f">pulse</mark> while a command runs.');
    expect(html).toContain('<span class="badge" title="Lantern Docs">new</span>');
    // Spread from @theme-original/MDXComponents: folio's own stay available.
    expect(html).toContain('<details><summary>Which terminals?</summary>');
  });

  it('serve compiles and renders again when a theme file or the site stylesheet changes', async () => {
    const root = fixture('docusaurus-compat');
    const session = new BuildSession({ root, logger: createLogger({ write: () => {}, writeError: () => {} }) });
    expect((await session.build()).ok).toBe(true);
    const change = async (rel: string, from: string, to: string) => {
      const file = path.join(root, rel);
      writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));
      const result = await session.update([{ path: file, type: 'change' }]);
      if (!result.ok) throw result.error;
    };
    await change('src/theme/MDXComponents.jsx', '<mark style', '<mark className="glow" style');
    expect(body(root, 'docs/extras')).toContain('<mark class="glow" style="background-color:#ffe58f">pulse</mark>');
    await change('src/theme/Footer.jsx', 'looked after by volunteers', 'kept alight by volunteers');
    expect(readOut(root, 'docs/intro/index.html')).toContain('Lantern is kept alight by volunteers.');
    await change('src/css/custom.css', '#b5651d', '#8a4b12');
    const css = readdirSync(path.join(root, 'out/assets')).filter((file) => file.endsWith('.css'));
    expect(css.map((file) => readFileSync(path.join(root, 'out/assets', file), 'utf8')).join('')).toContain('--c-primary: #8a4b12');
  });
});

describe('BrowserOnly islands in serve', () => {
  it('an edit of the page writes its new island module and removes the old one; the page names the new one', async () => {
    const root = fixture('docusaurus-compat');
    const session = new BuildSession({ root, logger: createLogger({ write: () => {}, writeError: () => {} }) });
    expect((await session.build()).ok).toBe(true);
    const islands = () => readdirSync(path.join(root, 'out/assets')).filter((file) => file.startsWith('island-'));
    const islandOf = (page: string) => /data-folio-island="(island-[a-z0-9]+\.js)#/.exec(body(root, page))?.[1];
    const change = async (rel: string, from: string, to: string) => {
      const file = path.join(root, rel);
      writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));
      const result = await session.update([{ path: file, type: 'change' }]);
      if (!result.ok) throw result.error;
    };
    const first = islandOf('docs/install');
    expect(islands().sort()).toEqual([first, islandOf('docs/extras')].sort());
    await change('content/docs/install.mdx', "? 'dim' : 'bright'", "? 'low' : 'high'");
    const second = islandOf('docs/install');
    expect(second).not.toBe(first);
    expect(islands()).toContain(second);
    expect(islands()).not.toContain(first);
    expect(readFileSync(path.join(root, 'out/assets', second!), 'utf8')).toContain('"low"');
    expect(readOut(root, 'docs/install/index.html')).toContain(`data-folio-island="${second}#1"`);
  });
});

describe('BrowserOnly islands that cannot be bundled', () => {
  function site(files: Record<string, string>): string {
    const root = fixture('docusaurus-compat');
    for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, file), text);
    return root;
  }
  const page = (island: string) =>
    `# Gauge\n\nimport BrowserOnly from '@docusaurus/BrowserOnly';\n\nSome text.\n\n<BrowserOnly fallback={<p>Static.</p>}>\n  {${island}}\n</BrowserOnly>\n`;

  it('names the file and line of a component the page does not import', () => {
    const root = site({ 'content/docs/gauge.mdx': page('() => <Gauge level={3} />') });
    const result = runCli(['build'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.output).toContain('error ISLAND_BUNDLE');
    expect(result.output).toContain('content/docs/gauge.mdx:8');
    expect(result.output).toContain('renders <Gauge>, which this file neither imports nor declares');
    expect(result.output).not.toMatch(STACK_LINE);
  });

  it('names the file and line when what an island imports does not compile, or lies outside the site', () => {
    let root = site({
      'src/components/Broken.jsx': 'export default function Broken() {\n  return <b>lamp</i>;\n}\n',
      'content/docs/gauge.mdx': page('() => <Broken />').replace('Some text.', "import Broken from '../../src/components/Broken.jsx';"),
    });
    let result = runCli(['build'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.output).toContain('error ISLAND_BUNDLE');
    expect(result.output).toContain('content/docs/gauge.mdx:7');
    expect(result.output).toMatch(/Broken\.jsx:2/);
    expect(result.output).not.toMatch(STACK_LINE);
    const outside = mkdtempSync(path.join(tmpdir(), 'folio-island-outside-'));
    writeFileSync(path.join(outside, 'secret.js'), 'export default "a file of someone else";\n');
    root = site({
      'content/docs/gauge.mdx': page('() => <b>{secret}</b>').replace(
        'Some text.',
        `import secret from ${JSON.stringify(path.relative(path.join(root, 'content/docs'), path.join(outside, 'secret.js')))};`,
      ),
    });
    result = runCli(['build'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.output).toContain('error ISLAND_BUNDLE');
    expect(result.output).toContain('outside the site root');
    const assets = path.join(root, 'out/assets');
    expect(existsSync(assets) ? readdirSync(assets).filter((file) => file.startsWith('island-')) : []).toEqual([]);
    rmSync(outside, { recursive: true, force: true });
  });
});

describe('an import folio does not provide', () => {
  function site(files: Record<string, string>): string {
    const root = fixture('docusaurus-compat');
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    return root;
  }

  it('names the Docusaurus module, the file and the line, and says how to provide it', () => {
    const root = site({
      'content/docs/cards.mdx': '# Cards\n\nimport Tabs from "@theme/Tabs";\nimport DocCardList from "@theme/DocCardList";\n\n<DocCardList />\n',
    });
    const result = runCli(['build'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/error MDX_IMPORT_NOT_FOUND/);
    expect(result.output).toContain('content/docs/cards.mdx:4');
    expect(result.output).toContain('folio does not provide the Docusaurus module @theme/DocCardList');
    expect(result.output).toContain('write it in the site as src/theme/DocCardList.tsx (or theme/)');
    expect(result.output).not.toMatch(STACK_LINE);
  });

  it("names the site's theme file and line when it does not compile", () => {
    const root = site({ 'src/theme/MDXComponents.jsx': 'export default { Highlight: ( };\n' });
    const result = runCli(['build'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.output).toContain('error PAGE_COMPILE');
    expect(result.output).toContain('src/theme/MDXComponents.jsx:1:31: Unexpected "}"');
    expect(result.output).not.toMatch(STACK_LINE);
  });

  it('refuses an @site/ path out of the site, and names a missing one', () => {
    let root = site({ 'content/docs/out.mdx': '# Out\n\nimport x from "@site/../../etc/hostname.js";\n\nText.\n' });
    let result = runCli(['build'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.output).toContain('content/docs/out.mdx:3');
    expect(result.output).toContain('points out of the site root');
    root = site({ 'content/docs/gone.mdx': '# Gone\n\nimport Gone from "@site/src/components/Gone.js";\n\n<Gone />\n' });
    result = runCli(['build'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.output).toContain('there is no src/components/Gone.js in the site root');
    expect(result.output).not.toMatch(STACK_LINE);
  });
});
