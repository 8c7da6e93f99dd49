/**
 * One title rule: a doc's sidebar label, its <title> and its <h1> come from the same
 * reading of its leading `# heading`, whatever inline markup the heading holds.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readOut, removeDir, runCli } from '../support/fixtures.js';

const roots: string[] = [];
afterAll(() => roots.forEach(removeDir));

const headings: Record<string, [string, string]> = {
  'inline-code.md': ['# The `generate` command', 'The generate command'],
  'emphasis.md': ['# Why *typed* payloads **matter**', 'Why typed payloads matter'],
  'link.md': ['# Using [NATS](https://nats.io) channels', 'Using NATS channels'],
  'explicit-id.md': ['# Headers in depth {#headers-deep}', 'Headers in depth'],
  'jsx.mdx': ['# Protocols <Badge>beta</Badge> today', 'Protocols beta today'],
  'html.md': ['# Kafka <em>and</em> MQTT', 'Kafka and MQTT'],
};

it('sidebar label, <title> and <h1> agree for headings with inline code, emphasis, links, ids, JSX and HTML', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'folio-titles-'));
  roots.push(root);
  mkdirSync(path.join(root, 'content/docs'), { recursive: true });
  mkdirSync(path.join(root, 'content/pages'), { recursive: true });
  writeFileSync(path.join(root, 'site.config.ts'), `export default { title: 'Titles', url: 'https://titles.example.org', docs: {} };\n`);
  writeFileSync(path.join(root, 'content/pages/index.md'), '# Titles\n\nHome.\n');
  for (const [file, [heading]] of Object.entries(headings)) {
    const body = file.endsWith('.mdx')
      ? `export const Badge = ({ children }) => <span className="badge">{children}</span>;\n\n${heading}\n\nSome text.\n`
      : `${heading}\n\nSome text.\n`;
    writeFileSync(path.join(root, 'content/docs', file), body);
  }
  const result = runCli(['build'], { cwd: root });
  expect(result.status, result.output).toBe(0);
  for (const [file, [, expected]] of Object.entries(headings)) {
    const html = readOut(root, `docs/${file.replace(/\.mdx?$/, '')}/index.html`);
    const h1 = /<h1 class="doc-title">([^<]*)<\/h1>/.exec(html)?.[1];
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
    const label = /<a[^>]*class="sidebar-link active"[^>]*>([^<]*)<\/a>/.exec(html)?.[1];
    expect({ file, h1, title, label }).toEqual({ file, h1: expected, title: `${expected} | Titles`, label: expected });
  }
});
