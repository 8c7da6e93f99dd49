#!/usr/bin/env node
// This site, cold, with folio and with Docusaurus 3.5.2 in the same run (issue #17: folio ≤ 1/10 of
// Docusaurus's wall). Docusaurus builds the same docs and blog folders and static files, and the API
// reference as markdown that typedoc-plugin-markdown writes before the timed build (Docusaurus has no
// typedoc of its own); folio's timed build takes typedoc's model from the site's committed snapshot
// (content/api/api-model.json, `api.snapshot`), and is measured again with FOLIO_API_SNAPSHOT=0, which
// runs typedoc in the timed build. The home page is folio's (.tsx written
// for folio), so Docusaurus builds without pages. Rounds alternate the tools; the figures are medians.
//
//   node bench/docusaurus-site.mjs [--rounds 3] [--json]
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emptyTrash, fmt, folioBin, median, setAside, timed } from './lib.mjs';
import { DOCUSAURUS_VERSION, ensureDocusaurus } from './peers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = path.join(root, 'bench/.work');
const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 3;

const CONFIG = `module.exports = {
  title: 'The Codegen Project',
  tagline: 'Next-gen code generator',
  url: 'https://the-codegen-project.org',
  baseUrl: '/',
  onBrokenLinks: 'warn',
  onBrokenMarkdownLinks: 'warn',
  onBrokenAnchors: 'warn',
  presets: [['classic', {
    docs: { path: 'docs', routeBasePath: '/docs' },
    blog: { path: 'blog', showReadingTime: true, postsPerPage: 10, blogSidebarCount: 5 },
    pages: false,
  }]],
  themeConfig: {
    navbar: { items: [{ type: 'docSidebar', sidebarId: 'defaultSidebar', label: 'Docs', position: 'left' }, { to: '/blog', label: 'Blog' }] },
  },
};
`;

/** The Docusaurus copy of this site: content/docs, content/blog, content/static and the API as markdown. */
function prepareDocusaurusSite(docusaurusDir) {
  const site = path.join(work, 'docusaurus-site');
  rmSync(site, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  cpSync(path.join(root, 'content/docs'), path.join(site, 'docs'), { recursive: true });
  cpSync(path.join(root, 'content/blog'), path.join(site, 'blog'), { recursive: true });
  cpSync(path.join(root, 'content/static'), path.join(site, 'static'), { recursive: true });
  writeFileSync(path.join(site, 'docusaurus.config.js'), CONFIG);
  writeFileSync(path.join(site, 'package.json'), JSON.stringify({ name: 'codegen-docusaurus', private: true }));
  symlinkSync(path.join(docusaurusDir, 'node_modules'), path.join(site, 'node_modules'));
  const api = path.join(root, 'content/api');
  timed(path.join(docusaurusDir, 'node_modules/.bin/typedoc'), [
    '--plugin',
    'typedoc-plugin-markdown',
    '--entryPoints',
    path.join(api, 'src/index.ts'),
    '--tsconfig',
    path.join(api, 'tsconfig.json'),
    '--readme',
    path.join(api, 'README.md'),
    '--entryFileName',
    'index.md',
    '--out',
    path.join(site, 'docs/api'),
    '--logLevel',
    'Error',
  ]);
  return site;
}

export function measureAgainstDocusaurus() {
  const docusaurusDir = ensureDocusaurus(work);
  const site = prepareDocusaurusSite(docusaurusDir);
  const outDir = path.join(work, 'site-out');
  const folio = [];
  const folioTypedoc = [];
  const docusaurus = [];
  for (let round = 0; round < rounds; round++) {
    setAside([path.join(root, '.folio-cache'), outDir]);
    folio.push(timed(process.execPath, [folioBin, 'build', '--root', root, '--out', outDir, '--quiet']));
    setAside([path.join(root, '.folio-cache'), outDir]);
    folioTypedoc.push(
      timed(process.execPath, [folioBin, 'build', '--root', root, '--out', outDir, '--quiet'], { env: { ...process.env, FOLIO_API_SNAPSHOT: '0' } }),
    );
    setAside(['build', '.docusaurus', 'node_modules/.cache'].map((cache) => path.join(site, cache)));
    docusaurus.push(timed(path.join(docusaurusDir, 'node_modules/.bin/docusaurus'), ['build'], { cwd: site }));
    if (!existsSync(path.join(site, 'build/docs/api/index.html'))) throw new Error('Docusaurus built no API reference page');
  }
  const wall = (runs) => median(runs.map((run) => run.wall));
  const cpu = (runs) => median(runs.map((run) => run.cpu ?? Number.NaN));
  return {
    rounds,
    folio: { wall: wall(folio), cpu: cpu(folio) },
    folioTypedoc: { wall: wall(folioTypedoc), cpu: cpu(folioTypedoc) },
    docusaurus: { wall: wall(docusaurus), cpu: cpu(docusaurus), version: DOCUSAURUS_VERSION },
    ratio: wall(folio) / wall(docusaurus),
    ratioTypedoc: wall(folioTypedoc) / wall(docusaurus),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = measureAgainstDocusaurus();
  emptyTrash();
  if (process.argv.includes('--json')) console.log(JSON.stringify(result));
  else {
    console.log(`This site, cold, ${result.rounds} alternating rounds (medians):`);
    console.log(`  folio                ${fmt(result.folio.wall)} wall   ${fmt(result.folio.cpu)} CPU`);
    console.log(`  folio, typedoc run   ${fmt(result.folioTypedoc.wall)} wall   ${fmt(result.folioTypedoc.cpu)} CPU  (FOLIO_API_SNAPSHOT=0)`);
    console.log(`  Docusaurus ${result.docusaurus.version}     ${fmt(result.docusaurus.wall)} wall   ${fmt(result.docusaurus.cpu)} CPU`);
    console.log(`  folio / Docusaurus   ${result.ratio.toFixed(3)} of its wall (target ≤ 0.10); ${result.ratioTypedoc.toFixed(3)} with typedoc run`);
  }
}
