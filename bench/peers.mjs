// The peer generators of the comparison benchmark: Hugo (Debian's apt) and
// Eleventy 3 (npm), each set up with a minimal layout that writes one HTML
// page per markdown file with its code highlighted. Installed here, by the
// benchmark itself, never by the test suite.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function ensureHugo() {
  if (spawnSync('hugo', ['version']).status === 0) return true;
  if (process.getuid?.() !== 0) {
    console.warn('bench: hugo is missing and we are not root; install it with `apt-get install hugo`');
    return false;
  }
  console.log('bench: installing hugo from Debian packages');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'hugo'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return spawnSync('hugo', ['version']).status === 0;
}

export function hugoVersion() {
  return (spawnSync('hugo', ['version'], { encoding: 'utf8' }).stdout || '').split(' ').slice(0, 2).join(' ').trim();
}

/** Installs Eleventy 3 and its syntax highlighting plugin into workDir/peers. */
export function ensureEleventy(workDir) {
  const dir = path.join(workDir, 'peers');
  const bin = path.join(dir, 'node_modules/.bin/eleventy');
  if (existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'folio-bench-peers', private: true, type: 'module' }));
  console.log('bench: installing Eleventy 3 from npm');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', dir, '@11ty/eleventy@3.1.2', '@11ty/eleventy-plugin-syntaxhighlight@5'], {
    stdio: 'inherit',
  });
  return bin;
}

export function eleventyVersion(workDir) {
  try {
    return `Eleventy ${JSON.parse(readFileSync(path.join(workDir, 'peers/node_modules/@11ty/eleventy/package.json'), 'utf8')).version}`;
  } catch {
    return 'Eleventy (not installed)';
  }
}

/** A Hugo site around the corpus: content/docs → the corpus pages. */
export function setupHugo({ siteDir, corpusDocs }) {
  mkdirSync(path.join(siteDir, 'layouts/_default'), { recursive: true });
  mkdirSync(path.join(siteDir, 'content'), { recursive: true });
  if (!existsSync(path.join(siteDir, 'content/docs'))) symlinkSync(corpusDocs, path.join(siteDir, 'content/docs'));
  writeFileSync(
    path.join(siteDir, 'hugo.toml'),
    [
      'baseURL = "https://bench.example/"',
      'title = "Bench"',
      'disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]',
      '[markup.highlight]',
      '  codeFences = true',
      '  noClasses = false',
      '[markup.goldmark.renderer]',
      '  unsafe = true',
      '',
    ].join('\n'),
  );
  const page =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body><main><h1>{{ .Title }}</h1>{{ .Content }}</main></body></html>\n';
  writeFileSync(path.join(siteDir, 'layouts/_default/single.html'), page);
  writeFileSync(
    path.join(siteDir, 'layouts/_default/list.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body>{{ .Content }}</body></html>\n',
  );
}

/** An Eleventy project around the corpus with the Prism syntax highlighter plugin. */
export function setupEleventy({ siteDir, corpusDocs, peersDir }) {
  mkdirSync(path.join(siteDir, '_includes'), { recursive: true });
  if (!existsSync(path.join(siteDir, 'docs'))) symlinkSync(corpusDocs, path.join(siteDir, 'docs'));
  writeFileSync(
    path.join(siteDir, '_includes/page.njk'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title></head><body><main><h1>{{ title }}</h1>{{ content | safe }}</main></body></html>\n',
  );
  writeFileSync(
    path.join(siteDir, 'eleventy.config.mjs'),
    `import syntaxHighlight from ${JSON.stringify(path.join(peersDir, 'node_modules/@11ty/eleventy-plugin-syntaxhighlight/.eleventy.js'))};
export default function (config) {
  config.addPlugin(syntaxHighlight);
  config.addGlobalData('layout', 'page.njk');
  return { dir: { input: '.', includes: '_includes', output: '_site' }, markdownTemplateEngine: false };
}
`,
  );
}

export const DOCUSAURUS_VERSION = '3.5.2';

/**
 * Installs Docusaurus (classic preset) into workDir/docusaurus, with typedoc-plugin-markdown for the
 * API reference of this site as markdown. Returns that folder.
 */
export function ensureDocusaurus(workDir) {
  const dir = path.join(workDir, 'docusaurus');
  if (existsSync(path.join(dir, 'node_modules/.bin/docusaurus')) && existsSync(path.join(dir, 'node_modules/typedoc-plugin-markdown'))) return dir;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'folio-bench-docusaurus', private: true }));
  console.log(`bench: installing Docusaurus ${DOCUSAURUS_VERSION} from npm`);
  // webpack is pinned to a release of Docusaurus 3.5's time: newer 5.x releases changed a module path it requires.
  const packages = [
    `@docusaurus/core@${DOCUSAURUS_VERSION}`,
    `@docusaurus/preset-classic@${DOCUSAURUS_VERSION}`,
    'react@18',
    'react-dom@18',
    'webpack@5.94.0',
    'typedoc@0.28',
    'typedoc-plugin-markdown@4',
    'typescript@5.9',
  ];
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', dir, ...packages], { stdio: 'inherit' });
  return dir;
}
