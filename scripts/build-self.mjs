// Compiles folio's own TypeScript (src/) into dist/ with esbuild.
// Dependencies stay external (resolved from node_modules at run time), except the small ES-module
// packages of the markdown, HTML and config code (INLINED), which are bundled in.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Packages bundled into dist/ instead of loaded from node_modules: every thread that compiles
 * markdown or reads the config loaded them as hundreds of small module files (zod alone ~100, 57 ms
 * to import; bundled, 28 ms), each resolved, read and compiled on its own. Only ES-module packages
 * that read no file of their own (`import.meta.url`) and that no site's bundle must share with
 * folio: shiki (its WebAssembly file), esbuild (a binary), typedoc, TypeScript, React (one copy for
 * folio's server bundle and the site's pages) and the CommonJS packages stay external.
 */
const KEEP_EXTERNAL = /^(?:shiki|@shikijs\/|esbuild|typedoc|typescript|react|react-dom|scheduler|chokidar|playwright|vitest|@types\/)/;

function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const inlined = new Map();
/** Whether a package is bundled in: an ES-module package (`"type": "module"`) not kept external. */
function inline(name) {
  if (KEEP_EXTERNAL.test(name)) return false;
  let known = inlined.get(name);
  if (known === undefined) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8'));
      known = manifest.type === 'module';
    } catch {
      known = false;
    }
    inlined.set(name, known);
  }
  return known;
}

/** Marks bare imports external unless their package is inlined (esbuild's `packages: 'external'`, with exceptions). */
const dependencies = {
  name: 'folio-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./#]/ }, (args) => {
      if (args.path.startsWith('node:') || args.kind === 'entry-point') return undefined;
      const name = packageOf(args.path);
      return inline(name) ? undefined : { path: args.path, external: true };
    });
  },
};

export async function buildSelf() {
  // Build into a fresh folder and swap it in: no stale chunks pile up in dist/
  // (folio hashes dist/ into its cache keys), and a process running from the
  // old dist/ is not left with half a folder.
  const dist = path.join(root, 'dist');
  const temp = path.join(root, `.dist-${process.pid}-${Date.now()}`);
  await build({
    entryPoints: {
      cli: path.join(root, 'src/cli/index.ts'),
      index: path.join(root, 'src/index.ts'),
      'compile-worker': path.join(root, 'src/markdown/compile-worker.ts'),
      'typedoc-worker': path.join(root, 'src/api/typedoc-worker.ts'),
      'search-worker': path.join(root, 'src/emitters/search/search-worker.ts'),
      'highlight-worker': path.join(root, 'src/markdown/highlight-worker.ts'),
      // The Docusaurus-compatible components MDX pages import (src/markdown/docusaurus.ts maps
      // `@theme/Tabs` to dist/theme/Tabs.mjs); one build, so they share one context module.
      ...Object.fromEntries(
        readdirSync(path.join(root, 'templates/docusaurus'))
          .filter((file) => /\.tsx?$/.test(file))
          .map((file) => [`theme/${file.replace(/\.tsx?$/, '')}`, path.join(root, 'templates/docusaurus', file)]),
      ),
    },
    outdir: temp,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [dependencies],
    jsx: 'automatic',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  const old = `${temp}-old`;
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(temp, dist);
  rmSync(old, { recursive: true, force: true });
  prebuild(dist);
}

/**
 * The default theme's client, search and server bundles, made by building a small site with the
 * new dist/ and kept in dist/prebuilt/ (src/assets/prebuilt.ts): a site that bundles nothing of
 * its own then bundles nothing but its config. A failure leaves folio without them, as it was.
 */
function prebuild(dist) {
  const site = mkdtempSync(path.join(os.tmpdir(), 'folio-prebuild-'));
  try {
    mkdirSync(path.join(site, 'docs'));
    writeFileSync(path.join(site, 'docs', 'index.md'), '---\ntitle: Prebuilt bundles\n---\n\nThe default theme, bundled once.\n');
    writeFileSync(
      path.join(site, 'site.config.ts'),
      "import { defineConfig } from 'folio';\nexport default defineConfig({ title: 'Prebuilt', url: 'https://prebuilt.example', docs: { path: 'docs', routeBasePath: '/docs' } });\n",
    );
    const env = { ...process.env, FOLIO_PREBUILD_DIR: path.join(dist, 'prebuilt') };
    delete env.FOLIO_RENDER_MEMO;
    const run = spawnSync(process.execPath, [path.join(root, 'bin/folio'), 'build', '--root', site, '--quiet'], { env, encoding: 'utf8' });
    const made = existsSync(path.join(dist, 'prebuilt')) ? readdirSync(path.join(dist, 'prebuilt')).filter((file) => file.endsWith('.json')).length : 0;
    if (run.status !== 0 || made < 2)
      console.warn(`build-self: the default theme's bundles were not prebuilt (folio builds them per site)\n${run.stderr || run.stdout}`);
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildSelf();
}
