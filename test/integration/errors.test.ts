/**
 * Bad input: each error names the file and line and says what to do; the
 * previous out/ survives a failed build; exit codes; --strict.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSite, copyFixture, removeDir, runCli, treeHash } from '../support/fixtures.js';

let root: string;
beforeEach(() => {
  root = copyFixture('docs-basic');
});
afterEach(() => removeDir(root));

function write(rel: string, text: string): void {
  writeFileSync(path.join(root, rel), text);
}

describe('errors name the file, the line and what to do', () => {
  it('bad YAML front matter', async () => {
    write('content/docs/guides/first.md', '---\ntitle: First guide\nsidebar_position: [1\n---\n\n# Hi\n');
    const result = await buildSite(root);
    expect(result.ok).toBe(false);
    expect(result.stderr).toMatch(/error FRONT_MATTER_SYNTAX Front matter is not valid YAML/);
    expect(result.stderr).toMatch(/content\/docs\/guides\/first\.md:\d+/);
    expect(result.stderr).toMatch(/hint/);
  });

  it('front matter field of the wrong type', async () => {
    write('content/docs/guides/first.md', '---\ntitle: First guide\nsidebar_position: two\n---\n\n# Hi\n');
    const result = await buildSite(root);
    expect(result.ok).toBe(false);
    expect(result.stderr).toMatch(/FRONT_MATTER_INVALID/);
    expect(result.stderr).toMatch(/first\.md:3: "sidebar_position" must be a number, got "two"/);
    expect(result.stderr).toContain('3 | sidebar_position: two');
  });

  it('MDX syntax error with line, column and the offending line', async () => {
    write('content/docs/guides/first.md', '---\ntitle: First guide\n---\n\n# Hi\n\nSome text {broken\n\nmore\n');
    const result = await buildSite(root);
    expect(result.ok).toBe(false);
    expect(result.stderr).toMatch(/error MDX_SYNTAX Markdown\/MDX syntax error/);
    expect(result.stderr).toMatch(/first\.md:\d+:\d+: /);
    expect(result.stderr).toMatch(/hint MDX treats \{ \} and < as code/);
  });

  it('MDX syntax error reports the line of the file, front matter included', async () => {
    write('content/docs/guides/first.md', '---\ntitle: First guide\n---\n\n# Hi\n\n<div>\n\nunclosed\n');
    const result = await buildSite(root);
    expect(result.ok).toBe(false);
    const match = /first\.md:(\d+):(\d+)/.exec(result.stderr);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(7);
  });

  it('a .tsx page without a default export', async () => {
    write('content/pages/broken.tsx', 'export const meta = { title: "Broken" };\nexport function NotDefault() { return null; }\n');
    const result = await buildSite(root);
    expect(result.ok).toBe(false);
    expect(result.stderr).toMatch(/error PAGE_NO_DEFAULT_EXPORT Page component lacks a default export/);
    expect(result.stderr).toMatch(/content\/pages\/broken\.tsx:1: broken\.tsx does not export a default React component/);
  });

  it('a .tsx page, or a module it imports, that throws when it is loaded names that file (it was an internal error)', async () => {
    write('content/pages/helper.ts', 'export const greeting = notDefinedAnywhere.toUpperCase();\n');
    write('content/pages/loud.tsx', 'import { greeting } from "./helper";\nexport default function Loud() { return <p>{greeting}</p>; }\n');
    const before = treeHash(path.join(root, 'out'));
    const result = await buildSite(root);
    expect(result.ok).toBe(false);
    expect(result.stderr).toMatch(/error RENDER_FAILED A page failed to render/);
    expect(result.stderr).toMatch(
      /content\/pages\/helper\.ts: this module threw when it was loaded, before any page rendered: notDefinedAnywhere is not defined/,
    );
    expect(result.stderr).not.toMatch(/INTERNAL|bug in folio/);
    expect(treeHash(path.join(root, 'out'))).toEqual(before);
  });

  it('an unknown or mistyped config key', async () => {
    const config = readFileSync(path.join(root, 'site.config.ts'), 'utf8').replace('tagline:', 'taglin:');
    write('site.config.ts', config);
    const result = await buildSite(root);
    expect(result.ok).toBe(false);
    expect(result.stderr).toMatch(/error CONFIG_INVALID Invalid site configuration/);
    expect(result.stderr).toMatch(/site\.config\.ts:5: unknown key "taglin"/);
    expect(result.stderr).toMatch(/Did you mean "tagline"\?/);
  });

  it('a nested unknown key names its path', async () => {
    const config = readFileSync(path.join(root, 'site.config.ts'), 'utf8').replace("routeBasePath: '/docs'", "routeBase: '/docs'");
    write('site.config.ts', config);
    const result = await buildSite(root);
    expect(result.stderr).toMatch(/unknown key "docs\.routeBase"/);
    expect(result.stderr).toMatch(/Did you mean "routeBasePath"\?/);
  });

  it('a config value of the wrong type', async () => {
    const config = readFileSync(path.join(root, 'site.config.ts'), 'utf8').replace('dismissible: true', "dismissible: 'yes'");
    write('site.config.ts', config);
    const result = await buildSite(root);
    expect(result.stderr).toMatch(/"announcementBar\.dismissible": /);
    expect(result.stderr).toMatch(/site\.config\.ts:\d+/);
  });

  it('a missing config file', async () => {
    rmSync(path.join(root, 'site.config.ts'));
    const result = await buildSite(root);
    expect(result.ok).toBe(false);
    expect(result.stderr).toMatch(/CONFIG_NOT_FOUND/);
  });
});

describe('output safety', () => {
  it('a failed build leaves the previous out/ untouched and no temp folder behind', async () => {
    const first = await buildSite(root);
    expect(first.ok).toBe(true);
    const before = treeHash(path.join(root, 'out'));
    write('content/docs/guides/first.md', '---\ntitle: x\n---\n\n{oops\n');
    const second = await buildSite(root);
    expect(second.ok).toBe(false);
    expect(treeHash(path.join(root, 'out'))).toEqual(before);
    expect(fg.sync('.folio-tmp-*', { cwd: root, onlyDirectories: true, dot: true })).toEqual([]);
  });

  it('building the same input twice gives byte-identical output (cold and warm cache)', async () => {
    await buildSite(root, { outDir: 'out-a', useCache: false });
    await buildSite(root, { outDir: 'out-b' });
    await buildSite(root, { outDir: 'out-c' });
    const a = treeHash(path.join(root, 'out-a'));
    expect(Object.keys(a).length).toBeGreaterThan(20);
    expect(treeHash(path.join(root, 'out-b'))).toEqual(a);
    expect(treeHash(path.join(root, 'out-c'))).toEqual(a);
  });
});

describe('the CLI', () => {
  it('exits 0 with warnings, 1 with --strict, and prints stages and a summary', () => {
    const ok = runCli(['build', '--root', root]);
    expect(ok.status).toBe(0);
    expect(ok.output).toMatch(/✓ renderPages/);
    expect(ok.output).toMatch(/with 4 warnings/);
    const strict = runCli(['build', '--root', root, '--strict', '--out', 'out-strict']);
    expect(strict.status).toBe(1);
    expect(strict.output).toMatch(/STRICT_WARNINGS/);
  });

  it('exits 1 on errors without a stack trace', () => {
    write('content/docs/guides/first.md', '---\nsidebar_position: nope\n---\n# x\n');
    const result = runCli(['build', '--root', root, '--quiet']);
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/FRONT_MATTER_INVALID/);
    expect(result.output).not.toMatch(/\n\s+at /);
    expect(result.output).not.toMatch(/✓ loadConfig/);
  });

  it('refuses a --threads that is not a whole number of 1 or more, before building', () => {
    for (const value of ['0', '-1', '1.5', '2x', 'abc', '']) {
      const result = runCli(['build', '--root', root, '--threads', value]);
      expect(result.status, value).not.toBe(0);
      expect(result.output).toContain(`--threads must be a whole number of 1 or more, got "${value}"`);
      expect(result.output).not.toMatch(/✓ loadConfig/);
    }
  });

  it('has --help and --version', () => {
    const help = runCli(['--help']);
    expect(help.status).toBe(0);
    expect(help.output).toMatch(/Usage: folio/);
    expect(help.output).toMatch(/build/);
    const version = runCli(['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
  });
});
