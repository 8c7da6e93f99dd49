#!/usr/bin/env node
// Builds test/fixtures/docusaurus-compat with real Docusaurus (3.5.2, installed from npm into
// bench/.work/docusaurus on first use) and with folio, and compares what a reader gets: the pages,
// and on each docs page the heading ids, the links and the words of the body. Docusaurus runs with
// every onBroken* option set to 'throw', folio with --strict, so both must find the folder clean.
// Not part of `npm test` (the install is ~200 MB and the Docusaurus build takes ~20-50 s here).
//
//   node bench/docusaurus-parity.mjs        exit code 0 when both agree
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fmt, folioBin, timed } from './lib.mjs';
import { DOCUSAURUS_VERSION as VERSION, ensureDocusaurus } from './peers.mjs';

const repo = new URL('..', import.meta.url).pathname;
const work = path.join(repo, 'bench/.work');
const fixture = path.join(repo, 'test/fixtures/docusaurus-compat');

/** A fresh copy of the fixture's content and components, as the site folder of one tool. */
function copyFixture(target) {
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  for (const name of readdirSync(fixture))
    if (name !== 'out' && name !== '.folio-cache') cpSync(path.join(fixture, name), path.join(target, name), { recursive: true });
}

/** The fixture's site.config.ts, said the Docusaurus way (the same facts, written once here). */
const DOCUSAURUS_CONFIG = `module.exports = {
  title: 'Lantern Docs',
  tagline: 'A small lamp for dark terminals',
  url: 'https://lantern.example.com',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onBrokenMarkdownLinks: 'throw',
  onDuplicateRoutes: 'throw',
  customFields: { release: '2.4' },
  presets: [['classic', {
    docs: { path: 'content/docs', routeBasePath: '/docs' },
    blog: false,
    pages: { path: 'content/pages' },
    theme: { customCss: './src/css/custom.css' },
  }]],
  themeConfig: { navbar: { items: [{ type: 'docSidebar', sidebarId: 'defaultSidebar', label: 'Docs', position: 'left' }] } },
};
`;

function htmlFiles(dir, prefix = '') {
  const found = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...htmlFiles(full, `${prefix}/${name}`));
    else if (name.endsWith('.html')) found.push(`${prefix}/${name}`);
  }
  return found.sort();
}

/** The markdown body of a docs page: Docusaurus's .theme-doc-markdown, folio's [data-folio-body]. */
function bodyOf(html, tool) {
  const marker = tool === 'docusaurus' ? html.indexOf('theme-doc-markdown') : html.indexOf('data-folio-body');
  const start = html.indexOf('>', marker) + 1;
  const end = tool === 'docusaurus' ? html.indexOf('</article>', start) : html.indexOf('<footer class="doc-footer"', start);
  return (
    html
      .slice(start, end)
      // Lazy Tabs panels: Docusaurus leaves them out, folio keeps them as inert templates.
      .replace(/<template data-folio-lazy[\s\S]*?<\/template>/g, '')
      // The title (inside Docusaurus's body, above folio's) and the copy buttons' labels.
      .replace(/<h1[\s\S]*?<\/h1>|<button[^>]*code-copy[\s\S]*?<\/button>/g, ' ')
  );
}

function facts(html, tool) {
  const body = bodyOf(html, tool);
  const text = body
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;|&#x22;/g, '"')
    .replace(/&amp;/g, '&');
  return {
    ids: [...body.matchAll(/<h[2-6][^>]*\sid="([^"]+)"/g)].map((match) => match[1]),
    links: [...new Set([...body.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1]))].filter((href) => !href.startsWith('#')).sort(),
    words: text.split(/[^\p{L}\p{N}]+/u).filter(Boolean),
  };
}

const docusaurusDir = ensureDocusaurus(work);
const dSite = path.join(work, 'parity-docusaurus');
const fSite = path.join(work, 'parity-folio');
copyFixture(dSite);
copyFixture(fSite);
writeFileSync(path.join(dSite, 'docusaurus.config.js'), DOCUSAURUS_CONFIG);
writeFileSync(path.join(dSite, 'package.json'), JSON.stringify({ name: 'lantern', private: true }));
execFileSync('ln', ['-s', path.join(docusaurusDir, 'node_modules'), path.join(dSite, 'node_modules')]);

const problems = [];
let dTime;
let fTime;
try {
  dTime = timed(path.join(docusaurusDir, 'node_modules/.bin/docusaurus'), ['build', '--no-minify'], { cwd: dSite }).wall;
} catch (error) {
  problems.push(`Docusaurus did not build the fixture: ${String(error.message).split('\n').slice(-12).join('\n')}`);
}
try {
  fTime = timed(process.execPath, [folioBin, 'build', '--strict'], { cwd: fSite }).wall;
} catch (error) {
  problems.push(`folio did not build the fixture with --strict: ${error.message}`);
}

if (problems.length === 0) {
  const dPages = htmlFiles(path.join(dSite, 'build'));
  // folio adds its search page; Docusaurus has no built-in search.
  const fPages = htmlFiles(path.join(fSite, 'out')).filter((page) => page !== '/search/index.html');
  if (dPages.join() !== fPages.join()) problems.push(`pages differ:\n  Docusaurus ${dPages.join(' ')}\n  folio      ${fPages.join(' ')}`);
  for (const page of dPages.filter((file) => file.startsWith('/docs/'))) {
    const d = facts(readFileSync(path.join(dSite, 'build', page), 'utf8'), 'docusaurus');
    const f = facts(readFileSync(path.join(fSite, 'out', page), 'utf8'), 'folio');
    if (d.ids.join() !== f.ids.join()) problems.push(`${page}: heading ids differ: Docusaurus [${d.ids}], folio [${f.ids}]`);
    if (d.links.join() !== f.links.join()) problems.push(`${page}: links differ: Docusaurus [${d.links}], folio [${f.links}]`);
    const fWords = new Set(f.words);
    const dWords = new Set(d.words);
    const missing = [...dWords].filter((word) => !fWords.has(word));
    const extra = [...fWords].filter((word) => !dWords.has(word));
    if (missing.length > 0 || extra.length > 0) problems.push(`${page}: words only in Docusaurus [${missing}], only in folio [${extra}]`);
  }
  console.log(`parity: ${dPages.length} pages; Docusaurus ${VERSION} built in ${fmt(dTime)}, folio in ${fmt(fTime)} (cold, this fixture)`);
}

if (problems.length > 0) {
  console.log(`parity: ${problems.length} difference(s)`);
  for (const problem of problems) console.log(`- ${problem}`);
  process.exit(1);
}
console.log('parity: same pages, heading ids, links and words of every docs page');
