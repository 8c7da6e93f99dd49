// Compiles folio's own TypeScript (src/) into dist/ with esbuild.
// Dependencies stay external (resolved from node_modules at run time).
import { build } from 'esbuild';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
    packages: 'external',
    jsx: 'automatic',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  const old = `${temp}-old`;
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(temp, dist);
  rmSync(old, { recursive: true, force: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildSelf();
}
