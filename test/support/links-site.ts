/**
 * A small site whose links sit everywhere Docusaurus content puts them
 * (headings, tables, admonitions, footnotes, raw HTML, MDX JSX, blog
 * excerpts) and are written every way (relative .md files, relative URLs,
 * `../`, `pathname://`), some of them broken on purpose. Shared by the
 * integration test (what the build writes and warns) and the Chromium test
 * (what the browser finds behind each link).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The broken links of the site, as the build reports them: `file:line: message`. */
export const EXPECTED_BROKEN = [
  'content/blog/2024-02-01-first.md:10:17: broken link on /blog/first: /blog/nowhere',
  'content/docs/usage.md:27:25: broken link on /docs/usage: /getting-started',
  'content/docs/usage.md:29:24: broken link on /docs/usage: /docs/usage/settings',
  'content/docs/usage.md:31:21: pathname:// link on /docs/usage names no file of the output: /downloads/missing.zip',
];

export function writeLinksSite(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'folio-links-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write(
    'site.config.ts',
    `export default {
  title: 'Link Lab',
  url: 'https://links.example.org',
  docs: {},
  blog: { postsPerPage: 5 },
  footer: { copyright: 'Made by the <a href="/docs/">lab crew</a>' },
};
`,
  );
  write('content/pages/index.md', '# Link Lab\n\nStart with [the docs](/docs/).\n');
  write('content/static/files/notes.txt', 'plain notes\n');
  write('content/docs/README.md', ['---', 'title: Overview', '---', '', 'Read [the usage page](./usage) or [the guide](guides/walkthrough).', ''].join('\n'));
  write(
    'content/docs/usage.md',
    [
      '---', // 1
      'title: Usage',
      '---',
      '',
      '## [Settings](./settings.md)', // 5
      '',
      '| what | where |',
      '| --- | --- |',
      '| a table cell | [settings](./settings.md#colours) |',
      '', // 10
      ':::tip',
      '',
      'An admonition links to [the overview](../docs/).',
      '',
      ':::', // 15
      '',
      'A footnote says more.[^more]',
      '',
      '[^more]: See [the walkthrough](./guides/walkthrough).',
      '', // 20
      '<p>Raw HTML: <a href="./settings.md">settings again</a> and <a href=\'../blog\'>the blog</a>.</p>',
      '',
      'A sibling by URL: [settings](./settings) and [the blog](../blog).',
      '',
      'A file of the output: [notes](pathname:///files/notes.txt) and [the feed](pathname:///blog/rss.xml).', // 25
      '',
      'Gone one level too far: [getting started](../getting-started).',
      '',
      'A page below this one: [nothing](./usage/settings).',
      '', // 30
      'A missing download: [zip](pathname:///downloads/missing.zip).',
      '',
      '<p class="figure"><img src="./kettle.svg" alt="a kettle, in HTML" /></p>',
      '',
      '## ![kettle](./kettle.svg) A heading with a picture', // 35
      '',
    ].join('\n'),
  );
  write('content/docs/kettle.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>\n');
  write('content/docs/settings.md', ['---', 'title: Settings', '---', '', '## Colours', '', 'Pick two.', ''].join('\n'));
  write('content/docs/getting-started.md', ['---', 'title: Getting started', '---', '', 'Back to [usage](./usage).', ''].join('\n'));
  write(
    'content/docs/guides/walkthrough.mdx',
    [
      '---',
      'title: Walkthrough',
      '---',
      '',
      'export const Box = ({ children }) => <div className="box">{children}</div>;',
      '',
      '<Box>',
      '',
      'Inside a component: [settings](../settings.md).',
      '',
      '</Box>',
      '',
      // Expression props keep these JSX (not plain HTML): their literal href and src still resolve.
      '<a href="../usage.md" title={"usage"}>usage, as JSX</a> and <a href="../">the docs</a>.',
      '',
      '<img src="../kettle.svg" alt="a kettle, in JSX" style={{ width: 16 }} />',
      '',
    ].join('\n'),
  );
  write(
    'content/blog/2024-02-01-first.md',
    [
      '---', // 1
      'title: First post',
      'slug: first',
      '---',
      '',
      'The [second post](./second) and [all posts](../blog).',
      '',
      '<!-- truncate -->',
      '',
      'After the fold: [nowhere](./nowhere).', // 10
      '',
    ].join('\n'),
  );
  write(
    'content/blog/2024-03-01-second.md',
    ['---', 'title: Second post', 'slug: second', '---', '', 'Back to [the first](./first).', '', '<!-- truncate -->', '', 'More.', ''].join('\n'),
  );
  return root;
}
