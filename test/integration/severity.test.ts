/**
 * The `onBroken*` and `onDuplicateRoutes` options, with Docusaurus's values:
 * `ignore` drops the problem, `log` prints it as information, `warn` prints a
 * warning (counted, fails --strict), `throw` fails `folio build`, listing every
 * offender with its file and line, and leaves the previous output as it was.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runCli, treeHash } from '../support/fixtures.js';

const roots: string[] = [];
afterAll(() => roots.forEach(removeDir));

type Option = 'onBrokenLinks' | 'onBrokenMarkdownLinks' | 'onBrokenAnchors' | 'onDuplicateRoutes';

/** A small site with one problem of each kind, on known lines. */
function site(options: Partial<Record<Option, string>>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'folio-severity-'));
  roots.push(root);
  const docs = path.join(root, 'content/docs');
  mkdirSync(docs, { recursive: true });
  const settings = Object.entries(options)
    .map(([key, value]) => `  ${key}: '${value}',`)
    .join('\n');
  writeFileSync(path.join(root, 'site.config.ts'), `export default {\n  title: 'Severities',\n  url: 'https://example.org',\n  docs: {},\n${settings}\n};\n`);
  writeFileSync(
    path.join(docs, 'intro.md'),
    [
      '---',
      'title: Intro',
      '---',
      '',
      'A link to [a page that is not there](/docs/missing-page).',
      '',
      'A link to [a markdown file that is not there](./gone.md).',
      '',
      'A link to [a heading that is not there](/docs/second#no-such-heading).',
      '',
      'Another link to [a second missing page](/docs/also-missing).',
      '',
    ].join('\n'),
  );
  mkdirSync(path.join(root, 'content/pages'), { recursive: true });
  writeFileSync(path.join(root, 'content/pages/index.md'), '# Home\n\nThe home page.\n');
  writeFileSync(path.join(docs, 'second.md'), '---\ntitle: Second\n---\n\n## A heading\n\nText.\n');
  // Two files that claim one route.
  writeFileSync(path.join(docs, 'twin-a.md'), '---\ntitle: Twin A\nslug: /twin\n---\n\nOne.\n');
  writeFileSync(path.join(docs, 'twin-b.md'), '---\ntitle: Twin B\nslug: /twin\n---\n\nTwo.\n');
  return root;
}

const problems: Record<Option, { code: string; line: RegExp }> = {
  onBrokenLinks: { code: 'BROKEN_LINK', line: /content\/docs\/intro\.md:5:\d+: broken link on \/docs\/intro: \/docs\/missing-page/ },
  onBrokenMarkdownLinks: { code: 'BROKEN_MARKDOWN_LINK', line: /content\/docs\/intro\.md:7:\d+: .*gone\.md/ },
  onBrokenAnchors: { code: 'BROKEN_ANCHOR', line: /content\/docs\/intro\.md:9:\d+: broken anchor .*no-such-heading/ },
  onDuplicateRoutes: {
    code: 'DUPLICATE_ROUTE',
    line: /content\/docs\/twin-b\.md: route \/docs\/twin is produced twice: by content\/docs\/twin-a\.md and by content\/docs\/twin-b\.md/,
  },
};

describe.each(Object.keys(problems) as Option[])('%s', (option) => {
  const { code, line } = problems[option];

  it("'warn' (the default) prints a warning with its place and a hint, and the build succeeds", () => {
    const root = site({});
    const result = runCli(['build'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(new RegExp(`warning ${code} `));
    expect(result.stderr).toMatch(line);
    expect(result.stderr).toMatch(/\n\s+hint /);
  });

  it("'ignore' drops it: not printed, not counted", () => {
    const root = site({ [option]: 'ignore' });
    const result = runCli(['build'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.output).not.toContain(code);
    // The other three kinds are still warned about.
    const others = (Object.keys(problems) as Option[]).filter((other) => other !== option);
    for (const other of others) expect(result.stderr).toContain(`warning ${problems[other].code}`);
  });

  it("'log' prints it as information on stdout, not as a warning", () => {
    const root = site({ [option]: 'log' });
    const result = runCli(['build'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`info ${code} `));
    expect(result.stdout).toMatch(line);
    expect(result.stderr).not.toContain(`warning ${code}`);
  });

  it("'throw' fails the build, lists every offender with file:line, and leaves the last output as it was", () => {
    const root = site({});
    expect(runCli(['build'], { cwd: root }).status).toBe(0);
    const before = treeHash(path.join(root, 'out'));
    writeFileSync(
      path.join(root, 'site.config.ts'),
      readFileSync(path.join(root, 'site.config.ts'), 'utf8').replace('  docs: {},', `  docs: {},\n  ${option}: 'throw',`),
    );
    const result = runCli(['build'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('error WARNINGS_THROW');
    expect(result.stderr).toContain(`${option} is 'throw'`);
    expect(result.stderr).toMatch(line);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    if (option === 'onBrokenLinks') {
      // Every offender, not only the first.
      expect(result.stderr).toContain(`${option} is 'throw': 2 offenders`);
      expect(result.stderr).toMatch(/intro\.md:11:\d+: broken link on \/docs\/intro: \/docs\/also-missing/);
    }
    expect(treeHash(path.join(root, 'out'))).toEqual(before);
  });
});

it('a misspelt severity is a config error naming the option and the values it takes', () => {
  const root = site({ onBrokenLinks: 'fail' });
  const result = runCli(['build'], { cwd: root });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('CONFIG_INVALID');
  expect(result.stderr).toContain('onBrokenLinks');
  expect(result.stderr).toMatch(/ignore.*log.*warn.*throw/);
});

describe("the blog's onInlineTags, onInlineAuthors, onUntruncatedBlogPosts: the same four severities", () => {
  type BlogOption = 'onInlineTags' | 'onInlineAuthors' | 'onUntruncatedBlogPosts';
  function blogSite(options: Partial<Record<BlogOption, string>>): string {
    const root = mkdtempSync(path.join(os.tmpdir(), 'folio-severity-blog-'));
    roots.push(root);
    const blog = path.join(root, 'content/blog');
    mkdirSync(blog, { recursive: true });
    const settings = Object.entries(options)
      .map(([key, value]) => `${key}: '${value}'`)
      .join(', ');
    writeFileSync(
      path.join(root, 'site.config.ts'),
      `export default {\n  title: 'Blog severities',\n  url: 'https://example.org',\n  blog: { ${settings} },\n};\n`,
    );
    writeFileSync(path.join(blog, 'authors.yml'), 'kim:\n  name: Kim Ode\n');
    writeFileSync(path.join(blog, 'tags.yml'), 'release:\n  label: Release\n');
    // Two undeclared tags and an inline author, on known front-matter lines; no truncate marker.
    writeFileSync(
      path.join(blog, '2025-03-01-first.md'),
      '---\ntitle: First\nauthors:\n  - name: Guest Writer\ntags: [release, kafka, nats]\n---\n\nA whole post without a marker.\n',
    );
    writeFileSync(
      path.join(blog, '2025-03-02-second.md'),
      '---\ntitle: Second\nauthors: [kim]\ntags: [release]\n---\n\nShort.\n\n<!-- truncate -->\n\nMore.\n',
    );
    return root;
  }
  const blogProblems: Record<BlogOption, { code: string; line: RegExp }> = {
    onInlineTags: { code: 'INLINE_TAG', line: /content\/blog\/2025-03-01-first\.md:5: tag "kafka" is not declared in tags\.yml/ },
    onInlineAuthors: { code: 'INLINE_AUTHOR', line: /content\/blog\/2025-03-01-first\.md:3: inline author "Guest Writer"/ },
    onUntruncatedBlogPosts: { code: 'UNTRUNCATED_POST', line: /content\/blog\/2025-03-01-first\.md: post has no <!-- truncate --> marker/ },
  };

  it.each(Object.keys(blogProblems) as BlogOption[])("%s: 'log' prints it as information, 'ignore' drops it", (option) => {
    const { code, line } = blogProblems[option];
    const logged = runCli(['build'], { cwd: blogSite({ [option]: 'log' }) });
    expect(logged.status).toBe(0);
    expect(logged.stdout).toMatch(new RegExp(`info ${code} `));
    expect(logged.stdout).toMatch(line);
    expect(logged.stderr).not.toContain(`warning ${code}`);
    const ignored = runCli(['build'], { cwd: blogSite({ [option]: 'ignore' }) });
    expect(ignored.status).toBe(0);
    expect(ignored.output).not.toContain(code);
  });

  it("'throw' fails the build naming the option and every offender, not only the first", () => {
    const result = runCli(['build'], { cwd: blogSite({ onInlineTags: 'throw' }) });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("blog.onInlineTags is 'throw': 2 offenders");
    expect(result.stderr).toMatch(blogProblems.onInlineTags.line);
    expect(result.stderr).toMatch(/first\.md:5: tag "nats" is not declared/);
    // The other kinds stay warnings.
    expect(result.stderr).toContain('warning INLINE_AUTHOR');
  });
});

describe('a site with an API reference (the markdown compiles beside typedoc)', () => {
  it("a problem of the markdown pass set to 'log' is printed as information", () => {
    const root = copyFixture('api-kinds');
    roots.push(root);
    const config = path.join(root, 'site.config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace("  docs: { path: 'content/docs'", "  onBrokenMarkdownLinks: 'log',\n  docs: { path: 'content/docs'"),
    );
    writeFileSync(path.join(root, 'content/docs/guide.md'), '---\ntitle: Guide\n---\n\nSee [the old page](./retired.md).\n');
    const result = runCli(['build'], { cwd: root });
    expect(result.status, result.output).toBe(0);
    expect(result.stdout).toMatch(/info BROKEN_MARKDOWN_LINK .*content\/docs\/guide\.md:5:\d+: .*retired\.md/);
  });
});
